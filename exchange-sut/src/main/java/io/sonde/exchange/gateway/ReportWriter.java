package io.sonde.exchange.gateway;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.exchange.protocol.FixValues;
import io.sonde.exchange.protocol.Limits;
import io.sonde.exchange.protocol.OrderEvent;
import io.sonde.exchange.protocol.RejectReason;
import io.sonde.fix.codecs.BusinessRejectReason;
import io.sonde.fix.codecs.ExecType;
import io.sonde.fix.codecs.OrdStatus;
import io.sonde.fix.codecs.Side;
import io.sonde.fix.codecs.builder.BusinessMessageRejectEncoder;
import io.sonde.fix.codecs.builder.ExecutionReportEncoder;
import io.sonde.fix.codecs.builder.OrderCancelRejectEncoder;
import io.sonde.fix.codecs.builder.RejectEncoder;
import io.sonde.fix.codecs.decoder.NewOrderSingleDecoder;
import org.agrona.DirectBuffer;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.session.Session;

/**
 * Turns the engine's binary events into ExecutionReports and OrderCancelRejects, and writes the rejects
 * the gateway decides itself (identifiers too long to carry, malformed messages). A send that meets
 * back-pressure returns {@link Action#ABORT} so the caller retries the same event: reports are never dropped
 * while the session is up.
 */
final class ReportWriter
{
    private static final char[] NONE = "NONE".toCharArray();
    private static final char[] NOT_APPLICABLE = "NA".toCharArray();
    private static final String NO_OPEN_ORDERS = "no open orders";
    private static final String NO_SUCH_OPEN_ORDER = "unknown order: no open order has this ClOrdID";
    private static final String UNSUPPORTED = "message type not supported by this exchange";
    private static final int OTHER = 99;
    private static final int CXL_UNKNOWN_ORDER = 1;
    private static final int DUPLICATE_CL_ORD_ID = 6;
    private static final int ORD_REJ_UNKNOWN_SYMBOL = 1;
    private static final int ORD_REJ_INCORRECT_QUANTITY = 13;
    private static final int ORD_REJ_DUPLICATE = 6;
    private static final int ORD_REJ_UNKNOWN_ORDER = 5;

    private final ExecutionReportEncoder report = new ExecutionReportEncoder();
    private final OrderCancelRejectEncoder cancelReject = new OrderCancelRejectEncoder();
    private final RejectEncoder sessionReject = new RejectEncoder();
    private final BusinessMessageRejectEncoder businessReject = new BusinessMessageRejectEncoder();
    private final UtcTimestampEncoder transactTime = new UtcTimestampEncoder();
    private final LongChars orderId = new LongChars();
    private final LongChars execId = new LongChars();
    private long sent;
    private long backPressured;

    Action write(final Session session, final OrderEvent event)
    {
        if (event.kind() == OrderEvent.CANCEL_REJECT)
        {
            return send(session, encodeCancelReject(event));
        }
        if (event.kind() == OrderEvent.ORDER_STATUS)
        {
            return send(session, encodeOrderStatus(event));
        }
        return send(session, encodeExecutionReport(event));
    }

    /**
     * An ExecutionReport rejecting a NewOrderSingle the engine could not even be given, echoing its
     * quantity and price as sent.
     */
    Action rejectOrder(final Session session, final NewOrderSingleDecoder order, final RejectReason reason)
    {
        report.reset();
        report.orderID(NONE)
            .execID(execId.chars(), execId.encode(0))
            .clOrdID(order.clOrdID(), order.clOrdIDLength())
            .execType(ExecType.REJECTED)
            .ordStatus(OrdStatus.REJECTED)
            .ordRejReason(OTHER)
            .symbol(order.symbol(), order.symbolLength())
            .side(order.side())
            .ordType(order.ordType())
            .orderQty(order.orderQty())
            .leavesQty(0, 0)
            .cumQty(0, 0)
            .avgPx(0, 0)
            .text(reason.text());
        if (order.hasPrice())
        {
            report.price(order.price());
        }
        return send(session, report);
    }

