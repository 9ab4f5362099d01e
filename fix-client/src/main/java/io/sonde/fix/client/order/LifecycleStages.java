package io.sonde.fix.client.order;

import io.sonde.loadgen.record.PhasedSeries;

import java.util.List;

/**
 * The latency series of an order's lifecycle stages: new&rarr;ack, new&rarr;fill, replace and cancel, each
 * corrected and uncorrected, split into warm-up and measurement by the order's intended start. The book flow's new
 * orders are timed by their action instead: passive&rarr;ack, aggressive&rarr;first answer and aggressive&rarr;fill.
 */
final class LifecycleStages
{
    private final PhasedSeries newAck = new PhasedSeries(FixOrderTransport.NEW_ACK);
    private final PhasedSeries newFill = new PhasedSeries(FixOrderTransport.NEW_FILL);
    private final PhasedSeries replace = new PhasedSeries(FixOrderTransport.REPLACE);
    private final PhasedSeries cancel = new PhasedSeries(FixOrderTransport.CANCEL);
    private final PhasedSeries passiveAck = new PhasedSeries(FixOrderTransport.PASSIVE_ACK);
    private final PhasedSeries aggressiveAck = new PhasedSeries(FixOrderTransport.AGGRESSIVE_ACK);
    private final PhasedSeries aggressiveFill = new PhasedSeries(FixOrderTransport.AGGRESSIVE_FILL);
    private final OrderTable orders;
    private final BookActions book;

    /**
     * @param book the book flow's actions, whose new orders are timed as passive or aggressive; null without.
     */
    LifecycleStages(final OrderTable orders, final BookActions book)
    {
        this.orders = orders;
        this.book = book;
    }

    List<PhasedSeries> all()
    {
        return book == null ? List.of(newAck, newFill, replace, cancel) :
            List.of(passiveAck, aggressiveAck, aggressiveFill, replace, cancel);
    }

    /**
     * @return a series the run splits into its phases, as it does every stage it records.
     */
    PhasedSeries phase()
    {
        return book == null ? newAck : passiveAck;
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
        stageOf(slot).seriesFor(orders.newIntendedNanos[slot]).recordSend(intendedNanos, nowNanos);
    }

    /**
     * The order's message in flight was answered.
     */
    void recordResponse(final int slot, final long nowNanos)
    {
        stageOf(slot).seriesFor(orders.newIntendedNanos[slot])
            .recordResponse(orders.stageIntendedNanos[slot], orders.stageSentNanos[slot], nowNanos);
    }

    /**
     * The order's first fill arrived.
     */
    void recordFill(final int slot, final long nowNanos)
    {
        (isBook(slot) ? aggressiveFill : newFill).seriesFor(orders.newIntendedNanos[slot])
            .recordResponse(orders.newIntendedNanos[slot], orders.newSentNanos[slot], nowNanos);
    }

    private boolean isBook(final int slot)
    {
        return book != null && orders.flow[slot] == OrderFlow.BOOK.ordinal();
    }

    private PhasedSeries stageOf(final int slot)
    {
        final byte state = orders.state[slot];
        if (state == OrderTable.REPLACE_SENT)
        {
            return replace;
        }
        if (state == OrderTable.CANCEL_SENT)
        {
            return cancel;
        }
        if (isBook(slot))
        {
            return book.action(slot) == BookActions.PASSIVE ? passiveAck : aggressiveAck;
        }
        return newAck;
    }
}
