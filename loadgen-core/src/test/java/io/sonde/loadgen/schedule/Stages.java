package io.sonde.loadgen.schedule;

import io.sonde.api.RateStage;

import java.time.Duration;

/**
 * Stages written the way the schedule tests think of them: a rate or two and a length in nanoseconds.
 */
final class Stages
{
    private Stages()
    {
    }

    static RateStage flat(final double ratePerSecond, final long durationNanos)
    {
        return ramp(ratePerSecond, ratePerSecond, durationNanos);
    }

    static RateStage ramp(final double fromRatePerSecond, final double toRatePerSecond, final long durationNanos)
    {
        return new RateStage(fromRatePerSecond, toRatePerSecond, Duration.ofNanos(durationNanos));
    }
}
