package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.EnumLookup;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.sbe.CancelReason;
import io.sonde.exchange.sbe.CancelRejectedEncoder;
import io.sonde.exchange.sbe.CxlRejResponseTo;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.NewOrderDecoder;
import io.sonde.exchange.sbe.OrdStatus;
import io.sonde.exchange.sbe.OrderAcceptedEncoder;
import io.sonde.exchange.sbe.OrderCanceledEncoder;
import io.sonde.exchange.sbe.OrderFilledEncoder;
import io.sonde.exchange.sbe.OrderRejectedEncoder;
import io.sonde.exchange.sbe.OrderReplacedEncoder;
import io.sonde.exchange.sbe.RejectReason;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * What happens to orders, as the events the engine sends: each encoded in turn into one buffer and handed to
 * the listener, addressed to the gateway connection it concerns (an order's own, unless said otherwise). The
 * engine numbers the executions; the events only carry the numbers.
 */
final class OrderEvents
{
    private static final byte[] NO_CL_ORD_ID = new byte[ProtocolLimits.CL_ORD_ID_WIDTH];

    private final OrderBook[] books;
    private final ExecutionListener listener;
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[ProtocolLimits.MAX_MESSAGE_LENGTH]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final OrderAcceptedEncoder accepted = new OrderAcceptedEncoder();
    private final OrderRejectedEncoder rejected = new OrderRejectedEncoder();
    private final OrderFilledEncoder filled = new OrderFilledEncoder();
    private final OrderCanceledEncoder canceled = new OrderCanceledEncoder();
    private final OrderReplacedEncoder replaced = new OrderReplacedEncoder();
    private final CancelRejectedEncoder cancelRejected = new CancelRejectedEncoder();

    OrderEvents(final OrderBook[] books, final ExecutionListener listener)
    {
        this.books = books;
        this.listener = listener;
    }

    void accepted(final Order order, final long execId)
    {
        accepted.wrapAndApplyHeader(buffer, 0, header)
            .ownerId(order.ownerId)
            .orderId(order.orderId)
            .execId(execId)
            .price(order.price)
            .orderQty(order.orderQty)
            .putClOrdId(order.clOrdId, 0)
            .putSymbol(books[order.symbolIndex].symbol, 0)
            .side(order.side)
            .ordType(order.ordType)
            .timeInForce(order.timeInForce);
        send(order.clusterSessionId, accepted.encodedLength());
    }

    /**
     * One side of a match, after the fill has been applied to the order.
     */
    void filled(final Order order, final long quantity, final long price, final long execId)
    {
        filled.wrapAndApplyHeader(buffer, 0, header)
            .ownerId(order.ownerId)
            .orderId(order.orderId)
            .execId(execId)
            .price(order.price)
            .orderQty(order.orderQty)
            .lastQty(quantity)
            .lastPx(price)
            .leavesQty(order.leavesQty)
            .cumQty(order.cumQty)
            .avgPx(order.averagePrice())
            .putClOrdId(order.clOrdId, 0)
            .putSymbol(books[order.symbolIndex].symbol, 0)
            .side(order.side)
            .ordType(order.ordType)
            .timeInForce(order.timeInForce)
            .ordStatus(order.leavesQty == 0 ? OrdStatus.FILLED : OrdStatus.PARTIALLY_FILLED);
        send(order.clusterSessionId, filled.encodedLength());
    }

    /**
     * An order the engine ended itself: reported under its own ClOrdID, without an OrigClOrdID.
     */
    void canceled(final Order order, final CancelReason reason, final long execId)
    {
        encodeCanceled(order, reason, execId).putClOrdId(order.clOrdId, 0).putOrigClOrdId(NO_CL_ORD_ID, 0);
        send(order.clusterSessionId, canceled.encodedLength());
    }

    /**
     * An order its owner canceled: reported under the cancel request's ClOrdID, the order's own as OrigClOrdID.
     */
    void canceledOnRequest(final Order order, final byte[] cancelClOrdId, final long execId)
    {
        encodeCanceled(order, CancelReason.CANCEL_REQUESTED, execId)
            .putClOrdId(cancelClOrdId, 0)
            .putOrigClOrdId(order.clOrdId, 0);
        send(order.clusterSessionId, canceled.encodedLength());
    }

    /**
     * @param origClOrdId the ClOrdID the order had until the replace.
     */
    void replaced(final Order order, final byte[] origClOrdId, final long execId)
    {
        replaced.wrapAndApplyHeader(buffer, 0, header)
            .ownerId(order.ownerId)
            .orderId(order.orderId)
            .execId(execId)
            .price(order.price)
            .orderQty(order.orderQty)
            .leavesQty(order.leavesQty)
            .cumQty(order.cumQty)
            .avgPx(order.averagePrice())
            .putClOrdId(order.clOrdId, 0)
            .putOrigClOrdId(origClOrdId, 0)
            .putSymbol(books[order.symbolIndex].symbol, 0)
            .side(order.side)
            .ordType(order.ordType)
            .timeInForce(order.timeInForce)
            .ordStatus(order.openStatus());
        send(order.clusterSessionId, replaced.encodedLength());
    }

    /**
     * A new order refused, echoed as it was sent: a value the protocol cannot carry is echoed as NULL_VAL.
     *
     * @param clOrdId the order's ClOrdID, as copied out of it.
     * @param symbol  the order's symbol, as copied out of it.
     */
    void rejected(
        final NewOrderDecoder order, final byte[] clOrdId, final byte[] symbol, final RejectReason reason,
        final long execId, final long clusterSessionId)
    {
        rejected.wrapAndApplyHeader(buffer, 0, header)
            .ownerId(order.ownerId())
            .execId(execId)
            .price(order.price())
            .orderQty(order.orderQty())
            .putClOrdId(clOrdId, 0)
            .putSymbol(symbol, 0)
            .side(EnumLookup.side(order.sideRaw()))
            .ordType(EnumLookup.ordType(order.ordTypeRaw()))
            .timeInForce(EnumLookup.timeInForce(order.timeInForceRaw()))
            .reason(reason);
        send(clusterSessionId, rejected.encodedLength());
    }

    void cancelRejected(
        final long ownerId, final byte[] clOrdId, final byte[] origClOrdId, final CxlRejResponseTo responseTo,
        final OrdStatus ordStatus, final RejectReason reason, final long clusterSessionId)
    {
        cancelRejected.wrapAndApplyHeader(buffer, 0, header)
            .ownerId(ownerId)
            .putClOrdId(clOrdId, 0)
            .putOrigClOrdId(origClOrdId, 0)
            .responseTo(responseTo)
            .ordStatus(ordStatus)
            .reason(reason);
        send(clusterSessionId, cancelRejected.encodedLength());
    }

    /**
     * @return the canceled event of an order with leavesQty 0, for the caller to give its identifiers and send.
     */
    private OrderCanceledEncoder encodeCanceled(final Order order, final CancelReason reason, final long execId)
    {
        return canceled.wrapAndApplyHeader(buffer, 0, header)
            .ownerId(order.ownerId)
            .orderId(order.orderId)
            .execId(execId)
            .price(order.price)
            .orderQty(order.orderQty)
            .cumQty(order.cumQty)
            .avgPx(order.averagePrice())
            .putSymbol(books[order.symbolIndex].symbol, 0)
            .side(order.side)
            .ordType(order.ordType)
            .timeInForce(order.timeInForce)
            .reason(reason);
    }

    private void send(final long clusterSessionId, final int messageLength)
    {
        listener.onEvent(clusterSessionId, buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + messageLength);
    }
}
