package io.sonde.fix.client.order;

import io.sonde.loadgen.record.PhasedSeries;

import java.util.List;

/**
 * The latency series of an order's lifecycle stages: new&rarr;ack, new&rarr;fill, replace and cancel, each
 * corrected and uncorrected, split into warm-up and measurement by the order's intended start.
 */
final class LifecycleStages
{
    private final PhasedSeries newAck = new PhasedSeries(FixOrderTransport.NEW_ACK);
    private final PhasedSeries newFill = new PhasedSeries(FixOrderTransport.NEW_FILL);
    private final PhasedSeries replace = new PhasedSeries(FixOrderTransport.REPLACE);
    private final PhasedSeries cancel = new PhasedSeries(FixOrderTransport.CANCEL);
    private final OrderTable orders;

    LifecycleStages(final OrderTable orders)
    {
        this.orders = orders;
    }

    List<PhasedSeries> all()
    {
        return List.of(newAck, newFill, replace, cancel);
    }

    /**
     * @return the series of the messages that are answered one by one (new&rarr;ack, replace, cancel), without
     *         the fill: what a replay, whose every message is a request of its own, records.
     */
    List<PhasedSeries> perMessage()
    {
        return List.of(newAck, replace, cancel);
    }

    /**
     * The order's message in flight ({@code state} NEW_SENT, REPLACE_SENT or CANCEL_SENT) went out.
     */
    void recordSend(final int slot, final long intendedNanos, final long nowNanos)
    {
        stageOf(orders.state[slot]).seriesFor(orders.newIntendedNanos[slot]).recordSend(intendedNanos, nowNanos);
    }

    /**
     * The order's message in flight was answered.
     */
    void recordResponse(final int slot, final long nowNanos)
    {
        stageOf(orders.state[slot]).seriesFor(orders.newIntendedNanos[slot])
            .recordResponse(orders.stageIntendedNanos[slot], orders.stageSentNanos[slot], nowNanos);
    }

    /**
     * The order's first fill arrived.
     */
    void recordFill(final int slot, final long nowNanos)
    {
        newFill.seriesFor(orders.newIntendedNanos[slot])
            .recordResponse(orders.newIntendedNanos[slot], orders.newSentNanos[slot], nowNanos);
    }

    private PhasedSeries stageOf(final byte state)
    {
        if (state == OrderTable.REPLACE_SENT)
        {
            return replace;
        }
        if (state == OrderTable.CANCEL_SENT)
        {
            return cancel;
        }
        return newAck;
    }
}
