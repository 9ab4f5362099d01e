package io.sonde.loadgen.schedule;

/**
 * Shared checks and constants for schedule parameters.
 */
final class ScheduleRates
{
    static final double NANOS_PER_SECOND = 1_000_000_000.0;

    private ScheduleRates()
    {
    }

    static double requirePositive(final double ratePerSecond)
    {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond))
        {
            throw new IllegalArgumentException("rate must be a positive finite number of requests per second: " +
                ratePerSecond);
        }
        return ratePerSecond;
    }
}
