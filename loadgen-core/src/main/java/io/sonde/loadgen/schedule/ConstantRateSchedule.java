package io.sonde.loadgen.schedule;

/**
 * Requests evenly spaced at a fixed rate: the i-th request is intended at {@code start + i / rate}.
 * <p>
 * Each time is computed from the origin rather than by adding a period, so rounding never
 * accumulates into drift over long runs.
 */
public final class ConstantRateSchedule implements Schedule
{
    private final double ratePerSecond;
    private final double periodNanos;
    private long startNanos;
    private long index;

    public ConstantRateSchedule(final double ratePerSecond)
    {
        this.ratePerSecond = ScheduleRates.requirePositive(ratePerSecond);
        this.periodNanos = ScheduleRates.NANOS_PER_SECOND / ratePerSecond;
    }

    public void start(final long startNanos)
    {
        this.startNanos = startNanos;
        this.index = 0;
    }

    public long nextIntendedNanos()
    {
        return startNanos + (long)(index++ * periodNanos);
    }

    public double meanRatePerSecond()
    {
        return ratePerSecond;
    }

    public String toString()
    {
        return "constant(" + ratePerSecond + "/s)";
    }
}
