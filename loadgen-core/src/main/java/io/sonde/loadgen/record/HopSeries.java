package io.sonde.loadgen.record;

import java.util.List;

/**
 * One hop of a request's path (for example Sonde's send, the wire to the venue, the venue's matching), recorded
 * in nanoseconds per request: tag {@code hop.NAME}, and {@code warmup-hop.NAME} for requests intended before
 * the measurement, split like a {@link PhasedSeries}. A run's hops add up, request by request, to its corrected
 * latency, so the series say which hop owns the median and which the tail.
 */
public final class HopSeries
{
    public static final String TAG_PREFIX = "hop.";
    /**
     * The hops of a market data feed (the exchange's publishing, the wire to Sonde): tagged apart from the hops of
     * the answers, which add up to an answer's latency and which theirs would not.
     */
    public static final String FEED_TAG_PREFIX = "feed-hop.";

    private final String name;
    private final SeriesRecorder measured;
    private final SeriesRecorder warmup;
    private long measureStartNanos = Long.MIN_VALUE;

    public HopSeries(final String name)
    {
        this(TAG_PREFIX, name);
    }

    private HopSeries(final String tagPrefix, final String name)
    {
        this.name = name;
        this.measured = new SeriesRecorder(tagPrefix + name);
        this.warmup = new SeriesRecorder(PhasedSeries.WARMUP_PREFIX + tagPrefix + name);
    }

    /**
     * @return a hop of a market data feed, tagged {@code feed-hop.NAME}.
     */
    public static HopSeries ofFeed(final String name)
    {
        return new HopSeries(FEED_TAG_PREFIX, name);
    }

    public String name()
    {
        return name;
    }

    /**
     * Set where the measurement starts; before this call everything counts as measured. Called before the run's
     * threads start.
     */
    public void begin(final long measureStartNanos)
    {
        this.measureStartNanos = measureStartNanos;
    }

    /**
     * Record the time one request spent in this hop. Allocation-free; called from the recording thread only.
     *
     * @param intendedNanos the request's intended start, which decides its phase.
     * @param hopNanos      the time spent in this hop.
     */
    public void record(final long intendedNanos, final long hopNanos)
    {
        (measures(intendedNanos) ? measured : warmup).record(hopNanos);
    }

    /**
     * @return whether a request intended at {@code intendedNanos} belongs to the measurement.
     */
    public boolean measures(final long intendedNanos)
    {
        return intendedNanos >= measureStartNanos;
    }

    public SeriesRecorder measured()
    {
        return measured;
    }

    public SeriesRecorder warmup()
    {
        return warmup;
    }

    /**
     * @return both recorders, measured first.
     */
    public List<SeriesRecorder> recorders()
    {
        return List.of(measured, warmup);
    }
}
