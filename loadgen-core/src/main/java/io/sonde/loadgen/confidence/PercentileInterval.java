package io.sonde.loadgen.confidence;

/**
 * A percentile of a run (or of runs pooled) with its 95 % confidence interval from {@link BlockBootstrap}.
 * <p>
 * Values are in the unit the histograms recorded (nanoseconds for Sonde's latencies). When the samples cannot
 * support the percentile ({@link #supported()} is false) the bounds are the estimate itself and mean nothing:
 * print {@link #shortfall()} instead, never a bare number.
 *
 * @param percentile  in (0, 100], e.g. 99.9.
 * @param estimate    the value at the percentile of every interval added up.
 * @param lower       the lower end of the 95 % interval.
 * @param upper       the upper end of the 95 % interval.
 * @param samples     how many samples the estimate stands on.
 * @param intervals   how many intervals they came in, over every run: what a truncated log still held.
 * @param runs        how many runs were pooled (1 for a single run).
 * @param blocks      how many blocks one resample draws, over every run.
 * @param blockLength how many consecutive intervals one block holds.
 * @param shortfall   why the samples cannot support the percentile, e.g.
 *                    {@code p99.99: 5,000 samples, needs ≥ 100,000}; empty when they can.
 */
public record PercentileInterval(
    double percentile,
    long estimate,
    long lower,
    long upper,
    long samples,
    int intervals,
    int runs,
    int blocks,
    int blockLength,
    String shortfall)
{
    /**
     * @return true when the interval means something: enough samples for the percentile, and enough blocks.
     */
    public boolean supported()
    {
        return shortfall.isEmpty();
    }

    /**
     * @return true when {@code value} lies inside the interval, ends included.
     */
    public boolean contains(final long value)
    {
        return lower <= value && value <= upper;
    }
}
