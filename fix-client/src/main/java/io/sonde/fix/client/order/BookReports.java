package io.sonde.fix.client.order;

import io.sonde.fix.codecs.ExecType;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderCancelRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderMassCancelReportDecoder;

/**
 * What the venue's answers mean for the book flow: a passive order acknowledged open rests (its request done), an
 * aggressive order waits for its fill or expiry as an IOC does, a replace that takes effect rests the order again
 * under its new ClOrdID, and a report about a resting order whose request is long done (a fill by someone's
 * aggressive order, an unsolicited cancel) keeps the table of resting orders true. The answers to the close-out's
 * mass cancel go to its {@link BookMassCancel}, when it has one.
 */
final class BookReports
{
    private final OrderTable orders;
    private final ClOrdIdCodec clOrdIds;
    private final BookActions book;
    private final BookTally tally;
    private final LifecycleEnds ends;
    private BookMassCancel massCancel;

    BookReports(
        final OrderTable orders,
        final ClOrdIdCodec clOrdIds,
        final BookActions book,
        final BookTally tally,
        final LifecycleEnds ends)
    {
        this.orders = orders;
        this.clOrdIds = clOrdIds;
        this.book = book;
        this.tally = tally;
        this.ends = ends;
    }

    /**
     * @param massCancel where the answers to a mass cancel go from now on.
     */
    void massCancel(final BookMassCancel massCancel)
    {
        this.massCancel = massCancel;
    }

    void onMassCancelReport(final int sessionIndex, final OrderMassCancelReportDecoder report)
    {
        if (massCancel != null)
        {
            massCancel.onReport(sessionIndex, report);
        }
    }

    void onMassCancelRefused(final int sessionIndex, final String why)
    {
        if (massCancel != null)
        {
            massCancel.onRefused(sessionIndex, why);
        }
    }

    boolean isBook(final int slot)
    {
        return orders.flow[slot] == OrderFlow.BOOK.ordinal();
    }

    /**
     * @return what the public market data is told the order in {@code slot} is: a passive or aggressive order of the
     *         book flow, or not the book's.
     */
    byte publicAction(final int slot)
    {
        if (!isBook(slot))
        {
            return PublicEffects.NOT_BOOK;
        }
        final byte action = book.action(slot);
        return action == BookActions.PASSIVE ? PublicEffects.BOOK_PASSIVE :
            action == BookActions.AGGRESSIVE ? PublicEffects.BOOK_AGGRESSIVE : PublicEffects.NOT_BOOK;
    }

    /**
     * A new order of the book flow was acknowledged and is still open.
     */
    void afterNewOpen(final int slot, final long nowNanos)
    {
        if (book.action(slot) == BookActions.AGGRESSIVE)
        {
            orders.state[slot] = OrderTable.AWAITING_TERMINAL;
            return;
        }
        rest(slot);
        ends.acknowledged(slot, nowNanos);
    }

    /**
     * The order's first fill: a trade when the order is a new one (aggressive, or a passive order the walk made
     * cross).
     */
    void onFirstFill(final int slot)
    {
        final byte state = orders.state[slot];
        if (state == OrderTable.NEW_SENT || state == OrderTable.AWAITING_TERMINAL)
        {
            tally.onTrade(orders.newIntendedNanos[slot]);
        }
    }

    /**
     * A report closed the order: an aggressive one's tells whether it traded.
     */
    void onClosed(final int slot)
    {
        if (book.action(slot) == BookActions.AGGRESSIVE)
        {
            book.onAggressiveEnded(orders.filled[slot]);
        }
    }

    /**
     * The replace took effect: the order rests again, known by the replace's ClOrdID.
     */
    void afterReplaced(final int slot, final long nowNanos)
    {
        orders.acceptPending(slot);
        tally.onFollowUpAnswered(BookActions.REPLACE, true, orders.newIntendedNanos[slot]);
        rest(slot);
        ends.acknowledged(slot, nowNanos);
    }

    /**
     * A cancel or replace of the book flow ended: {@code done} when the venue confirmed it.
     */
    void onFollowUpEnded(final int slot, final boolean done)
    {
        final byte state = orders.state[slot];
        if (state == OrderTable.CANCEL_SENT || state == OrderTable.REPLACE_SENT)
        {
            tally.onFollowUpAnswered(book.action(slot), done && state == OrderTable.CANCEL_SENT,
                orders.newIntendedNanos[slot]);
        }
    }

    /**
     * The venue refused a cancel or replace: a cancel of the book flow's is counted as refused; a refused replace
     * leaves the order as it was, so it rests again under its old ClOrdID (if it had traded or gone instead, its
     * next cancel is refused in turn, and counted).
     */
    void onCancelReject(final OrderCancelRejectDecoder reject)
    {
        final int slot = orders.slotNamedBy(clOrdIds, reject.clOrdID(), reject.clOrdIDLength());
        if (slot >= 0 && isBook(slot))
        {
            onFollowUpEnded(slot, false);
            if (orders.state[slot] == OrderTable.REPLACE_SENT)
            {
                rest(slot);
            }
        }
    }

    /**
     * A report that names no order in flight: if it is about a resting order that traded in full or closed, the
     * order rests no more.
     */
    void onReportAfterEnd(final ExecutionReportDecoder report)
    {
        final char[] id = report.clOrdID();
        final int idLength = report.clOrdIDLength();
        if (!clOrdIds.decode(id, idLength))
        {
            return;
        }
        final RestingBook resting = book.resting();
        final int index = resting.find(clOrdIds.sequenceLowBits(), id, idLength);
        if (index < 0)
        {
            return;
        }
        if (OrdStatuses.isTrade(report.execType()))
        {
            tally.onRestingFill();
        }
        if (OrdStatuses.isTerminal(report.ordStatus()))
        {
            resting.remove(index);
            if (massCancel != null && report.execType() == ExecType.CANCELED.representation())
            {
                massCancel.onOrderCanceled();
            }
            else if (massCancel != null)
            {
                massCancel.onOrderGone();
            }
        }
    }

    private void rest(final int slot)
    {
        if (clOrdIds.decode(orders.clOrdId[slot], orders.clOrdIdLength[slot]))
        {
            book.resting().add(orders, slot, clOrdIds.sequenceLowBits(), book.symbolOf(slot));
        }
    }
}
