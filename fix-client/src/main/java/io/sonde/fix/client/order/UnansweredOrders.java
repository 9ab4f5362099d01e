package io.sonde.fix.client.order;

import io.sonde.fix.client.session.SessionPool;
import uk.co.real_logic.artio.session.Session;

import static io.sonde.fix.client.order.ClOrdIdCodec.REPLACE_STAGE;

/**
 * Finds order stages that have had no answer within the run's timeout and asks the venue about each, once,
 * with an OrderStatusRequest: an order whose answer was lost (with a failed-over leader, say) is then settled
 * instead of left in an unknown state. A few slots per poll, so no poll pays for a sweep of the whole table.
 * Off until {@link #askAfter(long)}; off for good once the venue refuses the request type.
 */
final class UnansweredOrders
{
    private static final int SLOTS_PER_POLL = 16;

    private final LiveOrders orders;
    private final SessionPool pool;
    private final OrderMessages messages;
    private final ClOrdIdCodec clOrdIds;
    private final FixFailures failures;
    private final char[] clOrdId;
    private long afterNanos = Long.MAX_VALUE;
    private int cursor;
    private boolean unsupported;

    UnansweredOrders(
        final LiveOrders orders,
        final SessionPool pool,
        final OrderMessages messages,
        final ClOrdIdCodec clOrdIds,
        final FixFailures failures)
    {
        this.orders = orders;
        this.pool = pool;
        this.messages = messages;
        this.clOrdIds = clOrdIds;
        this.failures = failures;
        this.clOrdId = new char[clOrdIds.length()];
    }

    void askAfter(final long nanos)
    {
        afterNanos = nanos;
    }

    /**
     * The venue refused an OrderStatusRequest as a message type it does not support: ask no more.
     */
    void onUnsupported()
    {
        failures.statusUnsupported++;
        unsupported = true;
    }

    /**
     * @return requests sent.
     */
    int poll(final long nowNanos)
    {
        if (unsupported || afterNanos == Long.MAX_VALUE)
        {
            return 0;
        }
        int asked = 0;
        for (int i = 0; i < SLOTS_PER_POLL; i++)
        {
            final int slot = cursor;
            cursor = (cursor + 1) & orders.mask;
            if (isUnanswered(slot, nowNanos) && ask(slot, nowNanos))
            {
                asked++;
            }
        }
        return asked;
    }

    /**
     * @return the slot of the order a status answer (ClOrdID {@code id}) is about, if a request is still out for
     *         it; else -1 (it was answered after all, or has ended).
     */
    int slotAskedAbout(final int sessionIndex, final char[] id, final int idLength, final long nextOrderNumber)
    {
        if (!clOrdIds.decode(id, idLength))
        {
            return -1;
        }
        final int slot = orders.liveSlot(clOrdIds.orderNumber(nextOrderNumber));
        return slot >= 0 && orders.session[slot] == sessionIndex && orders.statusAsked[slot] ? slot : -1;
    }

    private boolean isUnanswered(final int slot, final long nowNanos)
    {
        final byte state = orders.state[slot];
        return orders.requestId[slot] != LiveOrders.FREE && !orders.statusAsked[slot] &&
            (state == LiveOrders.NEW_SENT || state == LiveOrders.REPLACE_SENT || state == LiveOrders.CANCEL_SENT) &&
            nowNanos - orders.stageSentNanos[slot] >= afterNanos;
    }

    /**
     * Asks by the ClOrdID the venue would know the order by if the unanswered stage had taken effect: a
     * replace's own, else the order's latest accepted one.
     */
    private boolean ask(final int slot, final long nowNanos)
    {
        final int sessionIndex = orders.session[slot];
        final Session session = pool.sendableSession(sessionIndex, nowNanos);
        if (session == null)
        {
            return false;
        }
        final int idLength = orders.state[slot] == LiveOrders.REPLACE_SENT ?
            clOrdIds.encode(clOrdId, orders.requestId[slot], REPLACE_STAGE, orders.stageIntendedNanos[slot]) :
            clOrdIds.encode(clOrdId, orders.liveClOrdSequence[slot], orders.liveClOrdIntendedNanos[slot]);
        if (session.trySend(messages.status(sessionIndex, orders, slot, clOrdId, idLength)) < 0)
        {
            failures.sendBackPressure++;
            return false;
        }
        pool.onSent(sessionIndex);
        orders.statusAsked[slot] = true;
        failures.statusRequests++;
        return true;
    }
}
