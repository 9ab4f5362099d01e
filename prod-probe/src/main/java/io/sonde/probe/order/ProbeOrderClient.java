package io.sonde.probe.order;

import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.InboundOrderMessages;
import io.sonde.fix.client.order.MsgTypes;
import io.sonde.fix.client.order.OrderMessageHandler;
import io.sonde.fix.client.session.SessionEvents;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.fix.codecs.CxlRejReason;
import io.sonde.fix.codecs.ExecType;
import io.sonde.fix.codecs.MassStatusReqType;
import io.sonde.fix.codecs.MsgType;
import io.sonde.fix.codecs.OrdStatus;
import io.sonde.fix.codecs.TimeInForce;
import io.sonde.fix.codecs.OrdType;
import io.sonde.fix.codecs.builder.NewOrderSingleEncoder;
import io.sonde.fix.codecs.builder.OrderCancelRequestEncoder;
import io.sonde.fix.codecs.builder.OrderMassStatusRequestEncoder;
import io.sonde.fix.codecs.decoder_flyweight.BusinessMessageRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderCancelRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.RejectDecoder;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.probe.measure.ProbeSeries;
import io.sonde.probe.order.ProbeCounters.Count;
import io.sonde.probe.safety.SendGuard;
import io.sonde.probe.safety.SendVerdict;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.EpochClock;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.session.Session;

import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * The probe's orders over its FIX sessions. Each probe order is a NewOrderSingle stamped with its intended
 * time, then (DAY orders) a cancel sent the moment the acknowledgement arrives; both stages and the whole
 * lifecycle are timed, corrected and uncorrected.
 * <p>
 * Nothing is left behind: every order stays in {@link ProbeOrderTable} until the venue says it is closed, and
 * after every logon, or when an order's state has become unknown, {@link ProbeReconciler} settles the
 * session's orders with the venue before any more are sent.
 * <p>
 * Single-threaded: every method on the thread that polls the FIX library.
 */
public final class ProbeOrderClient implements SessionEvents
{

    private final SessionPool pool;
    private final ProbeOrderSpec spec;
    private final ClOrdIdCodec clOrdIds;
    private final SendGuard guard;
    private final ProbeCounters counters;
    private final ProbeSeries series;
    private final long timeoutNanos;
    private final Consumer<String> log;
    private final EpochClock epochClock;
    private final ProbeOrderTable table;

    private final NewOrderSingleEncoder[] newOrders;
    private final OrderCancelRequestEncoder[] cancels;
    private final OrderMassStatusRequestEncoder[] statusRequests;
    private final UtcTimestampEncoder transactTime = new UtcTimestampEncoder();
    private final byte[] symbol;
    private final byte[] account;
    private final char[] idScratch;

    private final InboundOrderMessages inbound = new InboundOrderMessages(new Reports());

