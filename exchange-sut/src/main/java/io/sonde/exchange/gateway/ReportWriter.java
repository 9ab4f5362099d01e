package io.sonde.exchange.gateway;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.exchange.protocol.AsciiFields;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.sbe.CancelRejectedDecoder;
import io.sonde.exchange.sbe.MassStatusEmptyDecoder;
import io.sonde.exchange.sbe.MassStatusEntryDecoder;
import io.sonde.exchange.sbe.OpenOrderStatusDecoder;
import io.sonde.exchange.sbe.OrdType;
import io.sonde.exchange.sbe.OrderAcceptedDecoder;
import io.sonde.exchange.sbe.OrderCanceledDecoder;
import io.sonde.exchange.sbe.OrderFilledDecoder;
import io.sonde.exchange.sbe.OrderNotOpenDecoder;
import io.sonde.exchange.sbe.OrderRejectedDecoder;
import io.sonde.exchange.sbe.OrderReplacedDecoder;
import io.sonde.exchange.sbe.RejectReason;
import io.sonde.exchange.sbe.TimeInForce;
import io.sonde.fix.codecs.BusinessRejectReason;
import io.sonde.fix.codecs.ExecType;
import io.sonde.fix.codecs.OrdStatus;
import io.sonde.fix.codecs.Side;
import io.sonde.fix.codecs.builder.BusinessMessageRejectEncoder;
import io.sonde.fix.codecs.builder.ExecutionReportEncoder;
import io.sonde.fix.codecs.builder.OrderCancelRejectEncoder;
import io.sonde.fix.codecs.builder.RejectEncoder;
import io.sonde.fix.codecs.decoder.NewOrderSingleDecoder;
import io.sonde.fix.engine.WallClock;
import io.sonde.md.fix.LongChars;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.session.Session;

