package io.sonde.fix.client.order;

import io.sonde.fix.client.session.SessionEvents;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.fix.codecs.ExecType;
import io.sonde.fix.codecs.MsgType;
import io.sonde.fix.codecs.OrdStatus;
import io.sonde.fix.codecs.decoder_flyweight.BusinessMessageRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderCancelRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.RejectDecoder;
import io.sonde.loadgen.record.PhasedSeries;
import io.sonde.loadgen.transport.CompletionHandler;
import io.sonde.loadgen.transport.Transport;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.EpochClock;
import org.agrona.concurrent.NanoClock;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.session.Session;

import java.util.List;

import static io.sonde.fix.client.order.ClOrdIdCodec.CANCEL_STAGE;
import static io.sonde.fix.client.order.ClOrdIdCodec.NEW_STAGE;
import static io.sonde.fix.client.order.ClOrdIdCodec.REPLACE_STAGE;
import static io.sonde.fix.client.order.ClOrdIdCodec.stamp;

/**
 * Sonde's order flows over Artio sessions, as a loadgen-core {@link Transport}: each scheduled request is
 * one order lifecycle ({@link OrderFlow}) whose NewOrderSingle carries the request's sequence and
 * intended start time in its ClOrdID ({@link ClOrdIdCodec}). Reports are matched back through the
 * ClOrdID alone, every lifecycle stage is timed ({@link LifecycleStages}), and every failure is counted by
 * kind. Orders are drawn by {@link RandomOrders}; a stage left unanswered past the timeout is settled with an
 * OrderStatusRequest ({@link UnansweredOrders}).
 * <p>
 * A follow-up (cancel, replace) is intended the moment the report that triggers it arrives, so a delay
 * in sending it is measured as lateness, not hidden. Nothing here allocates in steady state; everything
 * runs on the thread that polls the library.
 */
public final class FixOrderTransport implements Transport, SessionEvents
{
    public static final String NEW_ACK = "new-ack";
    public static final String NEW_FILL = "new-fill";
    public static final String REPLACE = "replace";
    public static final String CANCEL = "cancel";

    private static final OrderFlow[] FLOWS = OrderFlow.values();
    private static final char TRADE = ExecType.TRADE.representation();
    private static final char REJECTED = ExecType.REJECTED.representation();
    private static final char REPLACED = ExecType.REPLACED.representation();
    private static final char ORDER_STATUS = ExecType.ORDER_STATUS.representation();

    private final NanoClock clock;
    private final SessionPool pool;
    private final ClOrdIdCodec clOrdIds;
    private final RandomOrders randomOrders;
    private final LiveOrders orders;
    private final FixFailures failures = new FixFailures();
    private final LifecycleStages stages;

    private final InboundOrderMessages inbound = new InboundOrderMessages(new Reports());
    /** Per session: Artio fills an encoder's CompIDs on its first send only, so encoders cannot be shared. */
    private final OrderMessages messages;
    private final char[] clOrdId;
    private final char[] origClOrdId;

    private final long[] followUps;
    private long followUpHead;
    private long followUpTail;
    private final SentSequences sentSequences;
    private final UnansweredOrders unanswered;

    private CompletionHandler handler;
    private long nextRequestId;
    private long fillReports;
    private long fillsAfterAck;

    /**
     * @param clock      nanoTime, for latency.
     * @param epochClock the wall clock, for TransactTime (60).
     */
    public FixOrderTransport(
        final NanoClock clock,
        final EpochClock epochClock,
        final SessionPool pool,
        final ClOrdIdCodec clOrdIds,
        final FlowMix flowMix,
        final OrderParameters parameters,
        final int capacity)
    {
        this.clock = clock;
        this.pool = pool;
        this.clOrdIds = clOrdIds;
        this.randomOrders = new RandomOrders(flowMix, parameters);
        this.orders = new LiveOrders(capacity);
        this.stages = new LifecycleStages(orders);
        this.followUps = new long[orders.capacity()];
        this.messages = new OrderMessages(parameters, pool.size(), epochClock);
        this.clOrdId = new char[clOrdIds.length()];
        this.origClOrdId = new char[clOrdIds.length()];
        this.sentSequences = new SentSequences(pool.size());
        this.unanswered = new UnansweredOrders(orders, pool, messages, clOrdIds, failures);
    }

