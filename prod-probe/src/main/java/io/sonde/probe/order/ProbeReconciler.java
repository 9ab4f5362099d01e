package io.sonde.probe.order;

import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.OrderTable;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;

import java.util.function.Consumer;

/**
 * Settles the probe's orders with the venue after every logon, and whenever an order's state has become
 * unknown (a timeout, a dropped session): it asks for the session's open orders (OrderMassStatusRequest),
 * schedules a cancel for every listed order carrying the probe's ClOrdID prefix (its own, or a crashed
 * predecessor's) and closes its own unknown orders the venue does not list. A venue that does not answer mass
 * status (a reject, or silence past the timeout) gets a cancel for every order the probe knows of instead.
 * <p>
 * Single-threaded, on the thread that polls the FIX library.
 */
final class ProbeReconciler
{
    /**
     * What the reconciler needs from the client that owns the sessions and the guard.
     */
    interface Client
    {
        /**
         * @return false when the request could not be sent (back-pressure): it is asked again next poll.
         */
        boolean requestOpenOrders(int sessionIndex, String massStatusRequestId);

        /**
         * A left-over order was found open at the venue: it counts against the open-order cap until closed.
         */
        void onLeftOverFound();
    }

    private final ProbeOrders orders;
    private final ClOrdIdCodec clOrdIds;
    private final Client client;
    private final long timeoutNanos;
    private final Consumer<String> log;
    private final SessionReconciliation[] sessions;
    private boolean massStatusUnsupported;
    private boolean everReconciled;
    private long nextStatusRequest;

    ProbeReconciler(
        final int sessionCount,
        final ProbeOrders orders,
        final ClOrdIdCodec clOrdIds,
        final Client client,
        final long timeoutNanos,
        final Consumer<String> log)
    {
        this.orders = orders;
        this.clOrdIds = clOrdIds;
        this.client = client;
        this.timeoutNanos = timeoutNanos;
        this.log = log;
        this.sessions = new SessionReconciliation[sessionCount];
        for (int i = 0; i < sessionCount; i++)
        {
            sessions[i] = new SessionReconciliation();
        }
    }

    /**
     * @param active whether session {@code sessionIndex} is logged on now.
     * @return the work done: 1 when a request went out or orders were settled, else 0.
     */
    int poll(final int sessionIndex, final boolean active, final long nowNanos)
    {
        switch (sessions[sessionIndex].poll(active, nowNanos))
        {
            case REQUEST_STATUS:
                requestOpenOrders(sessionIndex, nowNanos);
                return 1;

            case STATUS_OVERDUE:
                onUnsupported(sessionIndex, "no answer within " + timeoutNanos / 1_000_000 + " ms", nowNanos);
                return 1;

            case SETTLED:
                if (!hasUncertain(sessionIndex, nowNanos))
                {
                    return 0;
                }
                requestOpenOrders(sessionIndex, nowNanos);
                return 1;

            default:
                return 0;
        }
    }

    /**
     * @return whether the session may carry orders: nothing is asked or awaited on it.
     */
    boolean isSettled(final int sessionIndex)
    {
        return sessions[sessionIndex].isSettled();
    }

    /**
     * @return whether every session has finished the clean-up after its first logon.
     */
    boolean isSettled()
    {
        if (!everReconciled)
        {
            return false;
        }
        for (final SessionReconciliation session : sessions)
        {
            if (!session.isSettled())
            {
                return false;
            }
        }
        return true;
    }

    /**
     * One report of the answer to a mass status (it carries MassStatusReqID): an open order, or the only report
     * of an answer that lists none. The last report settles the session.
     */
    void onStatusReport(final int sessionIndex, final ExecutionReportDecoder report, final long nowNanos)
    {
        if (!sessions[sessionIndex].isAnsweredBy(report.massStatusReqIDAsString()))
        {
            return;
        }
        if (report.hasClOrdID() && report.totNumReports() > 0)
        {
            onListedOrder(sessionIndex, report);
        }
        if (!report.hasLastRptRequested() || report.lastRptRequested())
        {
            finish(sessionIndex, nowNanos);
        }
    }

    /**
     * The venue refused the mass status request, or never answered it: from now on every session's own orders
     * are cancelled by their ClOrdIDs.
     *
     * @param how what the venue did, for the log.
     */
    void onUnsupported(final int sessionIndex, final String how, final long nowNanos)
    {
        if (!sessions[sessionIndex].isAwaitingStatus())
        {
            return;
        }
        if (!massStatusUnsupported)
        {
            massStatusUnsupported = true;
            log.accept("the venue did not answer OrderMassStatusRequest (" + how + "): orders a crashed probe " +
                "left cannot be found; this run's own orders are cancelled by their ClOrdIDs instead");
        }
        sessions[sessionIndex].settle();
        everReconciled = true;
        cancelUncertain(sessionIndex, nowNanos);
    }

