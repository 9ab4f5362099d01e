package io.sonde.inprocess.engine;

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

    private final int settledIntervals;
    private final double p99ToP50;
    private final double shortestSeconds;
    private final double longestSeconds;
    private int settledInARow;
    private long lowestP50Nanos = Long.MAX_VALUE;
    private long lastP99Nanos;

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
