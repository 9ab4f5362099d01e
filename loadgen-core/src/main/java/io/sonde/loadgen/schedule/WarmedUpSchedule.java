package io.sonde.loadgen.schedule;

/**
 * A warm-up schedule for a fixed time, then the measured one starting where the warm-up ends: a staged shape is
 * measured whole, however long the warm-up before it, and the reported target rate is the measured shape's.
 * <p>
 * Both keep their own origin-based intended times, so a late warm-up never shifts the measured requests.
 */
public final class WarmedUpSchedule implements Schedule
{
    private final Schedule warmup;
    private final long warmupNanos;
    private final Schedule measured;
    private long measuredStartNanos;
    private boolean warmingUp;

    /**
     * @param warmup      played from the start for {@code warmupNanos}; its requests due later are never sent.
     * @param warmupNanos how long the warm-up lasts; the measured schedule starts this long after the start.
     * @param measured    played from the end of the warm-up.
     */
    public WarmedUpSchedule(final Schedule warmup, final long warmupNanos, final Schedule measured)
    {
        if (warmupNanos < 0)
        {
            throw new IllegalArgumentException("warm-up must not be negative: " + warmupNanos + "ns");
        }
        this.warmup = warmup;
        this.warmupNanos = warmupNanos;
        this.measured = measured;
    }

    public void start(final long startNanos)
    {
        warmup.start(startNanos);
        measuredStartNanos = startNanos + warmupNanos;
        measured.start(measuredStartNanos);
        warmingUp = warmupNanos > 0;
    }

    public long nextIntendedNanos()
    {
        if (warmingUp)
        {
            final long intended = warmup.nextIntendedNanos();
            if (intended < measuredStartNanos)
            {
                return intended;
            }
            warmingUp = false;
        }
        return measured.nextIntendedNanos();
    }

    public double meanRatePerSecond()
    {
        return measured.meanRatePerSecond();
    }

    public String toString()
    {
        return measured + " after " + warmupNanos + "ns of " + warmup;
    }
}
