package io.sonde.probe.order;

import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.OrderEncoders;
import io.sonde.fix.client.order.OrderTable;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.probe.measure.ProbeSeries;
import io.sonde.probe.order.ProbeCounters.Count;
import uk.co.real_logic.artio.session.Session;

/**
 * What follows a probe order once it is out: the cancel of every resting order, sent as soon as its session is
 * up and settled, and the timeout of every answer that does not come. A timed-out stage is recorded as lasting
 * until then (the tail is never dropped), and its order, whose state at the venue is now unknown, is left to the
 * {@link ProbeReconciler} to settle.
 */
final class ProbeFollowUps
{
    private final ProbeOrders orders;
    private final OrderTable table;
    private final SessionPool pool;
    private final OrderEncoders encoders;
    private final ClOrdIdCodec clOrdIds;
    private final ProbeReconciler reconciler;
    private final ProbeCounters counters;
    private final ProbeSeries series;
    private final boolean ioc;
    private final long timeoutNanos;

    ProbeFollowUps(
        final ProbeOrders orders,
        final SessionPool pool,
        final OrderEncoders encoders,
        final ClOrdIdCodec clOrdIds,
        final ProbeReconciler reconciler,
        final ProbeCounters counters,
        final ProbeSeries series,
        final boolean ioc,
        final long timeoutNanos)
    {
        this.orders = orders;
        this.table = orders.table;
        this.pool = pool;
        this.encoders = encoders;
        this.clOrdIds = clOrdIds;
        this.reconciler = reconciler;
        this.counters = counters;
        this.series = series;
        this.ioc = ioc;
        this.timeoutNanos = timeoutNanos;
    }

    /**
     * @return stages timed out.
     */
    int expire(final long nowNanos)
    {
        int expired = 0;
        for (int slot = 0; slot < orders.capacity(); slot++)
        {
            if (!orders.isUsed(slot) || nowNanos < orders.deadlineNanos[slot])
            {
                continue;
            }
            final byte state = table.state[slot];
            if (state == OrderTable.NEW_SENT || state == OrderTable.CANCEL_SENT)
            {
                if (orders.measured[slot])
                {
                    recordTimeout(slot, state == OrderTable.NEW_SENT ? series.newAck() : series.cancel(), nowNanos);
                }
                table.state[slot] = OrderTable.UNCERTAIN;
                orders.deadlineNanos[slot] = nowNanos + timeoutNanos;
                expired++;
            }
        }
        return expired;
    }

    /**
     * @return cancels sent.
     */
    int sendDueCancels(final long nowNanos)
    {
        int sent = 0;
        for (int slot = 0; slot < orders.capacity(); slot++)
        {
            if (!orders.isUsed(slot) || table.state[slot] != OrderTable.CANCEL_QUEUED)
            {
                continue;
            }
            if (ioc && orders.measured[slot])
            {
                // An IOC is cancelled by the venue itself; its terminal report is on its way.
                continue;
            }
            final int sessionIndex = table.session[slot];
            final Session session = pool.sendableSession(sessionIndex, nowNanos);
            if (session != null && reconciler.isSettled(sessionIndex) && sendCancel(slot, sessionIndex, session,
                nowNanos))
            {
                sent++;
            }
        }
        return sent;
    }

    private void recordTimeout(final int slot, final RequestSeries stage, final long nowNanos)
    {
        stage.recordResponse(table.stageIntendedNanos[slot], table.stageSentNanos[slot], nowNanos);
        series.lifecycle().recordResponse(table.newIntendedNanos[slot], table.newSentNanos[slot], nowNanos);
        counters.onTimeout();
        orders.measured[slot] = false;
    }

    private boolean sendCancel(final int slot, final int sessionIndex, final Session session, final long nowNanos)
    {
        final long intended = table.stageIntendedNanos[slot];
        table.pendingClOrdIdLength[slot] =
            clOrdIds.encode(table.pendingClOrdId[slot], table.orderNumber[slot], ClOrdIdCodec.CANCEL_STAGE, intended);
        if (session.trySend(encoders.cancel(sessionIndex, table, slot)) < 0)
        {
            return false;
        }
        pool.onSent(sessionIndex);
        if (orders.leftOver[slot])
        {
            counters.increment(Count.CLEANUP_CANCELS);
        }
        table.followUpSent(slot, OrderTable.CANCEL_SENT, nowNanos);
        orders.deadlineNanos[slot] = nowNanos + timeoutNanos;
        if (orders.measured[slot])
        {
            series.cancel().recordSend(intended, nowNanos);
        }
        return true;
    }
}
