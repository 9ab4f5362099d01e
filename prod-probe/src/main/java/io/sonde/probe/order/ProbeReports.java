package io.sonde.probe.order;

import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.MsgTypes;
import io.sonde.fix.client.order.OrdStatuses;
import io.sonde.fix.client.order.OrderIdKeys;
import io.sonde.fix.client.order.OrderMessageHandler;
import io.sonde.fix.client.order.OrderTable;
import io.sonde.fix.codecs.CxlRejReason;
import io.sonde.fix.codecs.MsgType;
import io.sonde.fix.codecs.decoder_flyweight.BusinessMessageRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderCancelRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.RejectDecoder;
import io.sonde.probe.measure.ProbeSeries;
import io.sonde.probe.order.ProbeCounters.Count;
import org.agrona.concurrent.EpochClock;

import java.util.function.Consumer;

/**
 * What the venue says about the probe's orders: acknowledgements and cancels are timed, a fill raises an alert
 * (a probe order must never trade), and an order leaves {@link ProbeOrders} only when a report shows it closed.
 * The answers to a mass status go to the {@link ProbeReconciler}.
 */
final class ProbeReports implements OrderMessageHandler
{
    private final ProbeOrders orders;
    private final OrderTable table;
    private final ClOrdIdCodec clOrdIds;
    private final ProbeReconciler reconciler;
    private final ProbeCounters counters;
    private final ProbeSeries series;
    private final EpochClock epochClock;
    private final Consumer<String> log;

    ProbeReports(
        final ProbeOrders orders,
        final ClOrdIdCodec clOrdIds,
        final ProbeReconciler reconciler,
        final ProbeCounters counters,
        final ProbeSeries series,
        final EpochClock epochClock,
        final Consumer<String> log)
    {
        this.orders = orders;
        this.table = orders.table;
        this.clOrdIds = clOrdIds;
        this.reconciler = reconciler;
        this.counters = counters;
        this.series = series;
        this.epochClock = epochClock;
        this.log = log;
    }

    public void onExecutionReport(final int sessionIndex, final ExecutionReportDecoder report, final long nowNanos)
    {
        if (report.hasMassStatusReqID())
        {
            reconciler.onStatusReport(sessionIndex, report, nowNanos);
            return;
        }
        final int slot = slotOf(report.clOrdID(), report.clOrdIDLength());
        if (slot < 0)
        {
            return;
        }
        final boolean isCancelReport = clOrdIds.stage() == ClOrdIdCodec.CANCEL_STAGE;
        final char execType = report.execType();
        final char ordStatus = report.ordStatus();
        if (OrdStatuses.isTrade(execType))
        {
            table.filled[slot] = true;
            counters.increment(Count.FILLED);
            log.accept("ALERT: probe order " + table.describe(slot) + " traded (" + report.symbolAsString() +
                "); check the price policy at once");
        }
        if (OrdStatuses.isRejection(execType, ordStatus))
        {
            counters.increment(Count.REJECTED);
            if (!isCancelReport)
            {
                acknowledge(slot, nowNanos);
            }
            orders.close(slot);
            return;
        }
        if (!isCancelReport && !orders.acknowledged[slot])
        {
            acknowledge(slot, nowNanos);
            learnOrderId(slot, report, ordStatus);
            counters.increment(Count.ACKNOWLEDGED);
            if (table.state[slot] == OrderTable.NEW_SENT)
            {
                orders.cancelDue(slot, nowNanos);
            }
        }
        if (OrdStatuses.isTerminal(ordStatus))
        {
            onClosed(slot, isCancelReport, report, nowNanos);
        }
    }

    public void onCancelReject(final int sessionIndex, final OrderCancelRejectDecoder reject, final long nowNanos)
    {
        final int slot = slotOf(reject.clOrdID(), reject.clOrdIDLength());
        if (slot < 0)
        {
            return;
        }
        counters.increment(Count.CANCEL_REJECTED);
        final boolean unknownOrder = reject.hasCxlRejReason() &&
            reject.cxlRejReason() == CxlRejReason.UNKNOWN_ORDER.representation();
        if (unknownOrder || OrdStatuses.isTerminal(reject.ordStatus()))
        {
            // The order is gone already (cancelled on disconnect, expired, or never arrived): nothing left open.
            orders.close(slot);
        }
        else
        {
            orders.measured[slot] = false;
            table.state[slot] = OrderTable.UNCERTAIN;
        }
    }

