package io.sonde.loadgen.record;

import java.util.List;

/**
 * A {@link RequestSeries} for the measurement and another for the warm-up, chosen per request by its
 * intended start time, so the split between the phases is exact. The run's own series has an empty name
 * (tags {@code corrected}, ...); a lifecycle stage such as {@code new-ack} gets tags {@code new-ack.corrected}, ...
 * and the warm-up twin of every tag is prefixed {@code warmup-}.
 */
public final class PhasedSeries
{
    public static final String WARMUP_PREFIX = "warmup-";

    private final RequestSeries warmup;
    private final RequestSeries measured;
    private long measureStartNanos = Long.MIN_VALUE;

    public PhasedSeries(final String name)
    {
        final String prefix = name.isEmpty() ? "" : name + ".";
        this.warmup = new RequestSeries(WARMUP_PREFIX + prefix);
        this.measured = new RequestSeries(prefix);
    }

    /**
     * Set where the measurement starts; before this call everything counts as measured.
     * Called before the run's threads start.
     */
    public void begin(final long measureStartNanos)
    {
        this.measureStartNanos = measureStartNanos;
    }

    public RequestSeries seriesFor(final long intendedNanos)
    {
        return measures(intendedNanos) ? measured : warmup;
    }

    /**
     * @return whether a request intended at {@code intendedNanos} belongs to the measurement, not the warm-up.
     */
    public boolean measures(final long intendedNanos)
    {
        return intendedNanos >= measureStartNanos;
    }

    public RequestSeries warmup()
    {
        return warmup;
    }

    public RequestSeries measured()
    {
        return measured;
    }

    /**
     * @return every recorder of both phases, measured first.
     */
    public List<SeriesRecorder> recorders()
    {
        return List.of(measured.corrected(), measured.uncorrected(), measured.lateness(),
            warmup.corrected(), warmup.uncorrected(), warmup.lateness());
    }
}
