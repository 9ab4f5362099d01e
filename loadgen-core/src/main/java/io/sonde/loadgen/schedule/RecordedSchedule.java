package io.sonde.loadgen.schedule;

/**
 * The intended times of recorded requests, replayed: the i-th request is intended at its recorded offset from the
 * first one, divided by the speed. Finite: {@link #END} after the last.
 * <p>
 * The offsets are scaled once, up front, so iterating allocates and computes nothing; each time is the origin
 * plus its own scaled offset, never a sum of gaps, so no rounding accumulates.
 */
public final class RecordedSchedule implements Schedule
{
    private final long[] offsetsNanos;
    private final double speed;
    private long startNanos;
    private int index;

    /**
     * @param recordedOffsetsNanos each request's recorded time less the first's, never decreasing.
     * @param speed                how many times faster than recorded to replay; 1 keeps the recorded timing.
     */
    public RecordedSchedule(final long[] recordedOffsetsNanos, final double speed)
    {
        if (!(speed > 0) || Double.isInfinite(speed))
        {
            throw new IllegalArgumentException("speed must be a positive finite number: " + speed);
        }
        if (recordedOffsetsNanos.length == 0)
        {
            throw new IllegalArgumentException("nothing to replay: no recorded requests");
        }
        this.speed = speed;
        this.offsetsNanos = new long[recordedOffsetsNanos.length];
        for (int i = 0; i < offsetsNanos.length; i++)
        {
            if (recordedOffsetsNanos[i] < 0 || (i > 0 && recordedOffsetsNanos[i] < recordedOffsetsNanos[i - 1]))
            {
                throw new IllegalArgumentException("recorded offsets must be non-negative and never decrease: " +
                    "offset " + i + " is " + recordedOffsetsNanos[i] + "ns");
            }
            offsetsNanos[i] = (long)(recordedOffsetsNanos[i] / speed);
        }
    }

    public void start(final long startNanos)
    {
        this.startNanos = startNanos;
        this.index = 0;
    }

    public long nextIntendedNanos()
    {
        return index < offsetsNanos.length ? startNanos + offsetsNanos[index++] : END;
    }

    /**
     * @return how long a run must measure to send every request: just past the last one's offset.
     */
    public long durationNanos()
    {
        return offsetsNanos[offsetsNanos.length - 1] + 1;
    }

    public double meanRatePerSecond()
    {
        return offsetsNanos.length * ScheduleRates.NANOS_PER_SECOND / durationNanos();
    }

    public String toString()
    {
        return "recorded(" + offsetsNanos.length + " requests at " + speed + "x)";
    }
}
