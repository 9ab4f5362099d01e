package io.sonde.loadgen.record;

/**
 * The three series every request feeds: corrected (from intended start), uncorrected (from actual
 * send) and send lateness (actual send minus intended start: Sonde's own health).
 */
public final class RequestSeries
{
    public static final String CORRECTED = "corrected";
    public static final String UNCORRECTED = "uncorrected";
    public static final String LATENESS = "lateness";

    private final SeriesRecorder corrected;
    private final SeriesRecorder uncorrected;
    private final SeriesRecorder lateness;

    /**
     * @param tagPrefix prepended to each series tag, e.g. {@code "warmup-"}; empty for the measured series.
     */
    public RequestSeries(final String tagPrefix)
    {
        corrected = new SeriesRecorder(tagPrefix + CORRECTED);
        uncorrected = new SeriesRecorder(tagPrefix + UNCORRECTED);
        lateness = new SeriesRecorder(tagPrefix + LATENESS);
    }

    public SeriesRecorder corrected()
    {
        return corrected;
    }

    public SeriesRecorder uncorrected()
    {
        return uncorrected;
    }

    public SeriesRecorder lateness()
    {
        return lateness;
    }

    /**
     * Record a request that got its answer (or was given up on) at {@code endNanos}.
     */
    public void recordResponse(final long intendedNanos, final long sentNanos, final long endNanos)
    {
        corrected.record(endNanos - intendedNanos);
        uncorrected.record(endNanos - sentNanos);
    }

    public void recordSend(final long intendedNanos, final long sentNanos)
    {
        lateness.record(sentNanos - intendedNanos);
    }
}