    /**
     * @return the lifecycle stages this transport records, to log beside the run's own series.
     */
    public List<PhasedSeries> stages()
    {
        return stages.all();
    }

    /**
     * @return every ExecutionReport with ExecType F received, for any order of this run.
     */
    public long fillReports()
    {
        return fillReports;
    }

    /**
     * @return fills of day orders that arrived after their acknowledgement ended the lifecycle.
     */
    public long fillsAfterAck()
    {
        return fillsAfterAck;
    }

    public FixFailures failures()
    {
        return failures;
    }

    /**
     * Ask the venue (OrderStatusRequest) about every order stage still unanswered this long after it was sent,
     * so an order whose answer was lost, in a failover say, is settled rather than left in an unknown state.
     * Off until called; turned off for good when the venue rejects the request type.
     */
    public FixOrderTransport resolveUnansweredAfter(final long nanos)
    {
        unanswered.askAfter(nanos);
        return this;
    }

    public boolean trySend(final long requestId, final long intendedNanos)
    {
        final long nowNanos = clock.nanoTime();
        final int slot = orders.slotOf(requestId);
        if (orders.requestId[slot] != requestId)
        {
            randomOrders.draw(orders, slot, requestId, intendedNanos);
        }

        final int sessionIndex = pool.nextSendable(nowNanos);
        if (sessionIndex < 0)
        {
            return false;
        }
        final Session session = pool.session(sessionIndex);
        final int idLength = clOrdIds.encode(clOrdId, requestId, NEW_STAGE, intendedNanos);
        final long position =
            session.trySend(messages.newOrder(sessionIndex, session, orders, slot, clOrdId, idLength));
        if (position < 0)
        {
            failures.sendBackPressure++;
            return false;
        }

        pool.onSent(sessionIndex);
        sentSequences.remember(sessionIndex, session.lastSentMsgSeqNum(), slot);
        nextRequestId = requestId + 1;
        orders.session[slot] = sessionIndex;
        orders.state[slot] = LiveOrders.NEW_SENT;
        orders.newSentNanos[slot] = nowNanos;
        orders.stageIntendedNanos[slot] = intendedNanos;
        orders.stageSentNanos[slot] = nowNanos;
        orders.liveClOrdSequence[slot] = stamp(requestId, NEW_STAGE);
        orders.liveClOrdIntendedNanos[slot] = intendedNanos;
        stages.recordSend(slot, intendedNanos, nowNanos);
        return true;
    }

