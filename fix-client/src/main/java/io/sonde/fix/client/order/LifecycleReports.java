package io.sonde.fix.client.order;

import io.sonde.fix.codecs.ExecType;
import io.sonde.fix.codecs.MsgType;
import io.sonde.fix.codecs.decoder_flyweight.BusinessMessageRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderCancelRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderMassCancelReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.RejectDecoder;

/**
 * Moves each order's lifecycle on from what the venue says about it: times the stage a report answers, queues
 * the follow-up its flow calls for, and ends the lifecycle on a terminal report or a reject. Every report is
 * matched to its order through its ClOrdID alone ({@link OrderTable#slotNamedBy}); one that matches nothing is
 * counted by kind, never dropped silently.
 */
final class LifecycleReports implements OrderMessageHandler
{
    private static final OrderFlow[] FLOWS = OrderFlow.values();
    private static final char REPLACED = ExecType.REPLACED.representation();
    private static final char ORDER_STATUS = ExecType.ORDER_STATUS.representation();

    private final OrderTable orders;
    private final ClOrdIdCodec clOrdIds;
    private final LifecycleStages stages;
    private final FollowUps followUps;
    private final UnansweredOrders unanswered;
    private final ReportMatching matching;
    private final LifecycleEnds ends;
    private final FixFailures failures;
    private final OrderHops hops;
    private final BookReports book;
    private long fillReports;
    private long fillsAfterAck;
    private OrderLedger ledger;

    LifecycleReports(
        final OrderTable orders,
        final ClOrdIdCodec clOrdIds,
        final LifecycleStages stages,
        final FollowUps followUps,
        final UnansweredOrders unanswered,
        final ReportMatching matching,
        final LifecycleEnds ends,
        final FixFailures failures,
        final OrderHops hops,
        final BookReports book)
    {
        this.orders = orders;
        this.clOrdIds = clOrdIds;
        this.stages = stages;
        this.followUps = followUps;
        this.unanswered = unanswered;
        this.matching = matching;
        this.ends = ends;
        this.failures = failures;
        this.hops = hops;
        this.book = book;
    }

    /**
     * Tell {@code ledger} of every ExecutionReport from now on (a run with faults).
     */
    void keepIn(final OrderLedger ledger)
    {
        this.ledger = ledger;
    }

    long fillReports()
    {
        return fillReports;
    }

    long fillsAfterAck()
    {
        return fillsAfterAck;
    }

    public void onExecutionReport(final int sessionIndex, final ExecutionReportDecoder report, final long nowNanos)
    {
        if (ledger != null)
        {
            ledger.onReport(report, nowNanos);
        }
        final char execType = report.execType();
        if (execType == ORDER_STATUS)
        {
            if (!report.hasMassStatusReqID())
            {
                onStatusAnswer(sessionIndex, report, nowNanos);
            }
            return;
        }
        if (OrdStatuses.isTrade(execType))
        {
            fillReports++;
            if (isFillAfterAck(report))
            {
                fillsAfterAck++;
                if (book != null)
                {
                    book.onReportAfterEnd(report);
                }
                return;
            }
        }
        final int slot = matching.slotOf(sessionIndex, report.clOrdID(), report.clOrdIDLength());
        if (slot < 0)
        {
            if (book != null)
            {
                book.onReportAfterEnd(report);
            }
            return;
        }
        // Answered after all: the status answer that may follow is stale.
        orders.statusAsked[slot] = false;

        final char ordStatus = report.ordStatus();
        final byte state = orders.state[slot];
        if (state == OrderTable.NEW_SENT)
        {
            hops.onNewAnswered(slot, report, nowNanos);
        }
        if (OrdStatuses.isRejection(execType, ordStatus))
        {
            matching.orderRejected(slot, report, nowNanos);
            return;
        }
        if (state == OrderTable.NEW_SENT)
        {
            learnOrderId(slot, report, ordStatus);
        }
        if (OrdStatuses.isTrade(execType) && !orders.filled[slot])
        {
            orders.filled[slot] = true;
            if (book != null && book.isBook(slot))
            {
                book.onFirstFill(slot);
            }
            stages.recordFill(slot, nowNanos);
        }
        if (book != null && book.isBook(slot) && OrdStatuses.isTerminal(ordStatus))
        {
            book.onClosed(slot);
        }

        if (state == OrderTable.NEW_SENT)
        {
            stages.recordResponse(slot, nowNanos);
            afterNewAcknowledged(slot, ordStatus, nowNanos);
        }
        else if (OrdStatuses.isTerminal(ordStatus))
        {
            if (state == OrderTable.CANCEL_SENT || state == OrderTable.REPLACE_SENT)
            {
                stages.recordResponse(slot, nowNanos);
                if (book != null && book.isBook(slot))
                {
                    book.onFollowUpEnded(slot, true);
                }
            }
            else if (state == OrderTable.AWAITING_TERMINAL && leftNoTrace(slot, report, ordStatus) &&
                orders.orderIdKey[slot] != OrderIdKeys.NONE)
            {
                ends.effects().onNoPublicEffect(orders.orderIdKey[slot]);
            }
            ends.acknowledged(slot, nowNanos);
        }
        else if (state == OrderTable.REPLACE_SENT && execType == REPLACED)
        {
            stages.recordResponse(slot, nowNanos);
            afterReplaced(slot, nowNanos);
        }
    }

