package io.sonde.acceptor;

import io.sonde.fix.codecs.ExecTransType;
import io.sonde.fix.codecs.ExecType;
import io.sonde.fix.codecs.OrdRejReason;
import io.sonde.fix.codecs.OrdStatus;
import io.sonde.fix.codecs.TimeInForce;
import io.sonde.fix.codecs.builder.ExecutionReportEncoder;
import io.sonde.fix.codecs.decoder.NewOrderSingleDecoder;
import io.sonde.fix.codecs.decoder.OrderCancelReplaceRequestDecoder;
import io.sonde.fix.codecs.decoder.OrderCancelRequestDecoder;
import io.sonde.fix.codecs.decoder.OrderStatusRequestDecoder;
import io.sonde.fix.engine.WallClock;
import uk.co.real_logic.artio.fields.EpochFractionFormat;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.session.Session;

import java.nio.charset.StandardCharsets;

/**
 * The ExecutionReports a counterparty without a book sends: an order is acknowledged and, if immediate-or-cancel,
 * filled whole (or expired, when the caller says it takes nothing); cancels and replaces are confirmed; a status
 * request is answered open or unknown; a refused order is rejected with a text saying why. One per session, on
 * the session's thread; nothing is allocated per answer. The reference acceptor and Sonde's market both answer
 * with it, so they answer alike.
 * <p>
 * Each method returns false when the session could not take a report (back-pressure): the caller offers the
 * message again.
 */
public final class OrderAnswers
{
    private static final String ORDER_ID = "O1";
    private static final String FIX_4_2 = "FIX.4.2";
    private static final String FIX_4_4 = "FIX.4.4";

    private final byte[] beginString;
    private final boolean execTransType;

    private final ExecutionReportEncoder report = new ExecutionReportEncoder();
    private final UtcTimestampEncoder transactTime = new UtcTimestampEncoder(EpochFractionFormat.NANOSECONDS);
    private final ExecIds execIds = new ExecIds();

    /**
     * Answers for a FIX 4.4 session.
     */
    public OrderAnswers()
    {
        this(FIX_4_4);
    }

    /**
     * @param beginString the session's BeginString (8): {@code FIX.4.2}, {@code FIX.4.4} or {@code FIXT.1.1}. The
     *                    reports are FIX 4.4's layout in each; on FIX 4.2 they carry ExecTransType (20) 0, which that
     *                    version requires.
     */
    public OrderAnswers(final String beginString)
    {
        this.beginString = beginString.getBytes(StandardCharsets.US_ASCII);
        this.execTransType = FIX_4_2.equals(beginString);
    }

    /**
     * ExecutionReport NEW and, for an immediate-or-cancel order, a fill of its whole quantity at its price.
     * TransactTime (60) is when the order was taken up, in nanoseconds like SendingTime (52): together they split
     * a run's hops into the wire in, the acceptor, and the wire back.
     */
    public boolean acknowledge(final Session session, final NewOrderSingleDecoder order)
    {
        return acknowledge(session, order, true);
    }

    /**
     * As {@link #acknowledge(Session, NewOrderSingleDecoder)}, but an immediate-or-cancel order that may not fill
     * ({@code fillImmediate} false) expires instead: nothing on the book took it.
     */
    public boolean acknowledge(final Session session, final NewOrderSingleDecoder order, final boolean fillImmediate)
    {
        startOrderReport(order);
        final long quantity = order.orderQty().value();
        if (!send(session, ExecType.NEW, OrdStatus.NEW, quantity, 0))
        {
            return false;
        }
        if (order.hasTimeInForce() && order.timeInForce() == TimeInForce.IMMEDIATE_OR_CANCEL.representation())
        {
            if (fillImmediate)
            {
                report.lastQty(quantity, 0).lastPx(order.price());
                return send(session, ExecType.TRADE, OrdStatus.FILLED, 0, quantity);
            }
            return send(session, ExecType.EXPIRED, OrdStatus.EXPIRED, 0, 0);
        }
        return true;
    }

    /**
     * ExecutionReport REJECTED for an order that is refused, Text (58) saying why.
     */
    public boolean reject(final Session session, final NewOrderSingleDecoder order, final CharSequence text)
    {
        startOrderReport(order);
        report.text(text);
        return send(session, ExecType.REJECTED, OrdStatus.REJECTED, 0, 0);
    }

    public boolean cancel(final Session session, final OrderCancelRequestDecoder cancel)
    {
        reset();
        report.clOrdID(cancel.clOrdID(), cancel.clOrdIDLength())
            .origClOrdID(cancel.origClOrdID(), cancel.origClOrdIDLength())
            .symbol(cancel.symbol(), cancel.symbolLength())
            .side(cancel.side());
        return send(session, ExecType.CANCELED, OrdStatus.CANCELED, 0, 0);
    }

    public boolean replace(final Session session, final OrderCancelReplaceRequestDecoder replace)
    {
        reset();
        report.clOrdID(replace.clOrdID(), replace.clOrdIDLength())
            .origClOrdID(replace.origClOrdID(), replace.origClOrdIDLength())
            .symbol(replace.symbol(), replace.symbolLength())
            .side(replace.side());
        return send(session, ExecType.REPLACED, OrdStatus.REPLACED, replace.orderQty().value(), 0);
    }

    /**
     * ExecType I, OrdStatus NEW: the order is open.
     */
    public boolean openStatus(final Session session, final OrderStatusRequestDecoder status)
    {
        startStatusReport(status);
        return send(session, ExecType.ORDER_STATUS, OrdStatus.NEW, 0, 0);
    }

    /**
     * ExecType I, OrdStatus REJECTED, OrdRejReason 5: no such order, since there is no book to know it by.
     */
    public boolean unknownStatus(final Session session, final OrderStatusRequestDecoder status)
    {
        startStatusReport(status);
        report.ordRejReason(OrdRejReason.UNKNOWN_ORDER).text("unknown order");
        return send(session, ExecType.ORDER_STATUS, OrdStatus.REJECTED, 0, 0);
    }

    private void startOrderReport(final NewOrderSingleDecoder order)
    {
        reset();
        report.transactTime(transactTime.buffer(), transactTime.encode(WallClock.INSTANCE.nanoTime()));
        report.clOrdID(order.clOrdID(), order.clOrdIDLength())
            .symbol(order.symbol(), order.symbolLength())
            .side(order.side());
    }

    private void startStatusReport(final OrderStatusRequestDecoder status)
    {
        reset();
        report.clOrdID(status.clOrdID(), status.clOrdIDLength())
            .symbol(status.symbol(), status.symbolLength())
            .side(status.side());
    }

    /**
     * Clear the report for the next answer; clearing restores FIX 4.4's BeginString, so the session's is set again,
     * as a copy: the header wraps an array it is given, and its next clearing would write FIX 4.4 into ours.
     */
    private void reset()
    {
        report.reset();
        report.header().beginStringAsCopy(beginString, 0, beginString.length);
    }

    private boolean send(
        final Session session, final ExecType execType, final OrdStatus status, final long leaves, final long cum)
    {
        report.orderID(ORDER_ID)
            .execID(execIds.chars(), execIds.next())
            .execType(execType)
            .ordStatus(status)
            .leavesQty(leaves, 0)
            .cumQty(cum, 0)
            .avgPx(0, 0);
        if (execTransType)
        {
            report.execTransType(ExecTransType.NEW);
        }
        return session.trySend(report) >= 0;
    }
}
