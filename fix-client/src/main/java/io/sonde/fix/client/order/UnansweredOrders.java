package io.sonde.fix.client.order;

import io.sonde.fix.client.session.SessionPool;
import uk.co.real_logic.artio.session.Session;

/**
 * Finds order stages that have had no answer within the run's timeout and asks the venue about each, once,
 * with an OrderStatusRequest: an order whose answer was lost (with a failed-over leader, say) is then settled
 * instead of left in an unknown state. A few slots per poll, so no poll pays for a sweep of the whole table.
 * Off until {@link #askAfter(long)}; off for good once the venue refuses the request type.
 */
final class UnansweredOrders
{
    private static final int SLOTS_PER_POLL = 16;

    private final OrderTable orders;
    private final SessionPool pool;
    private final OrderEncoders encoders;
    private final ClOrdIdCodec clOrdIds;
    private final FixFailures failures;
    private long afterNanos = Long.MAX_VALUE;
    private int cursor;
    private boolean unsupported;

    UnansweredOrders(
        final OrderTable orders,
        final SessionPool pool,
        final OrderEncoders encoders,
        final ClOrdIdCodec clOrdIds,
        final FixFailures failures)
    {
        this.orders = orders;
        this.pool = pool;
        this.encoders = encoders;
        this.clOrdIds = clOrdIds;
        this.failures = failures;
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
            cursor = (cursor + 1) & (orders.capacity() - 1);
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
    int slotAskedAbout(final int sessionIndex, final char[] id, final int idLength)
    {
        final int slot = orders.slotNamedBy(clOrdIds, id, idLength);
        return slot >= 0 && orders.session[slot] == sessionIndex && orders.statusAsked[slot] ? slot : -1;
    }

    private boolean isUnanswered(final int slot, final long nowNanos)
    {
        final byte state = orders.state[slot];
        return orders.isUsed(slot) && !orders.statusAsked[slot] &&
            (state == OrderTable.NEW_SENT || state == OrderTable.REPLACE_SENT || state == OrderTable.CANCEL_SENT) &&
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
        final boolean replacing = orders.state[slot] == OrderTable.REPLACE_SENT;
        final char[] clOrdId = replacing ? orders.pendingClOrdId[slot] : orders.clOrdId[slot];
        final int idLength = replacing ? orders.pendingClOrdIdLength[slot] : orders.clOrdIdLength[slot];
        if (session.trySend(encoders.status(sessionIndex, orders, slot, clOrdId, idLength)) < 0)
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
