package io.sonde.inprocess.run;

import io.sonde.api.Hop;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.HopsByLatency;
import io.sonde.loadgen.record.SeriesTotals;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * The hops of the answers' path as {@code summary.json} lists them ({@link Hop}), in microseconds: where
 * the time between an order's intended start and its answer in Sonde's hands went. The percentiles are the hop's
 * own; {@code atP50} and {@code atP99} are what the answers at the answers' own median and 99th percentile spent in
 * it, on average, and add up over the hops to about those percentiles (see {@link HopsByLatency}).
 */
public final class HopFigures
{
    private static final double NANOS_PER_MICRO = 1000.0;

    private HopFigures()
    {
    }

    /**
     * @param totals    the run's whole-run histograms.
     * @param hops      every hop in path order.
     * @param byLatency the same hops by the answers' latency, each known by its index in {@code hops}.
     * @return the measured hops that hold values, in path order.
     */
    public static List<Hop> of(final SeriesTotals totals, final List<HopSeries> hops,
        final HopsByLatency byLatency)
    {
        final List<Hop> summaries = new ArrayList<>();
        final HopsByLatency.Composition atMedian = byLatency.at(50);
        final HopsByLatency.Composition atTail = byLatency.at(99);
        for (int i = 0; i < hops.size(); i++)
        {
            final HopSeries hop = hops.get(i);
            final Histogram total = totals.get(hop.measured().tag());
            if (total.getTotalCount() > 0)
            {
                summaries.add(new Hop(hop.name(),
                    micros(total.getValueAtPercentile(50)),
                    micros(total.getValueAtPercentile(90)),
                    micros(total.getValueAtPercentile(99)),
                    micros(total.getValueAtPercentile(99.9)),
                    micros(total.getMaxValue()),
                    total.getTotalCount(),
                    meanMicros(atMedian, i),
                    meanMicros(atTail, i)));
            }
        }
        return summaries;
    }

    private static double meanMicros(final HopsByLatency.Composition composition, final int hop)
    {
        return composition == null ? 0 : composition.meanHopNanos()[hop] / NANOS_PER_MICRO;
    }

    private static double micros(final long nanos)
    {
        return nanos / NANOS_PER_MICRO;
    }
}
