package io.sonde.loadgen.confidence;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Runs of latencies drawn from known distributions, as interval histograms of nanoseconds: what a run's
 * {@code run.hlog} would hold, with the true percentiles known exactly.
 * <p>
 * Every latency is a floor plus an exponential tail. The bursty process is a two-state chain, drawn sample by
 * sample: a fast state (tail mean {@link #FAST_MEAN_US}) and a slow one (tail mean {@link #SLOW_MEAN_US}), left
 * with the given probabilities per sample, and entered at random from its stationary distribution, so each run is
 * a stretch of one stationary process. Its true percentile solves the stationary mixture's distribution function.
 */
final class SimulatedRuns
{
    static final double FLOOR_US = 10;
    static final double FAST_MEAN_US = 50;
    static final double SLOW_MEAN_US = 500;
    private static final double NANOS_PER_MICRO = 1000;

    private final double toSlow;
    private final double toFast;

    /**
     * @param toSlow the chance per sample that a fast stretch ends; 0 for independent samples, all fast.
     * @param toFast the chance per sample that a slow stretch ends.
     */
    SimulatedRuns(final double toSlow, final double toFast)
    {
        this.toSlow = toSlow;
        this.toFast = toFast;
    }

    static SimulatedRuns independent()
    {
        return new SimulatedRuns(0, 1);
    }

    /**
     * @return the stationary share of samples drawn in the slow state.
     */
    double slowShare()
    {
        return toSlow / (toSlow + toFast);
    }

    /**
     * @return one run of {@code intervals} interval histograms of {@code perInterval} samples each.
     */
    List<Histogram> run(final long seed, final int intervals, final int perInterval)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        boolean slow = random.nextDouble() < slowShare();
        final List<Histogram> histograms = new ArrayList<>(intervals);
        for (int interval = 0; interval < intervals; interval++)
        {
            final Histogram histogram = new Histogram(3);
            for (int i = 0; i < perInterval; i++)
            {
                final double mean = slow ? SLOW_MEAN_US : FAST_MEAN_US;
                final double micros = FLOOR_US - mean * Math.log(1 - random.nextDouble());
                histogram.recordValue(Math.round(micros * NANOS_PER_MICRO));
                slow = random.nextDouble() < (slow ? 1 - toFast : toSlow);
            }
            histograms.add(histogram);
        }
        return histograms;
    }

    /**
     * @param percentile in (0, 100).
     * @return the process's true value at the percentile, in nanoseconds.
     */
    double truePercentile(final double percentile)
    {
        final double above = 1 - percentile / 100;
        double low = FLOOR_US;
        double high = FLOOR_US + SLOW_MEAN_US * 100;
        for (int i = 0; i < 200; i++)
        {
            final double middle = (low + high) / 2;
            if (shareAbove(middle) > above)
            {
                low = middle;
            }
            else
            {
                high = middle;
            }
        }
        return (low + high) / 2 * NANOS_PER_MICRO;
    }

    private double shareAbove(final double micros)
    {
        final double tail = micros - FLOOR_US;
        final double slowShare = slowShare();
        return (1 - slowShare) * Math.exp(-tail / FAST_MEAN_US) + slowShare * Math.exp(-tail / SLOW_MEAN_US);
    }
}