    /**
     * An OrderCancelReject for a cancel or replace the engine could not even be given.
     */
    Action rejectCancel(
        final Session session, final char[] clOrdId, final int clOrdIdLength, final char[] origClOrdId,
        final int origClOrdIdLength, final char responseTo, final RejectReason reason)
    {
        cancelReject.reset();
        cancelReject.orderID(NONE)
            .clOrdID(clOrdId, clOrdIdLength)
            .origClOrdID(origClOrdId, origClOrdIdLength)
            .ordStatus(OrdStatus.REJECTED)
            .cxlRejResponseTo(responseTo)
            .cxlRejReason(OTHER)
            .text(reason.text());
        return send(session, cancelReject);
    }

    /**
     * A session-level Reject (35=3) for a message that breaks the FIX rules.
     */
    Action rejectMessage(
        final Session session, final int refSeqNum, final int refTagId, final char[] refMsgType,
        final int refMsgTypeLength, final int reason, final String text)
    {
        sessionReject.reset();
        sessionReject.refSeqNum(refSeqNum)
            .refMsgType(refMsgType, refMsgTypeLength)
            .sessionRejectReason(reason)
            .text(text);
        if (refTagId > 0)
        {
            sessionReject.refTagID(refTagId);
        }
        return send(session, sessionReject);
    }

    /**
     * A BusinessMessageReject (35=j) for a message type the dictionary knows but the exchange does not serve.
     */
    Action rejectUnsupported(
        final Session session, final int refSeqNum, final char[] refMsgType, final int refMsgTypeLength)
    {
        businessReject.reset();
        businessReject.refSeqNum(refSeqNum)
            .refMsgType(refMsgType, refMsgTypeLength)
            .businessRejectReason(BusinessRejectReason.UNSUPPORTED_MESSAGE_TYPE)
            .text(UNSUPPORTED);
        return send(session, businessReject);
    }

    long sent()
    {
        return sent;
    }

    long backPressured()
    {
        return backPressured;
    }

    private Action send(final Session session, final Encoder message)
    {
        if (session.trySend(message) < 0)
        {
            backPressured++;
            return Action.ABORT;
        }
        sent++;
        return Action.CONTINUE;
    }

    private Encoder encodeExecutionReport(final OrderEvent event)
    {
        final DirectBuffer buffer = event.buffer();
        final byte execType = event.execType();
        report.reset();
        if (event.orderId() == 0)
        {
            report.orderID(NONE);
        }
        else
        {
            report.orderID(orderId.chars(), orderId.encode(event.orderId()));
        }
        report.execID(execId.chars(), execId.encode(event.execId()))
            .clOrdID(buffer, event.clOrdIdOffset(), event.clOrdIdLength())
            .execType((char)execType)
            .ordStatus((char)event.ordStatus())
            .symbol(buffer, event.symbolOffset(), event.symbolLength())
            .side((char)event.side())
            .orderQty(event.orderQty(), 0)
            .leavesQty(event.leavesQty(), 0)
            .cumQty(event.cumQty(), 0)
            .avgPx(event.avgPx(), Limits.PRICE_SCALE)
            .transactTime(transactTime.buffer(), transactTime.encode(System.currentTimeMillis()));
        if (event.origClOrdIdLength() > 0)
        {
            report.origClOrdID(buffer, event.origClOrdIdOffset(), event.origClOrdIdLength());
        }
        if (event.ordType() == FixValues.LIMIT || event.ordType() == FixValues.MARKET)
        {
            report.ordType((char)event.ordType());
        }
        if (event.ordType() == FixValues.LIMIT && event.price() > 0)
        {
            report.price(event.price(), Limits.PRICE_SCALE);
        }
        if (event.timeInForce() == FixValues.DAY || event.timeInForce() == FixValues.IMMEDIATE_OR_CANCEL)
        {
            report.timeInForce((char)event.timeInForce());
        }
        if (execType == ExecType.TRADE.representation())
        {
            report.lastQty(event.lastQty(), 0).lastPx(event.lastPx(), Limits.PRICE_SCALE);
        }
        final RejectReason reason = event.reason();
        if (reason != RejectReason.NONE)
        {
            report.text(reason.text());
            if (execType == ExecType.REJECTED.representation())
            {
                report.ordRejReason(ordRejReasonOf(reason));
            }
        }
        return report;
    }