    public void onCancelReject(final int sessionIndex, final OrderCancelRejectDecoder reject, final long nowNanos)
    {
        if (book != null)
        {
            book.onCancelReject(reject);
        }
        matching.onCancelReject(sessionIndex, reject, nowNanos);
    }

    public void onSessionReject(final int sessionIndex, final RejectDecoder reject, final long nowNanos)
    {
        if (reject.hasRefMsgType() &&
            MsgTypes.is(reject.refMsgType(), reject.refMsgTypeLength(), MsgType.ORDER_STATUS_REQUEST))
        {
            onStatusRefused();
            return;
        }
        if (book != null && reject.hasRefMsgType() &&
            MsgTypes.is(reject.refMsgType(), reject.refMsgTypeLength(), MsgType.ORDER_MASS_CANCEL_REQUEST))
        {
            book.onMassCancelRefused(sessionIndex, "session Reject" +
                (reject.hasText() ? ", " + new String(reject.text(), 0, reject.textLength()) : ""));
            return;
        }
        matching.onSessionReject(sessionIndex, reject, nowNanos);
    }

    public void onBusinessReject(
        final int sessionIndex, final BusinessMessageRejectDecoder reject, final long nowNanos)
    {
        if (MsgTypes.is(reject.refMsgType(), reject.refMsgTypeLength(), MsgType.ORDER_STATUS_REQUEST))
        {
            onStatusRefused();
            return;
        }
        if (book != null &&
            MsgTypes.is(reject.refMsgType(), reject.refMsgTypeLength(), MsgType.ORDER_MASS_CANCEL_REQUEST))
        {
            book.onMassCancelRefused(sessionIndex, "BusinessMessageReject" +
                (reject.hasText() ? ", " + new String(reject.text(), 0, reject.textLength()) : ""));
            return;
        }
        matching.onBusinessReject(sessionIndex, reject, nowNanos);
    }

    public void onMassCancelReport(
        final int sessionIndex, final OrderMassCancelReportDecoder report, final long receivedNanos)
    {
        if (book != null)
        {
            book.onMassCancelReport(sessionIndex, report);
        }
    }

    /**
     * The venue refused an OrderStatusRequest as a message type it does not support: no more are sent, and the
     * orders a run with faults still had to settle are unknown at once, rather than waited for.
     */
    private void onStatusRefused()
    {
        unanswered.onUnsupported();
        if (ledger != null)
        {
            ledger.onStatusRefused();
        }
    }

    private void afterNewAcknowledged(final int slot, final char ordStatus, final long nowNanos)
    {
        if (OrdStatuses.isTerminal(ordStatus))
        {
            ends.acknowledged(slot, nowNanos);
            return;
        }
        final OrderFlow flow = FLOWS[orders.flow[slot]];
        if (flow == OrderFlow.BOOK)
        {
            book.afterNewOpen(slot, nowNanos);
        }
        else if (flow == OrderFlow.NEW)
        {
            if (orders.ioc[slot])
            {
                orders.state[slot] = OrderTable.AWAITING_TERMINAL;
            }
            else
            {
                ends.acknowledged(slot, nowNanos);
            }
        }
        else
        {
            followUps.queue(
                slot, flow == OrderFlow.NEW_CANCEL ? OrderTable.CANCEL_QUEUED : OrderTable.REPLACE_QUEUED, nowNanos);
        }
    }

