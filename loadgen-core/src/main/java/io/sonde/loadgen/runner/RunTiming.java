package io.sonde.loadgen.runner;

import java.time.Duration;

/**
 * How long a run lasts and how long it waits for answers.
 *
 * @param warmupNanos  leading part of the schedule whose requests are sent and logged but not reported.
 * @param measureNanos the measured part of the schedule that follows the warm-up.
 * @param timeoutNanos how long after its send a request without an answer is declared timed out.
 * @param drainNanos   how long after the schedule ends the runner keeps waiting for answers.
 */
public record RunTiming(long warmupNanos, long measureNanos, long timeoutNanos, long drainNanos)
{
    public RunTiming
    {
        requireNotNegative("warm-up", warmupNanos);
        if (measureNanos <= 0)
        {
            throw new IllegalArgumentException("measurement duration must be positive: " + measureNanos + "ns");
        }
        if (timeoutNanos <= 0)
        {
            throw new IllegalArgumentException("request timeout must be positive: " + timeoutNanos + "ns");
        }
        requireNotNegative("drain", drainNanos);
    }

    /**
     * A run whose drain lasts as long as the request timeout, so every sent request ends with an outcome.
     */
    public static RunTiming of(final Duration warmup, final Duration measure, final Duration timeout)
    {
        return new RunTiming(warmup.toNanos(), measure.toNanos(), timeout.toNanos(), timeout.toNanos());
    }

    private static void requireNotNegative(final String what, final long nanos)
    {
        if (nanos < 0)
        {
            throw new IllegalArgumentException(what + " duration must not be negative: " + nanos + "ns");
        }
    }
}