    /**
     * The session dropped: nothing is awaited on it any more; its next logon asks again.
     */
    void onSessionDown(final int sessionIndex)
    {
        sessions[sessionIndex].settle();
    }

    private void requestOpenOrders(final int sessionIndex, final long nowNanos)
    {
        if (massStatusUnsupported)
        {
            cancelUncertain(sessionIndex, nowNanos);
            everReconciled = true;
            return;
        }
        final String requestId = clOrdIds.prefix() + "-MS" + nextStatusRequest++;
        if (!client.requestOpenOrders(sessionIndex, requestId))
        {
            sessions[sessionIndex].onRequestBackPressured();
            return;
        }
        sessions[sessionIndex].onRequestSent(requestId, nowNanos + timeoutNanos);
        for (int slot = 0; slot < orders.capacity(); slot++)
        {
            orders.listed[slot] = false;
        }
    }

    private void onListedOrder(final int sessionIndex, final ExecutionReportDecoder report)
    {
        final char[] id = report.clOrdID();
        final int length = report.clOrdIDLength();
        if (!clOrdIds.decode(id, length))
        {
            return;
        }
        int slot = orders.table.findByClOrdId(id, length);
        if (slot < 0)
        {
            slot = trackLeftOver(sessionIndex, report);
            if (slot < 0)
            {
                return;
            }
        }
        orders.listed[slot] = true;
    }

    /**
     * @return the slot now tracking an order a predecessor left open, or -1 when the table is full.
     */
    private int trackLeftOver(final int sessionIndex, final ExecutionReportDecoder report)
    {
        final char[] id = report.clOrdID();
        final int length = report.clOrdIDLength();
        final int slot = orders.claimNext();
        if (slot < 0)
        {
            log.accept("cannot track left-over order " + new String(id, 0, length) + ": table full; it " +
                "will be cancelled at the next clean-up");
            return -1;
        }
        final OrderTable table = orders.table;
        System.arraycopy(id, 0, table.clOrdId[slot], 0, length);
        table.clOrdIdLength[slot] = length;
        table.symbol(slot, report.symbol(), report.symbolLength());
        table.side[slot] = report.side();
        table.quantity[slot] = report.hasOrderQty() ? Math.round(report.orderQty().toDouble()) : 0;
        table.session[slot] = sessionIndex;
        table.state[slot] = OrderTable.UNCERTAIN;
        orders.leftOver[slot] = true;
        client.onLeftOverFound();
        sessions[sessionIndex].onLeftOverFound();
        return slot;
    }

    /**
     * The venue has listed every open order: what it listed gets a cancel, what it did not is closed.
     */
    private void finish(final int sessionIndex, final long nowNanos)
    {
        sessions[sessionIndex].settle();
        everReconciled = true;
        final OrderTable table = orders.table;
        for (int slot = 0; slot < orders.capacity(); slot++)
        {
            if (!orders.isUsed(slot) || table.state[slot] != OrderTable.UNCERTAIN)
            {
                continue;
            }
            if (orders.listed[slot])
            {
                orders.cancelDue(slot, nowNanos);
            }
            else if (table.session[slot] == sessionIndex)
            {
                orders.close(slot);
            }
        }
        final int leftOvers = sessions[sessionIndex].leftOversFound();
        if (leftOvers > 0)
        {
            log.accept("clean-up: " + leftOvers + " open order(s) with prefix '" + clOrdIds.prefix() +
                "' found at the venue that this run did not place; cancelling them");
        }
    }

    private void cancelUncertain(final int sessionIndex, final long nowNanos)
    {
        for (int slot = 0; slot < orders.capacity(); slot++)
        {
            if (orders.is(slot, sessionIndex, OrderTable.UNCERTAIN))
            {
                orders.cancelDue(slot, nowNanos);
            }
        }
    }

    private boolean hasUncertain(final int sessionIndex, final long nowNanos)
    {
        for (int slot = 0; slot < orders.capacity(); slot++)
        {
            if (orders.is(slot, sessionIndex, OrderTable.UNCERTAIN) && nowNanos >= orders.deadlineNanos[slot])
            {
                return true;
            }
        }
        return false;
    }
}