    public int poll(final CompletionHandler handler)
    {
        this.handler = handler;
        final int received = pool.poll(clock.nanoTime());
        final long nowNanos = clock.nanoTime();
        return received + sendFollowUps(nowNanos) + unanswered.poll(nowNanos);
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

    public void onSessionDown(final int sessionIndex, final long nowNanos)
    {
        for (int slot = 0; slot < orders.capacity(); slot++)
        {
            if (orders.requestId[slot] != LiveOrders.FREE && orders.state[slot] != 0 &&
                orders.session[slot] == sessionIndex)
            {
                failures.endedBySessionDown++;
                endRejected(slot, nowNanos, RejectReasons.SESSION_DOWN);
            }
        }
    }

    private void onExecutionReport(
        final int sessionIndex, final ExecutionReportDecoder executionReport, final long nowNanos)
    {
        final char execType = executionReport.execType();
        if (execType == ORDER_STATUS)
        {
            if (!executionReport.hasMassStatusReqID())
            {
                onStatusAnswer(sessionIndex, executionReport, nowNanos);
            }
            return;
        }
        if (execType == TRADE)
        {
            fillReports++;
            if (isFillAfterAck(executionReport))
            {
                fillsAfterAck++;
                return;
            }
        }
        final int slot = slotOfReport(
            sessionIndex, executionReport.clOrdID(), executionReport.clOrdIDLength());
        if (slot < 0)
        {
            return;
        }
        // Answered after all: the status answer that may follow is stale.
        orders.statusAsked[slot] = false;

        final char ordStatus = executionReport.ordStatus();
        if (execType == REJECTED || ordStatus == OrdStatus.REJECTED.representation())
        {
            stages.recordResponse(slot, nowNanos);
            failures.orderRejects++;
            endRejected(slot, nowNanos, RejectReasons.ORDER_REJECTED);
            return;
        }
        if (execType == TRADE && !orders.filled[slot])
        {
            orders.filled[slot] = true;
            stages.recordFill(slot, nowNanos);
        }

        final byte state = orders.state[slot];
        if (state == LiveOrders.NEW_SENT)
        {
            stages.recordResponse(slot, nowNanos);
            afterNewAcknowledged(slot, ordStatus, nowNanos);
        }
        else if (isTerminal(ordStatus))
        {
            if (state == LiveOrders.CANCEL_SENT || state == LiveOrders.REPLACE_SENT)
            {
                stages.recordResponse(slot, nowNanos);
            }
            endAcknowledged(slot, nowNanos);
        }
        else if (state == LiveOrders.REPLACE_SENT && execType == REPLACED)
        {
            stages.recordResponse(slot, nowNanos);
            orders.liveClOrdSequence[slot] = stamp(orders.requestId[slot], REPLACE_STAGE);
            orders.liveClOrdIntendedNanos[slot] = orders.stageIntendedNanos[slot];
            queueFollowUp(slot, LiveOrders.CANCEL_QUEUED, nowNanos);
        }
    }

    private void afterNewAcknowledged(final int slot, final char ordStatus, final long nowNanos)
    {
        if (isTerminal(ordStatus))
        {
            endAcknowledged(slot, nowNanos);
            return;
        }
        final OrderFlow flow = FLOWS[orders.flow[slot]];
        if (flow == OrderFlow.NEW)
        {
            if (orders.ioc[slot])
            {
                orders.state[slot] = LiveOrders.AWAITING_TERMINAL;
            }
            else
            {
                endAcknowledged(slot, nowNanos);
            }
        }
        else
        {
            queueFollowUp(slot, flow == OrderFlow.NEW_CANCEL ? LiveOrders.CANCEL_QUEUED : LiveOrders.REPLACE_QUEUED,
                nowNanos);
        }
    }

    private void onCancelReject(
        final int sessionIndex, final OrderCancelRejectDecoder cancelReject, final long nowNanos)
    {
        final int slot = slotOfReport(sessionIndex, cancelReject.clOrdID(), cancelReject.clOrdIDLength());
        if (slot >= 0)
        {
            stages.recordResponse(slot, nowNanos);
            failures.cancelRejects++;
            endRejected(slot, nowNanos, RejectReasons.CANCEL_REJECTED);
        }
    }

    private void onSessionReject(final int sessionIndex, final RejectDecoder sessionReject, final long nowNanos)
    {
        if (sessionReject.hasRefMsgType() &&
            MsgTypes.is(sessionReject.refMsgType(), sessionReject.refMsgTypeLength(), MsgType.ORDER_STATUS_REQUEST))
        {
            unanswered.onUnsupported();
            return;
        }
        failures.sessionRejects++;
        final int slot = sentSequences.slotOf(sessionIndex, sessionReject.refSeqNum());
        if (slot >= 0 && orders.requestId[slot] != LiveOrders.FREE && orders.session[slot] == sessionIndex)
        {
            endRejected(slot, nowNanos, RejectReasons.SESSION_REJECT);
        }
    }

    private void onBusinessReject(
        final int sessionIndex, final BusinessMessageRejectDecoder businessReject, final long nowNanos)
    {
        if (MsgTypes.is(businessReject.refMsgType(), businessReject.refMsgTypeLength(), MsgType.ORDER_STATUS_REQUEST))
        {
            unanswered.onUnsupported();
            return;
        }
        failures.businessRejects++;
        if (businessReject.hasBusinessRejectRefID())
        {
            final int slot = slotOfReport(
                sessionIndex, businessReject.businessRejectRefID(), businessReject.businessRejectRefIDLength());
            if (slot >= 0)
            {
                endRejected(slot, nowNanos, RejectReasons.BUSINESS_REJECT);
            }
        }
    }

    /**
     * The venue's answer to an OrderStatusRequest about a stage that had no answer in time. Open: the answer
     * was lost and the order lives, so its flow goes on (a lost cancel is sent again). Not open: it never
     * arrived or has closed, which settles it.
     */
    private void onStatusAnswer(final int sessionIndex, final ExecutionReportDecoder report, final long nowNanos)
    {
        final int slot =
            unanswered.slotAskedAbout(sessionIndex, report.clOrdID(), report.clOrdIDLength(), nextRequestId);
        if (slot < 0)
        {
            return;
        }
        orders.statusAsked[slot] = false;
        final char ordStatus = report.ordStatus();
        final boolean open = ordStatus != OrdStatus.REJECTED.representation() && !isTerminal(ordStatus);
        final byte state = orders.state[slot];
        if (open)
        {
            failures.resolvedOpen++;
            if (state == LiveOrders.NEW_SENT)
            {
                failures.lostAcknowledgements++;
                afterNewAcknowledged(slot, ordStatus, nowNanos);
            }
            else if (state == LiveOrders.REPLACE_SENT)
            {
                orders.liveClOrdSequence[slot] = stamp(orders.requestId[slot], REPLACE_STAGE);
                orders.liveClOrdIntendedNanos[slot] = orders.stageIntendedNanos[slot];
                queueFollowUp(slot, LiveOrders.CANCEL_QUEUED, nowNanos);
            }
            else
            {
                queueFollowUp(slot, LiveOrders.CANCEL_QUEUED, nowNanos);
            }
            return;
        }
        failures.resolvedNotOpen++;
        if (state == LiveOrders.REPLACE_SENT)
        {
            // The replace did not take, or the order closed: cancel it by its previous ClOrdID, leaving nothing.
            queueFollowUp(slot, LiveOrders.CANCEL_QUEUED, nowNanos);
        }
        else if (state == LiveOrders.CANCEL_SENT)
        {
            endAcknowledged(slot, nowNanos);
        }
        else
        {
            endRejected(slot, nowNanos, RejectReasons.NOT_AT_VENUE);
        }
    }

    /**
     * A fill of a day order whose lifecycle ended when it was acknowledged: it crossed right after the
     * acknowledgement, or rested and traded later. Expected on a real venue, so not a report after end.
     */
    private boolean isFillAfterAck(final ExecutionReportDecoder executionReport)
    {
        if (!clOrdIds.decode(executionReport.clOrdID(), executionReport.clOrdIDLength()))
        {
            return false;
        }
        final int slot = orders.liveSlot(clOrdIds.orderNumber(nextRequestId));
        return slot < 0 || orders.state[slot] == 0;
    }

    /**
     * Find the live lifecycle a report belongs to from its ClOrdID alone; count it when there is none.
     */
    private int slotOfReport(final int sessionIndex, final char[] id, final int idLength)
    {
        if (!clOrdIds.decode(id, idLength))
        {
            failures.unknownClOrdIds++;
            return -1;
        }
        final int slot = orders.liveSlot(clOrdIds.orderNumber(nextRequestId));
        if (slot < 0 || orders.state[slot] == 0)
        {
            failures.reportsAfterEnd++;
            return -1;
        }
        if (orders.session[slot] != sessionIndex)
        {
            failures.unknownClOrdIds++;
            return -1;
        }
        return slot;
    }

    private void queueFollowUp(final int slot, final byte queuedState, final long nowNanos)
    {
        orders.state[slot] = queuedState;
        orders.stageIntendedNanos[slot] = nowNanos;
        followUps[(int)(followUpTail++ & orders.mask)] = orders.requestId[slot];
    }

    private int sendFollowUps(final long nowNanos)
    {
        int sent = 0;
        while (followUpHead < followUpTail)
        {
            final long requestId = followUps[(int)(followUpHead & orders.mask)];
            final int slot = orders.liveSlot(requestId);
            if (slot < 0 || (orders.state[slot] != LiveOrders.CANCEL_QUEUED &&
                orders.state[slot] != LiveOrders.REPLACE_QUEUED))
            {
                followUpHead++;
                continue;
            }
            final int sessionIndex = orders.session[slot];
            final Session session = pool.sendableSession(sessionIndex, nowNanos);
            if (session == null)
            {
                if (pool.session(sessionIndex) == null)
                {
                    failures.followUpsDropped++;
                    followUpHead++;
                    continue;
                }
                break;
            }
            if (!sendFollowUp(slot, session, sessionIndex, nowNanos))
            {
                break;
            }
            followUpHead++;
            sent++;
        }
        return sent;
    }

    private boolean sendFollowUp(final int slot, final Session session, final int sessionIndex, final long nowNanos)
    {
        final boolean isCancel = orders.state[slot] == LiveOrders.CANCEL_QUEUED;
        final int stage = isCancel ? CANCEL_STAGE : REPLACE_STAGE;
        final long requestId = orders.requestId[slot];
        final long intended = orders.stageIntendedNanos[slot];
        final int idLength = clOrdIds.encode(clOrdId, requestId, stage, intended);
        final int origLength = clOrdIds.encode(
            origClOrdId, orders.liveClOrdSequence[slot], orders.liveClOrdIntendedNanos[slot]);
        // A replace raises the quantity by one: a size increase, which loses time priority at most venues.
        final long replacedQuantity = orders.quantity[slot] + 1;
        final Encoder encoder = isCancel ?
            messages.cancel(sessionIndex, orders, slot, clOrdId, idLength, origClOrdId, origLength) :
            messages.replace(sessionIndex, orders, slot, replacedQuantity, clOrdId, idLength, origClOrdId, origLength);

        final long position = session.trySend(encoder);
        if (position < 0)
        {
            failures.sendBackPressure++;
            return false;
        }
        pool.onSent(sessionIndex);
        sentSequences.remember(sessionIndex, session.lastSentMsgSeqNum(), slot);
        if (!isCancel)
        {
            orders.quantity[slot] = replacedQuantity;
        }
        orders.state[slot] = isCancel ? LiveOrders.CANCEL_SENT : LiveOrders.REPLACE_SENT;
        orders.stageSentNanos[slot] = nowNanos;
        stages.recordSend(slot, intended, nowNanos);
        return true;
    }

    private void endAcknowledged(final int slot, final long nowNanos)
    {
        final long requestId = orders.requestId[slot];
        orders.free(slot);
        if (handler != null)
        {
            handler.onAcknowledged(requestId, nowNanos);
        }
    }

    private void endRejected(final int slot, final long nowNanos, final int reason)
    {
        final long requestId = orders.requestId[slot];
        orders.free(slot);
        if (handler != null)
        {
            handler.onRejected(requestId, nowNanos, reason);
        }
    }

    private static boolean isTerminal(final char ordStatus)
    {
        return ordStatus == OrdStatus.FILLED.representation() ||
            ordStatus == OrdStatus.CANCELED.representation() ||
            ordStatus == OrdStatus.EXPIRED.representation();
    }

    private final class Reports implements OrderMessageHandler
    {
        public void onExecutionReport(
            final int sessionIndex, final ExecutionReportDecoder report, final long receivedNanos)
        {
            FixOrderTransport.this.onExecutionReport(sessionIndex, report, receivedNanos);
        }

        public void onCancelReject(
            final int sessionIndex, final OrderCancelRejectDecoder reject, final long receivedNanos)
        {
            FixOrderTransport.this.onCancelReject(sessionIndex, reject, receivedNanos);
        }

        public void onSessionReject(final int sessionIndex, final RejectDecoder reject, final long receivedNanos)
        {
            FixOrderTransport.this.onSessionReject(sessionIndex, reject, receivedNanos);
        }

        public void onBusinessReject(
            final int sessionIndex, final BusinessMessageRejectDecoder reject, final long receivedNanos)
        {
            FixOrderTransport.this.onBusinessReject(sessionIndex, reject, receivedNanos);
        }
    }
}
