package io.sonde.probe.order;

import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.InboundOrderMessages;
import io.sonde.fix.client.order.OrderEncoders;
import io.sonde.fix.client.order.OrderTable;
import io.sonde.fix.client.order.PublicEffects;
import io.sonde.fix.client.profile.ExtraFields;
import io.sonde.fix.client.session.SessionEvents;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.probe.measure.ProbeSeries;
import io.sonde.probe.order.ProbeCounters.Count;
import io.sonde.probe.safety.SendGuard;
import io.sonde.probe.safety.SendVerdict;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.EpochClock;
import uk.co.real_logic.artio.session.Session;

import java.util.function.Consumer;

/**
 * The probe's orders over its FIX sessions. Each probe order is a NewOrderSingle stamped with its intended
 * time, then (DAY orders) a cancel sent the moment the acknowledgement arrives; both stages and the whole
 * lifecycle are timed, corrected and uncorrected.
 * <p>
 * Nothing is left behind: every order stays in {@link ProbeOrders} until the venue says it is closed
 * ({@link ProbeReports}), a cancel follows every resting order ({@link ProbeFollowUps}), and after every logon, or
 * when an order's state has become unknown, {@link ProbeReconciler} settles the session's orders with the venue
 * before any more are sent.
 * <p>
 * Single-threaded: every method on the thread that polls the FIX library.
 */
public final class ProbeOrderClient implements SessionEvents
{
    private static final int FOREIGN_CLORDID_WIDTH = 64;

    private final SessionPool pool;
    private final ClOrdIdCodec clOrdIds;
    private final SendGuard guard;
    private final ProbeCounters counters;
    private final ProbeSeries series;
    private final long timeoutNanos;
    private final SequenceResetNotice sequenceResets;
    private final ProbeOrders orders;
    private final OrderTable table;
    private final OrderEncoders encoders;
    private final ProbeReconciler reconciler;
    private final ProbeFollowUps followUps;
    private final InboundOrderMessages inbound;
    private final char[] symbol;
    private final char side;
    private final long priceCents;
    private final long quantity;
    private final boolean ioc;
    private boolean draining;

    public ProbeOrderClient(
        final SessionPool pool,
        final ProbeOrderSpec spec,
        final ClOrdIdCodec clOrdIds,
        final SendGuard guard,
        final ProbeCounters counters,
        final ProbeSeries series,
        final long timeoutNanos,
        final int capacity,
        final EpochClock epochClock,
        final Consumer<String> log)
    {
        this.pool = pool;
        this.clOrdIds = clOrdIds;
        this.guard = guard;
        this.counters = counters;
        this.series = series;
        this.timeoutNanos = timeoutNanos;
        this.sequenceResets = new SequenceResetNotice(counters, log);
        this.symbol = spec.symbol().toCharArray();
        this.side = spec.side();
        this.priceCents = spec.priceCents();
        this.quantity = spec.quantity();
        this.ioc = spec.ioc();
        orders = new ProbeOrders(capacity, Math.max(FOREIGN_CLORDID_WIDTH, clOrdIds.length()), this::onOrderClosed);
        table = orders.table;
        encoders = new OrderEncoders(pool.version(), pool.size(), spec.account(), 0, epochClock);
        reconciler = new ProbeReconciler(pool.size(), orders, clOrdIds, new ReconcilerClient(), timeoutNanos, log);
        followUps = new ProbeFollowUps(
            orders, pool, encoders, clOrdIds, reconciler, counters, series, ioc, timeoutNanos);
        inbound = new InboundOrderMessages(
            new ProbeReports(orders, clOrdIds, reconciler, counters, series, epochClock, log));
    }

    /**
     * Add a venue profile's fields to every probe order and its cancel.
     */
    public ProbeOrderClient withExtraFields(final ExtraFields newOrderSingle, final ExtraFields cancel)
    {
        encoders.withExtraFields(newOrderSingle, cancel, ExtraFields.none());
        return this;
    }

    /**
     * Tell {@code effects} (the watch on the venue's public market data) of every probe order from now on.
     */
    public ProbeOrderClient watchedBy(final PublicEffects effects)
    {
        orders.watchedBy(effects);
        return this;
    }

