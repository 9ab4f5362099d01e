package io.sonde.loadgen.record;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One named latency series (e.g. {@code corrected}) recorded in nanoseconds through an HdrHistogram
 * {@link Recorder}, so a logger thread can take interval snapshots while the hot thread records.
 * <p>
 * Values outside {@code [0, highestTrackableNanos]} are never dropped: they are clamped into range,
 * recorded, and counted in {@link #outOfRangeCount()} so reports can say the tail was truncated.
 */
public final class SeriesRecorder
{
    public static final int SIGNIFICANT_DIGITS = 3;
    public static final long DEFAULT_HIGHEST_TRACKABLE_NANOS = 3_600_000_000_000L;

    private final String tag;
    private final long highestTrackableNanos;
    private final Recorder recorder;
    private final AtomicLong outOfRangeCount = new AtomicLong();
    private final AtomicLong recordedCount = new AtomicLong();

    public SeriesRecorder(final String tag)
    {
        this(tag, DEFAULT_HIGHEST_TRACKABLE_NANOS);
    }

    public SeriesRecorder(final String tag, final long highestTrackableNanos)
    {
        this.tag = tag;
        this.highestTrackableNanos = highestTrackableNanos;
        this.recorder = new Recorder(1, highestTrackableNanos, SIGNIFICANT_DIGITS);
    }

    public String tag()
    {
        return tag;
    }

    /**
     * Record one value. Allocation-free; called from the recording thread only.
     *
     * @param valueNanos the latency in nanoseconds.
     */
    public void record(final long valueNanos)
    {
        recorder.recordValue(clamp(valueNanos));
        recordedCount.lazySet(recordedCount.get() + 1);
    }

    /**
     * Record a value the way jHiccup does: a stall of {@code valueNanos} observed by a sampler expecting
     * one sample every {@code expectedIntervalNanos} also stands for the samples it could not take.
     *
     * @param valueNanos            the observed delay in nanoseconds.
     * @param expectedIntervalNanos the sampling interval the recorder expects.
     */
    public void recordWithExpectedInterval(final long valueNanos, final long expectedIntervalNanos)
    {
        recorder.recordValueWithExpectedInterval(clamp(valueNanos), expectedIntervalNanos);
        recordedCount.lazySet(recordedCount.get() + 1);
    }

    /**
     * @return how many values were recorded so far: a series whose count has not moved since its last interval was
     *         taken holds nothing new, and taking it (a swap and a clear of its whole counts array) can be skipped.
     */
    public long recordedCount()
    {
        return recordedCount.get();
    }

    /**
     * Take the values recorded since the previous call, reusing {@code toRecycle} when given.
     *
     * @param toRecycle a histogram previously returned by this method, or null.
     * @return the interval histogram, tagged with this series' tag and stamped with its start and end.
     */
    public Histogram takeInterval(final Histogram toRecycle)
    {
        final Histogram interval = recorder.getIntervalHistogram(toRecycle);
        interval.setTag(tag);
        return interval;
    }

    /**
     * @return how many values fell outside the trackable range and were clamped into it.
     */
    public long outOfRangeCount()
    {
        return outOfRangeCount.get();
    }

    private long clamp(final long valueNanos)
    {
        if (valueNanos < 0)
        {
            outOfRangeCount.lazySet(outOfRangeCount.get() + 1);
            return 0;
        }
        if (valueNanos > highestTrackableNanos)
        {
            outOfRangeCount.lazySet(outOfRangeCount.get() + 1);
            return highestTrackableNanos;
        }
        return valueNanos;
    }
}