    private final ProbeReconciler reconciler;
    private boolean draining;
    private long nextOrderNumber;

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
        this.epochClock = epochClock;
        this.pool = pool;
        this.spec = spec;
        this.clOrdIds = clOrdIds;
        this.guard = guard;
        this.counters = counters;
        this.series = series;
        this.timeoutNanos = timeoutNanos;
        this.log = log;
        this.table = new ProbeOrderTable(capacity, Math.max(64, clOrdIds.length()));
        this.idScratch = new char[clOrdIds.length()];
        this.symbol = spec.symbol().getBytes(StandardCharsets.US_ASCII);
        this.account = spec.account().getBytes(StandardCharsets.US_ASCII);
        final int sessions = pool.size();
        newOrders = new NewOrderSingleEncoder[sessions];
        cancels = new OrderCancelRequestEncoder[sessions];
        statusRequests = new OrderMassStatusRequestEncoder[sessions];
        for (int i = 0; i < sessions; i++)
        {
            newOrders[i] = new NewOrderSingleEncoder();
            cancels[i] = new OrderCancelRequestEncoder();
            statusRequests[i] = new OrderMassStatusRequestEncoder();
        }
        reconciler = new ProbeReconciler(sessions, table, clOrdIds, new ReconcilerClient(), timeoutNanos, log);
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
        final long number = nextOrderNumber++;
        final int slot = table.claim(number);
        if (slot < 0)
        {
            // The guard's open-order cap is below the table's capacity, so only a bug gets here: refuse.
            guard.onOrderClosed();
            counters.refused(SendVerdict.OPEN_ORDERS_CAP);
            return SendVerdict.OPEN_ORDERS_CAP;
        }
        final int idLength = clOrdIds.encode(table.clOrdId[slot], number, ClOrdIdCodec.NEW_STAGE, intendedNanos);
        table.clOrdIdLength[slot] = idLength;
        final Session session = pool.session(sessionIndex);
        final NewOrderSingleEncoder newOrder = newOrders[sessionIndex]
            .clOrdID(table.clOrdId[slot], idLength)
            .account(account)
            .symbol(symbol)
            .side(spec.side())
            .transactTime(transactTime.buffer(), transactTime.encode(epochClock.time()))
            .orderQty(spec.quantity(), 0)
            .ordType(OrdType.LIMIT)
            .price(spec.priceCents(), ProbeOrderSpec.PRICE_SCALE)
            .timeInForce(spec.ioc() ? TimeInForce.IMMEDIATE_OR_CANCEL : TimeInForce.DAY);
        if (session.trySend(newOrder) < 0)
        {
            table.free(slot);
            guard.onOrderClosed();
            counters.increment(Count.SKIPPED_SESSION_DOWN);
            return SendVerdict.NO_SESSION;
        }
        pool.onSent(sessionIndex);
        table.state[slot] = ProbeOrderTable.NEW_SENT;
        table.session[slot] = sessionIndex;
        table.measured[slot] = true;
        copy(symbol, table.symbol[slot]);
        table.symbolLength[slot] = symbol.length;
        table.side[slot] = spec.side();
        table.quantity[slot] = spec.quantity();
        table.intendedNanos[slot] = intendedNanos;
        table.sentNanos[slot] = nowNanos;
        table.deadlineNanos[slot] = nowNanos + timeoutNanos;
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
        work += expire(nowNanos);
        work += sendDueCancels(nowNanos);
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
                open.append(open.length() == 0 ? "" : ", ")
                    .append(table.clOrdId[slot], 0, table.clOrdIdLength[slot]);
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
        final long receivedNanos)
    {
        inbound.onMessage(sessionIndex, messageType, buffer, offset, length, receivedNanos);
    }

    public void onSequenceReset(final int sessionIndex)
    {
        counters.increment(Count.SEQUENCE_RESETS);
        log.accept("SEQUENCE RESET on session " + (sessionIndex + 1) + ": the venue refused the sequence numbers " +
            "in state.dir (missing or behind the venue's, or the venue reset its own); logged on with " +
            "ResetSeqNumFlag (141=Y), so both sides restart at 1");
    }

    public void onSessionDown(final int sessionIndex, final long nowNanos)
    {
        counters.increment(Count.SESSION_DISCONNECTS);
        reconciler.onSessionDown(sessionIndex);
        for (int slot = 0; slot < table.capacity(); slot++)
        {
            if (table.isUsed(slot) && table.session[slot] == sessionIndex)
            {
                if (table.measured[slot])
                {
                    counters.increment(Count.ENDED_BY_DISCONNECT);
                    table.measured[slot] = false;
                }
                table.state[slot] = ProbeOrderTable.UNCERTAIN;
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

    private void onExecutionReport(final ExecutionReportDecoder executionReport, final long nowNanos)
    {
        final int slot = slotOf(executionReport.clOrdID(), executionReport.clOrdIDLength());
        if (slot < 0)
        {
            return;
        }
        final boolean isCancelReport = clOrdIds.stage() == ClOrdIdCodec.CANCEL_STAGE;
        final char execType = executionReport.execType();
        final char ordStatus = executionReport.ordStatus();
        if (execType == ExecType.TRADE.representation())
        {
            counters.increment(Count.FILLED);
            log.accept("ALERT: probe order " + new String(table.clOrdId[slot], 0, table.clOrdIdLength[slot]) +
                " traded (" + executionReport.symbolAsString() + "); check the price policy at once");
        }
        if (execType == ExecType.REJECTED.representation() || ordStatus == OrdStatus.REJECTED.representation())
        {
            counters.increment(Count.REJECTED);
            if (!isCancelReport)
            {
                acknowledge(slot, nowNanos);
            }
            close(slot);
            return;
        }
        if (!isCancelReport && !table.acknowledged[slot])
        {
            acknowledge(slot, nowNanos);
            counters.increment(Count.ACKNOWLEDGED);
            if (table.state[slot] == ProbeOrderTable.NEW_SENT)
            {
                table.state[slot] = ProbeOrderTable.RESTING;
                table.cancelIntendedNanos[slot] = nowNanos;
            }
        }
        if (isTerminal(ordStatus))
        {
            if (ordStatus == OrdStatus.CANCELED.representation() || ordStatus == OrdStatus.EXPIRED.representation())
            {
                counters.increment(Count.CANCELLED);
            }
            if (isCancelReport && table.measured[slot])
            {
                series.cancel().recordResponse(table.cancelIntendedNanos[slot], table.cancelSentNanos[slot], nowNanos);
            }
            completeLifecycle(slot, nowNanos);
            close(slot);
        }
    }

    private void onCancelReject(final OrderCancelRejectDecoder cancelReject)
    {
        final int slot = slotOf(cancelReject.clOrdID(), cancelReject.clOrdIDLength());
        if (slot < 0)
        {
            return;
        }
        counters.increment(Count.CANCEL_REJECTED);
        final boolean unknownOrder = cancelReject.hasCxlRejReason() &&
            cancelReject.cxlRejReason() == CxlRejReason.UNKNOWN_ORDER.representation();
        if (unknownOrder || isTerminal(cancelReject.ordStatus()))
        {
            // The order is gone already (cancelled on disconnect, expired, or never arrived): nothing left open.
            close(slot);
        }
        else
        {
            table.measured[slot] = false;
            table.state[slot] = ProbeOrderTable.UNCERTAIN;
        }
    }

    private void acknowledge(final int slot, final long nowNanos)
    {
        table.acknowledged[slot] = true;
        if (table.measured[slot])
        {
            series.newAck().recordResponse(table.intendedNanos[slot], table.sentNanos[slot], nowNanos);
        }
    }

    private void completeLifecycle(final int slot, final long nowNanos)
    {
        if (table.measured[slot])
        {
            series.lifecycle().recordResponse(table.intendedNanos[slot], table.sentNanos[slot], nowNanos);
            counters.onRoundTrip(epochClock.time());
        }
    }

    /**
     * An answer that never came: the stage is recorded as lasting until now (the tail is never dropped), and
     * the order, whose state at the venue is now unknown, is cancelled or settled by a mass status.
     */
    private int expire(final long nowNanos)
    {
        int expired = 0;
        for (int slot = 0; slot < table.capacity(); slot++)
        {
            if (!table.isUsed(slot) || nowNanos < table.deadlineNanos[slot])
            {
                continue;
            }
            final byte state = table.state[slot];
            if (state == ProbeOrderTable.NEW_SENT || state == ProbeOrderTable.CANCEL_SENT)
            {
                if (table.measured[slot])
                {
                    final RequestSeries stage = state == ProbeOrderTable.NEW_SENT ? series.newAck() : series.cancel();
                    final long intended = state == ProbeOrderTable.NEW_SENT ?
                        table.intendedNanos[slot] : table.cancelIntendedNanos[slot];
                    final long sent = state == ProbeOrderTable.NEW_SENT ?
                        table.sentNanos[slot] : table.cancelSentNanos[slot];
                    stage.recordResponse(intended, sent, nowNanos);
                    series.lifecycle().recordResponse(table.intendedNanos[slot], table.sentNanos[slot], nowNanos);
                    counters.onTimeout();
                    table.measured[slot] = false;
                }
                table.state[slot] = ProbeOrderTable.UNCERTAIN;
                table.deadlineNanos[slot] = nowNanos + timeoutNanos;
                expired++;
            }
        }
        return expired;
    }

    private int sendDueCancels(final long nowNanos)
    {
        int sent = 0;
        for (int slot = 0; slot < table.capacity(); slot++)
        {
            if (!table.isUsed(slot) || table.state[slot] != ProbeOrderTable.RESTING)
            {
                continue;
            }
            if (spec.ioc() && table.measured[slot])
            {
                // An IOC is cancelled by the venue itself; its terminal report is on its way.
                continue;
            }
            final int sessionIndex = table.session[slot];
            final Session session = pool.sendableSession(sessionIndex, nowNanos);
            if (session == null || !reconciler.isSettled(sessionIndex))
            {
                continue;
            }
            if (sendCancel(slot, sessionIndex, session, nowNanos))
            {
                sent++;
            }
        }
        return sent;
    }

    private boolean sendCancel(final int slot, final int sessionIndex, final Session session, final long nowNanos)
    {
        final long number = table.orderNumber[slot];
        final long intended = table.cancelIntendedNanos[slot];
        final int idLength = clOrdIds.encode(idScratch, number, ClOrdIdCodec.CANCEL_STAGE, intended);
        final OrderCancelRequestEncoder cancel = cancels[sessionIndex]
            .clOrdID(idScratch, idLength)
            .origClOrdID(table.clOrdId[slot], table.clOrdIdLength[slot])
            .account(account)
            .symbol(table.symbol[slot], table.symbolLength[slot])
            .side(table.side[slot])
            .transactTime(transactTime.buffer(), transactTime.encode(epochClock.time()))
            .orderQty(table.quantity[slot], 0);
        if (session.trySend(cancel) < 0)
        {
            return false;
        }
        pool.onSent(sessionIndex);
        if (table.leftOver[slot])
        {
            counters.increment(Count.CLEANUP_CANCELS);
        }
        table.state[slot] = ProbeOrderTable.CANCEL_SENT;
        table.cancelSentNanos[slot] = nowNanos;
        table.deadlineNanos[slot] = nowNanos + timeoutNanos;
        if (table.measured[slot])
        {
            series.cancel().recordSend(intended, nowNanos);
        }
        return true;
    }

    /**
     * @return the slot of the order a report's ClOrdID names (its new order or its cancel), or -1.
     */
    private int slotOf(final char[] id, final int length)
    {
        if (!clOrdIds.decode(id, length))
        {
            counters.increment(Count.UNKNOWN_REPORTS);
            return -1;
        }
        final int slot = table.find(clOrdIds.orderNumber(nextOrderNumber));
        final boolean isCancel = clOrdIds.stage() == ClOrdIdCodec.CANCEL_STAGE;
        if (slot < 0 || clOrdIds.intendedNanos() !=
            (isCancel ? table.cancelIntendedNanos[slot] : table.intendedNanos[slot]))
        {
            // Same number, other intended time: an order of a previous run, not this one.
            counters.increment(Count.UNKNOWN_REPORTS);
            return -1;
        }
        return slot;
    }

    private void close(final int slot)
    {
        table.free(slot);
        guard.onOrderClosed();
        counters.openOrders(table.size());
    }

    private void onSessionReject(final int sessionIndex, final RejectDecoder sessionReject, final long nowNanos)
    {
        counters.increment(Count.SESSION_REJECTS);
        final String text = sessionReject.hasText() ?
            ": " + new String(sessionReject.text(), 0, sessionReject.textLength()) : "";
        log.accept("session-level Reject of message " + sessionReject.refSeqNum() + text);
        if (sessionReject.hasRefMsgType() && isMassStatus(sessionReject.refMsgType(), sessionReject.refMsgTypeLength()))
        {
            reconciler.onUnsupported(sessionIndex, "a session Reject", nowNanos);
        }
    }

    private void onBusinessReject(
        final int sessionIndex, final BusinessMessageRejectDecoder businessReject, final long nowNanos)
    {
        if (isMassStatus(businessReject.refMsgType(), businessReject.refMsgTypeLength()))
        {
            reconciler.onUnsupported(sessionIndex, "a BusinessMessageReject", nowNanos);
        }
        else
        {
            counters.increment(Count.SESSION_REJECTS);
        }
    }

    private static boolean isMassStatus(final char[] msgType, final int length)
    {
        return MsgTypes.is(msgType, length, MsgType.ORDER_MASS_STATUS_REQUEST);
    }

    private static boolean isTerminal(final char ordStatus)
    {
        return ordStatus == OrdStatus.FILLED.representation() ||
            ordStatus == OrdStatus.CANCELED.representation() ||
            ordStatus == OrdStatus.EXPIRED.representation();
    }

    private static void copy(final byte[] from, final char[] to)
    {
        for (int i = 0; i < from.length; i++)
        {
            to[i] = (char)from[i];
        }
    }

    private final class Reports implements OrderMessageHandler
    {
        public void onExecutionReport(
            final int sessionIndex, final ExecutionReportDecoder report, final long receivedNanos)
        {
            if (report.hasMassStatusReqID())
            {
                reconciler.onStatusReport(sessionIndex, report, receivedNanos);
            }
            else
            {
                ProbeOrderClient.this.onExecutionReport(report, receivedNanos);
            }
        }

        public void onCancelReject(
            final int sessionIndex, final OrderCancelRejectDecoder reject, final long receivedNanos)
        {
            ProbeOrderClient.this.onCancelReject(reject);
        }

        public void onSessionReject(final int sessionIndex, final RejectDecoder reject, final long receivedNanos)
        {
            ProbeOrderClient.this.onSessionReject(sessionIndex, reject, receivedNanos);
        }

        public void onBusinessReject(
            final int sessionIndex, final BusinessMessageRejectDecoder reject, final long receivedNanos)
        {
            ProbeOrderClient.this.onBusinessReject(sessionIndex, reject, receivedNanos);
        }
    }

    private final class ReconcilerClient implements ProbeReconciler.Client
    {
        public boolean requestOpenOrders(final int sessionIndex, final String massStatusRequestId)
        {
            final OrderMassStatusRequestEncoder request = statusRequests[sessionIndex]
                .massStatusReqID(massStatusRequestId)
                .massStatusReqType(MassStatusReqType.STATUS_FOR_ALL_ORDERS)
                .account(account);
            return pool.session(sessionIndex).trySend(request) >= 0;
        }

        public long newOrderNumber()
        {
            return nextOrderNumber++;
        }

        public void onLeftOverFound()
        {
            guard.onOrderFound();
        }

        public void close(final int slot)
        {
            ProbeOrderClient.this.close(slot);
        }
    }
}
