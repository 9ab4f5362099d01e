package io.sonde.loadgen.schedule;

/**
 * Bursts of {@code burstSize} requests intended at the same instant, one burst every {@code periodNanos}.
 * <p>
 * Models market-data-driven order flow where many orders are triggered by the same event.
 */
public final class BurstSchedule implements Schedule
{
    private final int burstSize;
    private final long periodNanos;
    private long startNanos;
    private long index;

    public BurstSchedule(final int burstSize, final long periodNanos)
    {
        if (burstSize < 1)
        {
            throw new IllegalArgumentException("burst size must be at least 1: " + burstSize);
        }
        if (periodNanos < 1)
        {
            throw new IllegalArgumentException("burst period must be positive: " + periodNanos + "ns");
        }
        this.burstSize = burstSize;
        this.periodNanos = periodNanos;
    }

    public void start(final long startNanos)
    {
        this.startNanos = startNanos;
        this.index = 0;
    }

    public long nextIntendedNanos()
    {
        return startNanos + (index++ / burstSize) * periodNanos;
    }

    public double meanRatePerSecond()
    {
        return burstSize * ScheduleRates.NANOS_PER_SECOND / periodNanos;
    }

    public String toString()
    {
        return "burst(" + burstSize + " every " + periodNanos + "ns)";
    }
}
