package io.sonde.probe.measure;

import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.record.SeriesRecorder;

import java.util.List;

/**
 * The probe's latency series, tagged as a load run tags them so {@code sonde report} and HdrHistogram's tools
 * read a probe's logs like any run's: the whole lifecycle ({@code corrected}, {@code uncorrected},
 * {@code lateness}), each stage ({@code new-ack.*}, {@code cancel.*}) and the probe's own {@code hiccup}s.
 */
public final class ProbeSeries
{
    public static final String LIFECYCLE = "lifecycle";
    public static final String NEW_ACK = "new-ack";
    public static final String CANCEL = "cancel";

    private final RequestSeries lifecycle = new RequestSeries("");
    private final RequestSeries newAck = new RequestSeries(NEW_ACK + ".");
    private final RequestSeries cancel = new RequestSeries(CANCEL + ".");
    private final SeriesRecorder hiccup = new SeriesRecorder(HiccupMeter.TAG);

    public RequestSeries lifecycle()
    {
        return lifecycle;
    }

    public RequestSeries newAck()
    {
        return newAck;
    }

    public RequestSeries cancel()
    {
        return cancel;
    }

    public SeriesRecorder hiccup()
    {
        return hiccup;
    }

    public List<SeriesRecorder> all()
    {
        return List.of(
            lifecycle.corrected(), lifecycle.uncorrected(), lifecycle.lateness(),
            newAck.corrected(), newAck.uncorrected(), newAck.lateness(),
            cancel.corrected(), cancel.uncorrected(), cancel.lateness(),
            hiccup);
    }

    /**
     * @return the log tag of a stage's series of {@code kind} ({@code corrected}, {@code uncorrected}, ...).
     */
    public static String tag(final String stage, final String kind)
    {
        return LIFECYCLE.equals(stage) ? kind : stage + "." + kind;
    }
}
