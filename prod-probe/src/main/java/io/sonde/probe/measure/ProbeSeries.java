package io.sonde.probe.measure;

import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.record.SeriesRecorder;

import java.util.ArrayList;
import java.util.List;

/**
 * The probe's latency series, tagged as a load run tags them so {@code sonde report} and HdrHistogram's tools
 * read a probe's logs like any run's: the whole lifecycle ({@code corrected}, {@code uncorrected},
 * {@code lateness}), each stage ({@code new-ack.*}, {@code cancel.*}), the probe's own {@code hiccup}s and, when
 * the probe watches the venue's market data, {@code order-to-tick.*}: its orders' first public events.
 */
public final class ProbeSeries
{
    public static final String LIFECYCLE = "lifecycle";
    public static final String NEW_ACK = "new-ack";
    public static final String CANCEL = "cancel";
    public static final String ORDER_TO_TICK = "order-to-tick";

    private final RequestSeries lifecycle = new RequestSeries("");
    private final RequestSeries newAck = new RequestSeries(NEW_ACK + ".");
    private final RequestSeries cancel = new RequestSeries(CANCEL + ".");
    private final SeriesRecorder hiccup = new SeriesRecorder(HiccupMeter.TAG);
    private final RequestSeries orderToTick;

    public ProbeSeries()
    {
        this(null);
    }

    /**
     * @param orderToTick the series the market data watch records its orders' first public events in (tags
     *                    {@code order-to-tick.*}), or null when the probe does not watch it.
     */
    public ProbeSeries(final RequestSeries orderToTick)
    {
        this.orderToTick = orderToTick;
    }

    /**
     * @return whether {@code order-to-tick} is measured.
     */
    public boolean hasOrderToTick()
    {
        return orderToTick != null;
    }

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
        final List<SeriesRecorder> all = new ArrayList<>(List.of(
            lifecycle.corrected(), lifecycle.uncorrected(), lifecycle.lateness(),
            newAck.corrected(), newAck.uncorrected(), newAck.lateness(),
            cancel.corrected(), cancel.uncorrected(), cancel.lateness(),
            hiccup));
        if (orderToTick != null)
        {
            // The order's intended start is its send: lateness is the order's own, in new-ack.lateness.
            all.add(orderToTick.corrected());
            all.add(orderToTick.uncorrected());
        }
        return all;
    }

    /**
     * @return the log tag of a stage's series of {@code kind} ({@code corrected}, {@code uncorrected}, ...).
     */
    public static String tag(final String stage, final String kind)
    {
        return LIFECYCLE.equals(stage) ? kind : stage + "." + kind;
    }
}
