package io.sonde.loadgen.record;

/**
 * What one logging interval looked like, for progress lines.
 *
 * @param elapsedSeconds   seconds since the run started, at the end of the interval.
 * @param warmup           true while the interval belongs to the warm-up.
 * @param last             true for the closing, usually partial, interval written when the run ends.
 * @param intervalSeconds  length of the interval.
 * @param sent             requests sent during the interval.
 * @param errors           requests rejected or timed out during the interval.
 * @param correctedCount   answers recorded in the interval's corrected histogram.
 * @param correctedP50Nanos interval median of corrected latency.
 * @param correctedP99Nanos interval 99th percentile of corrected latency.
 * @param correctedMaxNanos interval maximum of corrected latency.
 * @param hiccupMaxNanos   longest stall the hiccup meter saw in the interval.
 * @param run              the measured run the interval belongs to, from 1: 1 unless the measured window is split into
 *                         runs ({@code --repeat}), and 1 during the warm-up.
 */
public record IntervalSnapshot(
    double elapsedSeconds,
    boolean warmup,
    boolean last,
    double intervalSeconds,
    long sent,
    long errors,
    long correctedCount,
    long correctedP50Nanos,
    long correctedP99Nanos,
    long correctedMaxNanos,
    long hiccupMaxNanos,
    int run)
{
    /**
     * An interval of a run measured once.
     */
    public IntervalSnapshot(
        final double elapsedSeconds,
        final boolean warmup,
        final boolean last,
        final double intervalSeconds,
        final long sent,
        final long errors,
        final long correctedCount,
        final long correctedP50Nanos,
        final long correctedP99Nanos,
        final long correctedMaxNanos,
        final long hiccupMaxNanos)
    {
        this(elapsedSeconds, warmup, last, intervalSeconds, sent, errors, correctedCount, correctedP50Nanos,
            correctedP99Nanos, correctedMaxNanos, hiccupMaxNanos, 1);
    }

    public double sentPerSecond()
    {
        return intervalSeconds > 0 ? sent / intervalSeconds : 0;
    }
}
