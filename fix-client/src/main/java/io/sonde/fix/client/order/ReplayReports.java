package io.sonde.fix.client.order;

import io.sonde.fix.codecs.ExecType;
import io.sonde.fix.codecs.decoder_flyweight.BusinessMessageRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderCancelRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.RejectDecoder;

/**
 * Answers to replayed messages: each message is its own request, ended by the first report that answers it, found
 * by the message's own ClOrdID. A new order is answered by its first report (acknowledgement, fill or reject), a
 * cancel by the report that closes the order (or an OrderCancelReject), a replace by its Replaced report (or a
 * reject); a pending-cancel or pending-replace report leaves it waiting. What the venue says about an order after
 * its message was answered (fills, an IOC's expiry) is counted, never taken for an answer.
 */
final class ReplayReports implements OrderMessageHandler
{
    private static final char REPLACED = ExecType.REPLACED.representation();
    private static final char ORDER_STATUS = ExecType.ORDER_STATUS.representation();

    private final OrderTable orders;
    private final LifecycleStages stages;
    private final ReportMatching matching;
    private final LifecycleEnds ends;
    private long fillReports;
    private long reportsAfterAnswer;

    ReplayReports(
        final OrderTable orders, final LifecycleStages stages, final ReportMatching matching, final LifecycleEnds ends)
    {
        this.orders = orders;
        this.stages = stages;
        this.matching = matching;
        this.ends = ends;
    }

    long fillReports()
    {
        return fillReports;
    }

    long reportsAfterAnswer()
    {
        return reportsAfterAnswer;
    }

    public void onExecutionReport(final int sessionIndex, final ExecutionReportDecoder report, final long nowNanos)
    {
        final char execType = report.execType();
        if (execType == ORDER_STATUS)
        {
            return;
        }
        if (OrdStatuses.isTrade(execType))
        {
            fillReports++;
        }
        final int slot = matching.slotOrEnded(sessionIndex, report.clOrdID(), report.clOrdIDLength());
        if (slot == OrderTable.NOT_LIVE)
        {
            reportsAfterAnswer++;
            return;
        }
        if (slot < 0)
        {
            return;
        }
        final char ordStatus = report.ordStatus();
        if (OrdStatuses.isRejection(execType, ordStatus))
        {
            matching.orderRejected(slot, report, nowNanos);
        }
        else if (isAnswer(orders.state[slot], execType, ordStatus))
        {
            stages.recordResponse(slot, nowNanos);
            ends.acknowledged(slot, nowNanos);
        }
    }

    public void onCancelReject(final int sessionIndex, final OrderCancelRejectDecoder reject, final long nowNanos)
    {
        matching.onCancelReject(sessionIndex, reject, nowNanos);
    }

    public void onSessionReject(final int sessionIndex, final RejectDecoder reject, final long nowNanos)
    {
        matching.onSessionReject(sessionIndex, reject, nowNanos);
    }

    public void onBusinessReject(
        final int sessionIndex, final BusinessMessageRejectDecoder reject, final long nowNanos)
    {
        matching.onBusinessReject(sessionIndex, reject, nowNanos);
    }

    private static boolean isAnswer(final byte state, final char execType, final char ordStatus)
    {
        if (state == OrderTable.CANCEL_SENT)
        {
            return OrdStatuses.isTerminal(ordStatus);
        }
        if (state == OrderTable.REPLACE_SENT)
        {
            return execType == REPLACED || OrdStatuses.isTerminal(ordStatus);
        }
        return true;
    }
}