    /**
     * The venue's first answer to a new order names it: from now on its public events can be told from others'.
     */
    private void learnOrderId(final int slot, final ExecutionReportDecoder report, final char ordStatus)
    {
        final long orderKey = OrderIdKeys.of(report.orderID(), report.orderIDLength());
        orders.orderIdKey[slot] = orderKey;
        if (orderKey != OrderIdKeys.NONE)
        {
            ends.effects().onNewAcknowledged(orderKey, orders.orderNumber[slot], orders.newIntendedNanos[slot],
                orders.newSentNanos[slot], !leftNoTrace(slot, report, ordStatus),
                book == null ? PublicEffects.NOT_BOOK : book.publicAction(slot));
        }
    }

    /**
     * @return whether the order closed without a fill: it never rested or traded (an IOC that met nothing), so
     * the book never showed it.
     */
    private boolean leftNoTrace(final int slot, final ExecutionReportDecoder report, final char ordStatus)
    {
        return OrdStatuses.isCanceled(ordStatus) && !orders.filled[slot] &&
            (report.cumQtyLength() == 0 || report.cumQty().value() == 0);
    }

    /**
     * The replace took effect: the order is known by the replace's ClOrdID now, and is cancelled by it (the book
     * flow's rests again).
     */
    private void afterReplaced(final int slot, final long nowNanos)
    {
        if (book != null && book.isBook(slot))
        {
            book.afterReplaced(slot, nowNanos);
            return;
        }
        orders.acceptPending(slot);
        followUps.queue(slot, OrderTable.CANCEL_QUEUED, nowNanos);
    }

    /**
     * The venue's answer to an OrderStatusRequest about a stage that had no answer in time. Open: the answer
     * was lost and the order lives, so its flow goes on (a lost cancel is sent again). Not open: it never
     * arrived or has closed, which settles it.
     */
    private void onStatusAnswer(final int sessionIndex, final ExecutionReportDecoder report, final long nowNanos)
    {
        final int slot = unanswered.slotAskedAbout(sessionIndex, report.clOrdID(), report.clOrdIDLength());
        if (slot < 0)
        {
            return;
        }
        orders.statusAsked[slot] = false;
        final char ordStatus = report.ordStatus();
        final byte state = orders.state[slot];
        if (OrdStatuses.isOpen(ordStatus))
        {
            failures.resolvedOpen++;
            if (state == OrderTable.NEW_SENT)
            {
                failures.lostAcknowledgements++;
                afterNewAcknowledged(slot, ordStatus, nowNanos);
            }
            else if (state == OrderTable.REPLACE_SENT)
            {
                afterReplaced(slot, nowNanos);
            }
            else
            {
                followUps.queue(slot, OrderTable.CANCEL_QUEUED, nowNanos);
            }
            return;
        }
        failures.resolvedNotOpen++;
        if (state == OrderTable.REPLACE_SENT)
        {
            // The replace did not take, or the order closed: cancel it by its previous ClOrdID, leaving nothing.
            followUps.queue(slot, OrderTable.CANCEL_QUEUED, nowNanos);
        }
        else if (state == OrderTable.CANCEL_SENT)
        {
            ends.acknowledged(slot, nowNanos);
        }
        else
        {
            ends.rejected(slot, nowNanos, RejectReasons.NOT_AT_VENUE);
        }
    }

    /**
     * A fill of a day order whose lifecycle ended when it was acknowledged: it crossed right after the
     * acknowledgement, or rested and traded later. Expected on a real venue, so not a report after end.
     */
    private boolean isFillAfterAck(final ExecutionReportDecoder report)
    {
        return orders.slotNamedBy(clOrdIds, report.clOrdID(), report.clOrdIDLength()) == OrderTable.NOT_LIVE;
    }
}
