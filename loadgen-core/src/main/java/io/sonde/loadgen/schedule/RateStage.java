package io.sonde.loadgen.schedule;

/**
 * One stage of a {@link StepSchedule}: the rate moves linearly from {@code fromRate} to {@code toRate}
 * over {@code durationNanos}. Equal rates make a flat step; a rate of zero on both ends makes a pause.
 *
 * @param fromRatePerSecond rate at the start of the stage.
 * @param toRatePerSecond   rate at the end of the stage.
 * @param durationNanos     length of the stage.
 */
public record RateStage(double fromRatePerSecond, double toRatePerSecond, long durationNanos)
{
    public RateStage
    {
        if (!(fromRatePerSecond >= 0) || !(toRatePerSecond >= 0) ||
            Double.isInfinite(fromRatePerSecond) || Double.isInfinite(toRatePerSecond))
        {
            throw new IllegalArgumentException("stage rates must be finite and not negative: " +
                fromRatePerSecond + " -> " + toRatePerSecond);
        }
        if (durationNanos <= 0)
        {
            throw new IllegalArgumentException("stage duration must be positive: " + durationNanos + "ns");
        }
    }

    public static RateStage flat(final double ratePerSecond, final long durationNanos)
    {
        return new RateStage(ratePerSecond, ratePerSecond, durationNanos);
    }

    public static RateStage ramp(final double fromRatePerSecond, final double toRatePerSecond, final long durationNanos)
    {
        return new RateStage(fromRatePerSecond, toRatePerSecond, durationNanos);
    }

    double expectedRequests()
    {
        return (fromRatePerSecond + toRatePerSecond) / 2.0 * durationNanos / Rates.NANOS_PER_SECOND;
    }
}