    /**
     * A status report, ExecType I. For a mass status it carries MassStatusReqID, TotNumReports and, on the last,
     * LastRptRequested=Y; no open order is one report with TotNumReports=0, no ClOrdID and OrderID NONE (its
     * OrdStatus 0 only fills a required field). For a single OrderStatusRequest it is the order's state, or,
     * when the engine holds no such open order, OrdStatus 8 with OrdRejReason 5 (unknown order) as FIX 4.4
     * prescribes.
     */
    private Encoder encodeOrderStatus(final OrderEvent event)
    {
        final DirectBuffer buffer = event.buffer();
        report.reset();
        report.execID(execId.chars(), execId.encode(0))
            .execType(ExecType.ORDER_STATUS)
            .transactTime(transactTime.buffer(), transactTime.encode(System.currentTimeMillis()));
        final boolean massStatus = event.origClOrdIdLength() > 0;
        if (massStatus)
        {
            report.massStatusReqID(buffer, event.origClOrdIdOffset(), event.origClOrdIdLength())
                .totNumReports((int)event.totalReports())
                .lastRptRequested(event.isLastReport());
        }
        if (event.totalReports() > 0)
        {
            return encodeOpenOrderStatus(event);
        }
        report.orderID(NONE)
            .side(massStatus ? Side.BUY.representation() : (char)event.side())
            .leavesQty(0, 0)
            .cumQty(0, 0)
            .avgPx(0, 0);
        if (event.symbolLength() > 0)
        {
            report.symbol(buffer, event.symbolOffset(), event.symbolLength());
        }
        else
        {
            report.symbol(NOT_APPLICABLE);
        }
        if (massStatus)
        {
            return report.ordStatus(OrdStatus.NEW).text(NO_OPEN_ORDERS);
        }
        return report.clOrdID(buffer, event.clOrdIdOffset(), event.clOrdIdLength())
            .ordStatus(OrdStatus.REJECTED)
            .ordRejReason(ORD_REJ_UNKNOWN_ORDER)
            .text(NO_SUCH_OPEN_ORDER);
    }

    private Encoder encodeOpenOrderStatus(final OrderEvent event)
    {
        final DirectBuffer buffer = event.buffer();
        return report.orderID(orderId.chars(), orderId.encode(event.orderId()))
            .clOrdID(buffer, event.clOrdIdOffset(), event.clOrdIdLength())
            .ordStatus((char)event.ordStatus())
            .symbol(buffer, event.symbolOffset(), event.symbolLength())
            .side((char)event.side())
            .ordType((char)event.ordType())
            .price(event.price(), Limits.PRICE_SCALE)
            .orderQty(event.orderQty(), 0)
            .leavesQty(event.leavesQty(), 0)
            .cumQty(event.cumQty(), 0)
            .avgPx(event.avgPx(), Limits.PRICE_SCALE);
    }

    private Encoder encodeCancelReject(final OrderEvent event)
    {
        final DirectBuffer buffer = event.buffer();
        final RejectReason reason = event.reason();
        cancelReject.reset();
        cancelReject.orderID(NONE)
            .clOrdID(buffer, event.clOrdIdOffset(), event.clOrdIdLength())
            .origClOrdID(buffer, event.origClOrdIdOffset(), event.origClOrdIdLength())
            .ordStatus((char)event.ordStatus())
            .cxlRejResponseTo((char)event.responseTo())
            .cxlRejReason(reason == RejectReason.UNKNOWN_ORDER ? CXL_UNKNOWN_ORDER :
                reason == RejectReason.DUPLICATE_CL_ORD_ID ? DUPLICATE_CL_ORD_ID : OTHER)
            .text(reason.text());
        return cancelReject;
    }

    private static int ordRejReasonOf(final RejectReason reason)
    {
        return switch (reason)
        {
            case UNKNOWN_SYMBOL -> ORD_REJ_UNKNOWN_SYMBOL;
            case BAD_QUANTITY -> ORD_REJ_INCORRECT_QUANTITY;
            case DUPLICATE_CL_ORD_ID -> ORD_REJ_DUPLICATE;
            default -> OTHER;
        };
    }
}
