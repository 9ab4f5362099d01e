package io.sonde.history;

/**
 * The regression gate's verdict on one percentile of one step's corrected latency.
 *
 * @param step           the step's folder ({@code ""} for a run).
 * @param percentile     e.g. {@code p99}.
 * @param baselineMicros the baseline's value.
 * @param newMicros      the new run's value.
 * @param ratio          new ÷ baseline.
 * @param spread         the percentile's spread across the baseline's recent runs.
 * @param floor          the host's extra stall in the new run, as a fraction of the baseline's value.
 * @param allowedRatio   the highest ratio that passes.
 * @param passed         whether {@code ratio <= allowedRatio}.
 */
public record PercentileVerdict(
    String step,
    String percentile,
    double baselineMicros,
    double newMicros,
    double ratio,
    double spread,
    double floor,
    double allowedRatio,
    boolean passed)
{
}
