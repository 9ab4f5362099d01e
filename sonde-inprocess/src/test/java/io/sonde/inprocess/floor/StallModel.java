package io.sonde.inprocess.floor;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The self-check's orders as the derivation models them, order by order, with no network: one second per interval,
 * 1,000 orders a second half a spacing into each 50 ms stall, at most 8 in flight, each order's base latency drawn
 * at random around {@code baseNanos}. Gives each second's corrected latencies, or its uncorrected ones (from the
 * actual send: an order that waited at the client for room counts only its base).
 */
final class StallModel
{
    private static final long SPACING_NANOS = 1_000_000;
    private static final long STALL_NANOS = 50_000_000;
    private static final int ORDERS_PER_SECOND = 1_000;

    private StallModel()
    {
    }

    /**
     * @param corrected  latency from the intended start (true), or from the actual send (false).
     * @param jitterMean the mean of an exponential jitter added to each order's base; 0 for none.
     */
    static List<Histogram> seconds(final int seconds, final long baseNanos, final long jitterMean,
        final boolean corrected, final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final List<Histogram> intervals = new ArrayList<>();
        for (int second = 0; second < seconds; second++)
        {
            final Histogram interval = new Histogram(3);
            for (int order = 0; order < ORDERS_PER_SECOND; order++)
            {
                final long base = baseNanos + (jitterMean == 0 ? 0 : (long)(-jitterMean * Math.log(
                    1 - random.nextDouble())));
                final long intended = SPACING_NANOS / 2 + order * SPACING_NANOS;
                if (intended >= STALL_NANOS)
                {
                    interval.recordValue(base);
                    continue;
                }
                final long waves = order / StallSelfCheck.WINDOW;
                final boolean sentOnTime = waves == 0;
                final long fromIntended = STALL_NANOS - intended + (waves + 1) * base;
                interval.recordValue(corrected || sentOnTime ? fromIntended : base);
            }
            intervals.add(interval);
        }
        return intervals;
    }
}