    /**
     * Try to send one probe order intended at {@code intendedNanos}: only when a session is up and settled,
     * and the guard allows it.
     *
     * @return ALLOWED when it was sent; otherwise why not (the refusal is counted).
     */
    public SendVerdict sendProbeOrder(final long intendedNanos, final long nowNanos)
    {
        final int sessionIndex = pool.nextSendable(nowNanos);
        if (sessionIndex < 0 || !reconciler.isSettled(sessionIndex) || draining)
        {
            counters.increment(Count.SKIPPED_SESSION_DOWN);
            return SendVerdict.NO_SESSION;
        }
        final SendVerdict verdict = guard.trySend();
        if (verdict != SendVerdict.ALLOWED)
        {
            counters.refused(verdict);
            return verdict;
        }
        final int slot = orders.claimNext();
        if (slot < 0)
        {
            // The guard's open-order cap is below the table's capacity, so only a bug gets here: refuse.
            guard.onOrderClosed();
            counters.refused(SendVerdict.OPEN_ORDERS_CAP);
            return SendVerdict.OPEN_ORDERS_CAP;
        }
        fill(slot, sessionIndex, intendedNanos);
        final Session session = pool.session(sessionIndex);
        if (session.trySend(encoders.newOrder(sessionIndex, session, table, slot)) < 0)
        {
            table.free(slot);
            guard.onOrderClosed();
            counters.increment(Count.SKIPPED_SESSION_DOWN);
            return SendVerdict.NO_SESSION;
        }
        pool.onSent(sessionIndex);
        table.sent(slot, sessionIndex, OrderTable.NEW_SENT, intendedNanos, nowNanos);
        orders.measured[slot] = true;
        orders.deadlineNanos[slot] = nowNanos + timeoutNanos;
        series.newAck().recordSend(intendedNanos, nowNanos);
        series.lifecycle().recordSend(intendedNanos, nowNanos);
        counters.increment(Count.SENT);
        counters.openOrders(table.size());
        return SendVerdict.ALLOWED;
    }

    /**
     * Poll the sessions, settle what a logon or timeout calls for, and send the cancels that are due.
     */
    public int poll(final long nowNanos)
    {
        int work = pool.poll(nowNanos);
        work += watchSessions(nowNanos);
        work += followUps.expire(nowNanos);
        work += followUps.sendDueCancels(nowNanos);
        return work;
    }

    /**
     * Stop sending new orders; everything open is still cancelled as it would be. Done when {@link #isEmpty()}.
     */
    public void drain()
    {
        draining = true;
    }

    public boolean isEmpty()
    {
        return table.size() == 0;
    }

    /**
     * @return whether every session has logged on and finished its first clean-up since the probe started.
     */
    public boolean isSettled()
    {
        return reconciler.isSettled();
    }

    public int openOrders()
    {
        return table.size();
    }

    /**
     * @return the ClOrdIDs still open or unsettled, for the last words of a probe that could not clean up.
     */
    public String describeOpen()
    {
        final StringBuilder open = new StringBuilder();
        for (int slot = 0; slot < table.capacity(); slot++)
        {
            if (table.isUsed(slot))
            {
                open.append(open.length() == 0 ? "" : ", ").append(table.describe(slot));
            }
        }
        return open.toString();
    }

    public void onMessage(
        final int sessionIndex,
        final long messageType,
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final long receivedNanos,
        final long readEpochNanos)
    {
        inbound.onMessage(sessionIndex, messageType, buffer, offset, length, receivedNanos);
    }

    public void onSequenceReset(final int sessionIndex)
    {
        sequenceResets.onReset(sessionIndex);
    }

    public void onSessionDown(final int sessionIndex, final long nowNanos)
    {
        counters.increment(Count.SESSION_DISCONNECTS);
        reconciler.onSessionDown(sessionIndex);
        for (int slot = 0; slot < table.capacity(); slot++)
        {
            if (table.isUsed(slot) && table.session[slot] == sessionIndex)
            {
                if (orders.measured[slot])
                {
                    counters.increment(Count.ENDED_BY_DISCONNECT);
                    orders.measured[slot] = false;
                }
                table.state[slot] = OrderTable.UNCERTAIN;
            }
        }
    }

    private int watchSessions(final long nowNanos)
    {
        int work = 0;
        int up = 0;
        for (int i = 0; i < pool.size(); i++)
        {
            final Session session = pool.session(i);
            final boolean active = session != null && session.isActive();
            if (active)
            {
                up++;
            }
            work += reconciler.poll(i, active, nowNanos);
        }
        counters.sessions(up, pool.size(), nowNanos);
        return work;
    }

    /**
     * The probe's order for this send: its ClOrdID names it and its intended time.
     */
    private void fill(final int slot, final int sessionIndex, final long intendedNanos)
    {
        table.clOrdIdLength[slot] =
            clOrdIds.encode(table.clOrdId[slot], table.orderNumber[slot], ClOrdIdCodec.NEW_STAGE, intendedNanos);
        table.session[slot] = sessionIndex;
        table.symbol(slot, symbol, symbol.length);
        table.side[slot] = side;
        table.priceCents[slot] = priceCents;
        table.quantity[slot] = quantity;
        table.ioc[slot] = ioc;
        table.newIntendedNanos[slot] = intendedNanos;
        table.stageIntendedNanos[slot] = intendedNanos;
    }

    private void onOrderClosed(final int openOrders)
    {
        guard.onOrderClosed();
        counters.openOrders(openOrders);
    }

    private final class ReconcilerClient implements ProbeReconciler.Client
    {
        public boolean requestOpenOrders(final int sessionIndex, final String massStatusRequestId)
        {
            return pool.session(sessionIndex).trySend(encoders.massStatus(sessionIndex, massStatusRequestId)) >= 0;
        }

        public void onLeftOverFound()
        {
            guard.onOrderFound();
        }
    }
}