/**
 * Turns the engine's events into ExecutionReports and OrderCancelRejects, and writes the rejects the gateway
 * decides itself (values the protocol cannot carry, malformed messages). A send that meets back-pressure
 * returns {@link Action#ABORT} so the caller retries the same event: reports are never dropped while the
 * session is up.
 * <p>
 * The protocol's enums carry the FIX values themselves: the raw byte of a side, order type, time in force,
 * ExecType or OrdStatus is the FIX character, written as it is.
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
    private final byte[] clOrdId = new byte[ProtocolLimits.CL_ORD_ID_WIDTH];
    private final byte[] origClOrdId = new byte[ProtocolLimits.CL_ORD_ID_WIDTH];
    private final byte[] massStatusReqId = new byte[ProtocolLimits.CL_ORD_ID_WIDTH];
    private final byte[] symbol = new byte[ProtocolLimits.SYMBOL_WIDTH];
    private final WallClock clock = WallClock.INSTANCE;
    private long sent;
    private long backPressured;
    private boolean hasHopStamps;
    private long hopReadTime;
    private long hopOfferTime;
    private long hopCommitTime;
    private long hopEventTime;

    Action orderAccepted(final Session session, final OrderAcceptedDecoder event)
    {
        event.getClOrdId(clOrdId, 0);
        event.getSymbol(symbol, 0);
        executionReport(event.orderId(), event.execId(), event.execTypeRaw(), event.ordStatusRaw());
        orderTerms(event.sideRaw(), event.ordTypeRaw(), event.timeInForceRaw(), event.price(), event.orderQty());
        orderState(event.orderQty(), 0, 0);
        return send(session, report);
    }

    Action orderRejected(final Session session, final OrderRejectedDecoder event)
    {
        event.getClOrdId(clOrdId, 0);
        event.getSymbol(symbol, 0);
        executionReport(0, event.execId(), event.execTypeRaw(), event.ordStatusRaw());
        orderTerms(event.sideRaw(), event.ordTypeRaw(), event.timeInForceRaw(), event.price(), event.orderQty());
        orderState(0, 0, 0);
        final RejectReason reason = event.reason();
        report.ordRejReason(ordRejReasonOf(reason)).text(ReasonTexts.of(reason));
        return send(session, report);
    }

    Action orderFilled(final Session session, final OrderFilledDecoder event)
    {
        event.getClOrdId(clOrdId, 0);
        event.getSymbol(symbol, 0);
        executionReport(event.orderId(), event.execId(), event.execTypeRaw(), event.ordStatusRaw());
        orderTerms(event.sideRaw(), event.ordTypeRaw(), event.timeInForceRaw(), event.price(), event.orderQty());
        orderState(event.leavesQty(), event.cumQty(), event.avgPx());
        report.lastQty(event.lastQty(), 0).lastPx(event.lastPx(), ProtocolLimits.PRICE_SCALE);
        return send(session, report);
    }

    Action orderCanceled(final Session session, final OrderCanceledDecoder event)
    {
        event.getClOrdId(clOrdId, 0);
        event.getSymbol(symbol, 0);
        event.getOrigClOrdId(origClOrdId, 0);
        executionReport(event.orderId(), event.execId(), event.execTypeRaw(), event.ordStatusRaw());
        orderTerms(event.sideRaw(), event.ordTypeRaw(), event.timeInForceRaw(), event.price(), event.orderQty());
        orderState(0, event.cumQty(), event.avgPx());
        final int origClOrdIdLength = AsciiFields.length(origClOrdId);
        if (origClOrdIdLength > 0)
        {
            report.origClOrdID(origClOrdId, origClOrdIdLength);
        }
        final String text = ReasonTexts.of(event.reason());
        if (text != null)
        {
            report.text(text);
        }
        return send(session, report);
    }

    Action orderReplaced(final Session session, final OrderReplacedDecoder event)
    {
        event.getClOrdId(clOrdId, 0);
        event.getSymbol(symbol, 0);
        event.getOrigClOrdId(origClOrdId, 0);
        executionReport(event.orderId(), event.execId(), event.execTypeRaw(), event.ordStatusRaw());
        orderTerms(event.sideRaw(), event.ordTypeRaw(), event.timeInForceRaw(), event.price(), event.orderQty());
        orderState(event.leavesQty(), event.cumQty(), event.avgPx());
        report.origClOrdID(origClOrdId, AsciiFields.length(origClOrdId));
        return send(session, report);
    }

    Action cancelRejected(final Session session, final CancelRejectedDecoder event)
    {
        event.getClOrdId(clOrdId, 0);
        event.getOrigClOrdId(origClOrdId, 0);
        final RejectReason reason = event.reason();
        cancelReject.reset();
        cancelReject.orderID(NONE)
            .clOrdID(clOrdId, AsciiFields.length(clOrdId))
            .origClOrdID(origClOrdId, AsciiFields.length(origClOrdId))
            .ordStatus((char)event.ordStatusRaw())
            .cxlRejResponseTo((char)event.responseToRaw())
            .cxlRejReason(reason == RejectReason.UNKNOWN_ORDER ? CXL_UNKNOWN_ORDER :
                reason == RejectReason.DUPLICATE_CL_ORD_ID ? DUPLICATE_CL_ORD_ID : OTHER)
            .text(ReasonTexts.of(reason));
        return send(session, cancelReject);
    }

    /**
     * A single OrderStatusRequest's answer for an open order: its state, ExecType I.
     */
    Action openOrderStatus(final Session session, final OpenOrderStatusDecoder event)
    {
        event.getClOrdId(clOrdId, 0);
        event.getSymbol(symbol, 0);
        executionReport(event.orderId(), 0, event.execTypeRaw(), event.ordStatusRaw());
        orderTerms(event.sideRaw(), event.ordTypeRaw(), event.timeInForceRaw(), event.price(), event.orderQty());
        orderState(event.leavesQty(), event.cumQty(), event.avgPx());
        return send(session, report);
    }

    /**
     * A single OrderStatusRequest's answer when the engine holds no such open order: OrdStatus 8 with
     * OrdRejReason 5 (unknown order), as FIX 4.4 prescribes.
     */
    Action orderNotOpen(final Session session, final OrderNotOpenDecoder event)
    {
        event.getClOrdId(clOrdId, 0);
        event.getSymbol(symbol, 0);
        executionReport(0, 0, ExecType.ORDER_STATUS.representation(), OrdStatus.REJECTED.representation());
        report.side((char)event.sideRaw())
            .ordRejReason(ORD_REJ_UNKNOWN_ORDER)
            .text(NO_SUCH_OPEN_ORDER);
        orderState(0, 0, 0);
        return send(session, report);
    }

    /**
     * One report of a mass status: the order's state, with MassStatusReqID, TotNumReports and, on the last,
     * LastRptRequested=Y.
     */
    Action massStatusEntry(final Session session, final MassStatusEntryDecoder event)
    {
        event.getClOrdId(clOrdId, 0);
        event.getSymbol(symbol, 0);
        event.getMassStatusReqId(massStatusReqId, 0);
        executionReport(event.orderId(), 0, event.execTypeRaw(), event.ordStatusRaw());
        orderTerms(event.sideRaw(), event.ordTypeRaw(), event.timeInForceRaw(), event.price(), event.orderQty());
        orderState(event.leavesQty(), event.cumQty(), event.avgPx());
        report.massStatusReqID(massStatusReqId, AsciiFields.length(massStatusReqId))
            .totNumReports(event.totalReports())
            .lastRptRequested(event.reportNumber() == event.totalReports());
        return send(session, report);
    }

    /**
     * The one report of a mass status that finds no open order: TotNumReports=0, no ClOrdID and OrderID NONE
     * (its OrdStatus 0 and Side 1 only fill required fields).
     */
    Action massStatusEmpty(final Session session, final MassStatusEmptyDecoder event)
    {
        event.getSymbol(symbol, 0);
        event.getMassStatusReqId(massStatusReqId, 0);
        executionReportWithoutOrder(0, 0, ExecType.ORDER_STATUS.representation(), OrdStatus.NEW.representation());
        report.side(Side.BUY.representation())
            .massStatusReqID(massStatusReqId, AsciiFields.length(massStatusReqId))
            .totNumReports(0)
            .lastRptRequested(true)
            .text(NO_OPEN_ORDERS);
        orderState(0, 0, 0);
        return send(session, report);
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
            .text(ReasonTexts.of(reason));
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
            .text(ReasonTexts.of(reason));
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

    /**
     * The next ExecutionReport answers a stamped order: it carries these stamps and its own write time.
     */
    void hopStamps(final long gatewayReadTime, final long gatewayOfferTime, final long commitTime, final long eventTime)
    {
        hopReadTime = gatewayReadTime;
        hopOfferTime = gatewayOfferTime;
        hopCommitTime = commitTime;
        hopEventTime = eventTime;
        hasHopStamps = true;
    }

    void noHopStamps()
    {
        hasHopStamps = false;
    }

    private Action send(final Session session, final Encoder message)
    {
        if (hasHopStamps && message == report)
        {
            report.sondeHopReadTime(hopReadTime)
                .sondeHopOfferTime(hopOfferTime)
                .sondeHopCommitTime(hopCommitTime)
                .sondeHopEventTime(hopEventTime)
                .sondeHopWriteTime(clock.nanoTime());
        }
        if (session.trySend(message) < 0)
        {
            backPressured++;
            return Action.ABORT;
        }
        sent++;
        return Action.CONTINUE;
    }

    /**
     * Start an ExecutionReport for an order: ClOrdID and Symbol from {@link #clOrdId} and {@link #symbol}.
     *
     * @param orderId 0 when the engine gave none.
     * @param execId  0 for a status report, which is no execution.
     */
    private void executionReport(final long orderId, final long execId, final int execType, final int ordStatus)
    {
        executionReportWithoutOrder(orderId, execId, execType, ordStatus);
        report.clOrdID(clOrdId, AsciiFields.length(clOrdId));
    }

    /**
     * Start an ExecutionReport that may name no order: Symbol from {@link #symbol}, NA when it is empty.
     */
    private void executionReportWithoutOrder(
        final long orderId, final long execId, final int execType, final int ordStatus)
    {
        report.reset();
        if (orderId == 0)
        {
            report.orderID(NONE);
        }
        else
        {
            report.orderID(this.orderId.chars(), this.orderId.encode(orderId));
        }
        report.execID(this.execId.chars(), this.execId.encode(execId))
            .execType((char)execType)
            .ordStatus((char)ordStatus)
            .transactTime(transactTime.buffer(), transactTime.encode(System.currentTimeMillis()));
        final int symbolLength = AsciiFields.length(symbol);
        if (symbolLength > 0)
        {
            report.symbol(symbol, symbolLength);
        }
        else
        {
            report.symbol(NOT_APPLICABLE);
        }
    }

    /**
     * An order's terms. Order type and time in force the engine echoes as NULL_VAL (a client's value the
     * protocol cannot carry) are left out; a price only belongs to a limit order.
     */
    private void orderTerms(
        final byte side, final byte ordType, final byte timeInForce, final long price, final long orderQty)
    {
        report.side((char)side).orderQty(orderQty, 0);
        if (ordType != OrdType.NULL_VAL.value())
        {
            report.ordType((char)ordType);
        }
        if (ordType == OrdType.LIMIT.value() && price > 0)
        {
            report.price(price, ProtocolLimits.PRICE_SCALE);
        }
        if (timeInForce != TimeInForce.NULL_VAL.value())
        {
            report.timeInForce((char)timeInForce);
        }
    }

    private void orderState(final long leavesQty, final long cumQty, final long avgPx)
    {
        report.leavesQty(leavesQty, 0).cumQty(cumQty, 0).avgPx(avgPx, ProtocolLimits.PRICE_SCALE);
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
