package io.sonde.inprocess.run;

import java.time.Duration;

/**
 * When the path's warm-up has settled, fed one interval at a time: {@code settledIntervals} intervals in a row
 * whose p99 is within {@code p99ToP50} times the lowest p50 of any interval so far, once at least {@code shortest}
 * has passed; at {@code longest} it gives up. Not thread-safe: fed by the reporting thread alone.
 */
final class SettlingRule
{
    /**
     * What an interval leaves the warm-up at.
     */
    enum Verdict
    {
        /** Keep warming. */
        NOT_YET,
        /** Latency settled: the path is warm. */
        SETTLED,
        /** The longest warm-up passed without the latency settling. */
        GAVE_UP
    }

    /** Intervals in a row that must look settled: one quiet interval is chance, three are a trend. */
    static final int SETTLED_INTERVALS = 3;
    /** How far above the quietest p50 a settled p99 may be: a warm path's tail on a shared host. */
    static final double SETTLED_P99_TO_P50 = 20;

    private final int settledIntervals;
    private final double p99ToP50;
    private final double shortestSeconds;
    private final double longestSeconds;
    private int settledInARow;
    private long lowestP50Nanos = Long.MAX_VALUE;
    private long lastP99Nanos;

    /**
     * @return the rule every warm-up of the path settles by: {@value #SETTLED_INTERVALS} intervals in a row whose p99
     *         is within {@value #SETTLED_P99_TO_P50} times the lowest p50.
     */
    static SettlingRule forWarmup(final Duration shortest, final Duration longest)
    {
        return new SettlingRule(SETTLED_INTERVALS, SETTLED_P99_TO_P50, shortest, longest);
    }

    SettlingRule(final int settledIntervals, final double p99ToP50, final Duration shortest, final Duration longest)
    {
        this.settledIntervals = settledIntervals;
        this.p99ToP50 = p99ToP50;
        this.shortestSeconds = shortest.toNanos() / 1e9;
        this.longestSeconds = longest.toNanos() / 1e9;
    }

    /**
     * @param p50Nanos       the interval's median corrected latency.
     * @param p99Nanos       the interval's 99th percentile of corrected latency.
     * @param elapsedSeconds seconds since the warm-up started, at the end of the interval.
     */
    Verdict onInterval(final long p50Nanos, final long p99Nanos, final double elapsedSeconds)
    {
        lastP99Nanos = p99Nanos;
        lowestP50Nanos = Math.min(lowestP50Nanos, p50Nanos);
        settledInARow = p99Nanos <= p99ToP50 * lowestP50Nanos ? settledInARow + 1 : 0;
        if (settledInARow >= settledIntervals && elapsedSeconds >= shortestSeconds)
        {
            return Verdict.SETTLED;
        }
        return elapsedSeconds >= longestSeconds ? Verdict.GAVE_UP : Verdict.NOT_YET;
    }

    /**
     * @return the lowest p50 of any interval so far: the path's quiet latency.
     */
    long lowestP50Nanos()
    {
        return lowestP50Nanos;
    }

    long lastP99Nanos()
    {
        return lastP99Nanos;
    }
}