    public void onSessionReject(final int sessionIndex, final RejectDecoder reject, final long nowNanos)
    {
        counters.increment(Count.SESSION_REJECTS);
        final String text = reject.hasText() ? ": " + new String(reject.text(), 0, reject.textLength()) : "";
        log.accept("session-level Reject of message " + reject.refSeqNum() + text);
        if (reject.hasRefMsgType() && isMassStatus(reject.refMsgType(), reject.refMsgTypeLength()))
        {
            reconciler.onUnsupported(sessionIndex, "a session Reject", nowNanos);
        }
    }

    public void onBusinessReject(
        final int sessionIndex, final BusinessMessageRejectDecoder reject, final long nowNanos)
    {
        if (isMassStatus(reject.refMsgType(), reject.refMsgTypeLength()))
        {
            reconciler.onUnsupported(sessionIndex, "a BusinessMessageReject", nowNanos);
        }
        else
        {
            counters.increment(Count.SESSION_REJECTS);
        }
    }

    private void onClosed(
        final int slot, final boolean isCancelReport, final ExecutionReportDecoder report, final long nowNanos)
    {
        final char ordStatus = report.ordStatus();
        if (OrdStatuses.isCanceled(ordStatus))
        {
            counters.increment(Count.CANCELLED);
        }
        if (!isCancelReport && table.orderIdKey[slot] != OrderIdKeys.NONE && leftNoTrace(slot, report, ordStatus))
        {
            orders.publicEffects().onNoPublicEffect(table.orderIdKey[slot]);
        }
        if (orders.measured[slot])
        {
            if (isCancelReport)
            {
                series.cancel().recordResponse(
                    table.stageIntendedNanos[slot], table.stageSentNanos[slot], nowNanos);
            }
            series.lifecycle().recordResponse(table.newIntendedNanos[slot], table.newSentNanos[slot], nowNanos);
            counters.onRoundTrip(epochClock.time());
        }
        orders.close(slot);
    }

    private void acknowledge(final int slot, final long nowNanos)
    {
        orders.acknowledged[slot] = true;
        if (orders.measured[slot])
        {
            series.newAck().recordResponse(table.newIntendedNanos[slot], table.newSentNanos[slot], nowNanos);
        }
    }

    /**
     * The venue's first answer to a probe order names it: from now on its public event can be told from others'.
     * An order the answer shows closed without a fill (an IOC that met nothing) never reached the book.
     */
    private void learnOrderId(final int slot, final ExecutionReportDecoder report, final char ordStatus)
    {
        final long orderKey = OrderIdKeys.of(report.orderID(), report.orderIDLength());
        table.orderIdKey[slot] = orderKey;
        if (orderKey != OrderIdKeys.NONE && orders.measured[slot])
        {
            orders.publicEffects().onNewAcknowledged(orderKey, table.orderNumber[slot], table.newIntendedNanos[slot],
                table.newSentNanos[slot], !leftNoTrace(slot, report, ordStatus));
        }
    }

    /**
     * @return whether the order closed without a fill: it never rested or traded, so the book never showed it.
     */
    private boolean leftNoTrace(final int slot, final ExecutionReportDecoder report, final char ordStatus)
    {
        return OrdStatuses.isCanceled(ordStatus) && !table.filled[slot] &&
            (report.cumQtyLength() == 0 || report.cumQty().value() == 0);
    }

    /**
     * @return the slot of the order a report's ClOrdID names (its new order or its cancel), or -1.
     */
    private int slotOf(final char[] id, final int length)
    {
        final int slot = table.slotNamedBy(clOrdIds, id, length);
        if (slot < 0)
        {
            // Not the probe's, or an order of an earlier run with the same number and another intended time.
            counters.increment(Count.UNKNOWN_REPORTS);
        }
        return slot;
    }

    private static boolean isMassStatus(final char[] msgType, final int length)
    {
        return MsgTypes.is(msgType, length, MsgType.ORDER_MASS_STATUS_REQUEST);
    }
}
