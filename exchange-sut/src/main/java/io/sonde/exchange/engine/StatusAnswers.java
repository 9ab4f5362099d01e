package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.AsciiFields;
import io.sonde.exchange.protocol.EnumLookup;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.sbe.EngineStatusEncoder;
import io.sonde.exchange.sbe.MassStatusEmptyEncoder;
import io.sonde.exchange.sbe.MassStatusEntryEncoder;
import io.sonde.exchange.sbe.MassStatusQueryDecoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.OpenOrderStatusEncoder;
import io.sonde.exchange.sbe.OrderNotOpenEncoder;
import io.sonde.exchange.sbe.OrderStatusQueryDecoder;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Answers questions about the engine's state: one order's status, an owner's open orders (mass status), the
 * engine's counts and digest. An answer changes nothing, not even the execution id counter, so who asks what
 * never makes replicas or digests differ.
 */
final class StatusAnswers
{
    private final OrderBook[] books;
    private final OpenOrders openOrders;
    private final OwnersOrders ownersOrders;
    private final ExecutionListener listener;
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[ProtocolLimits.MAX_MESSAGE_LENGTH]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final OpenOrderStatusEncoder openOrderStatus = new OpenOrderStatusEncoder();
    private final OrderNotOpenEncoder orderNotOpen = new OrderNotOpenEncoder();
    private final MassStatusEntryEncoder massStatusEntry = new MassStatusEntryEncoder();
    private final MassStatusEmptyEncoder massStatusEmpty = new MassStatusEmptyEncoder();
    private final EngineStatusEncoder engineStatus = new EngineStatusEncoder();
    private final byte[] clOrdId = new byte[ProtocolLimits.CL_ORD_ID_WIDTH];
    private final byte[] massStatusReqId = new byte[ProtocolLimits.CL_ORD_ID_WIDTH];
    private final byte[] symbol = new byte[ProtocolLimits.SYMBOL_WIDTH];

    StatusAnswers(
        final OrderBook[] books, final OpenOrders openOrders, final OwnersOrders ownersOrders,
        final ExecutionListener listener)
    {
        this.books = books;
        this.openOrders = openOrders;
        this.ownersOrders = ownersOrders;
        this.listener = listener;
    }

    /**
     * Report one of the owner's orders by its ClOrdID: its state while it is open, otherwise that the engine
     * holds no such open order (it never arrived, or it has closed: the engine keeps no closed orders).
     */
    void onOrderStatusQuery(final OrderStatusQueryDecoder query, final long clusterSessionId)
    {
        query.getClOrdId(clOrdId, 0);
        query.getSymbol(symbol, 0);
        orderStatus(query.ownerId(), clOrdId, symbol, query.sideRaw(), clusterSessionId);
    }

    /**
     * A cancel or mass cancel its gateway sent again, after a leader change, that the engine had applied: answered
     * again as the first time when the listener keeps that answer; otherwise nothing is said of it.
     */
    void duplicate(final long clusterSessionId, final long gatewayId, final long commandSequence)
    {
        listener.answerAgain(clusterSessionId, gatewayId, commandSequence);
    }

    /**
     * A new order or replace its gateway sent again, after a leader change, that the engine had applied: answered
     * again as the first time when the listener keeps that answer, otherwise with the order's status.
     */
    void duplicate(
        final long clusterSessionId, final long gatewayId, final long commandSequence, final long ownerId,
        final byte[] clOrdId, final byte[] symbol, final byte side)
    {
        if (!listener.answerAgain(clusterSessionId, gatewayId, commandSequence))
        {
            orderStatus(ownerId, clOrdId, symbol, side, clusterSessionId);
        }
    }

    /**
     * The status answer for a command rather than a query: a new order or replace its gateway sent twice.
     *
     * @param clOrdId the order's ClOrdID, NUL-padded to its width.
     * @param symbol  echoed when no such order is open; empty for none.
     * @param side    echoed when no such order is open.
     */
    private void orderStatus(
        final long ownerId, final byte[] clOrdId, final byte[] symbol, final byte side, final long clusterSessionId)
    {
        final Order order = openOrders.find(ownerId, clOrdId, AsciiFields.length(clOrdId));
        if (order != null)
        {
            openOrderStatus.wrapAndApplyHeader(buffer, 0, header)
                .ownerId(order.ownerId)
                .orderId(order.orderId)
                .price(order.price)
                .orderQty(order.orderQty)
                .leavesQty(order.leavesQty)
                .cumQty(order.cumQty)
                .avgPx(order.averagePrice())
                .putClOrdId(order.clOrdId, 0)
                .putSymbol(books[order.symbolIndex].symbol, 0)
                .side(order.side)
                .ordType(order.ordType)
                .timeInForce(order.timeInForce)
                .ordStatus(order.openStatus());
            send(clusterSessionId, openOrderStatus.encodedLength());
            return;
        }
        orderNotOpen.wrapAndApplyHeader(buffer, 0, header)
            .ownerId(ownerId)
            .putClOrdId(clOrdId, 0)
            .putSymbol(symbol, 0)
            .side(EnumLookup.side(side));
        send(clusterSessionId, orderNotOpen.encodedLength());
    }

    /**
     * List the owner's open orders (of one symbol, when the query names one) in book order, each entry
     * knowing its place in the answer; when none is open the answer is a single message saying so.
     */
    void onMassStatusQuery(final MassStatusQueryDecoder query, final long clusterSessionId)
    {
        query.getMassStatusReqId(massStatusReqId, 0);
        query.getSymbol(symbol, 0);
        if (AsciiFields.length(symbol) == 0)
        {
            ownersOrders.gather(query.ownerId(), OwnersOrders.ALL_SYMBOLS);
        }
        else
        {
            final int book = OrderBook.indexOf(books, symbol);
            if (book >= 0)
            {
                ownersOrders.gather(query.ownerId(), book);
            }
        }

        final int total = ownersOrders.size();
        if (total == 0)
        {
            massStatusEmpty.wrapAndApplyHeader(buffer, 0, header)
                .ownerId(query.ownerId())
                .putMassStatusReqId(massStatusReqId, 0)
                .putSymbol(symbol, 0);
            send(clusterSessionId, massStatusEmpty.encodedLength());
        }
        for (int i = 0; i < total; i++)
        {
            final Order order = ownersOrders.get(i);
            massStatusEntry.wrapAndApplyHeader(buffer, 0, header)
                .ownerId(order.ownerId)
                .orderId(order.orderId)
                .price(order.price)
                .orderQty(order.orderQty)
                .leavesQty(order.leavesQty)
                .cumQty(order.cumQty)
                .avgPx(order.averagePrice())
                .reportNumber(i + 1)
                .totalReports(total)
                .putMassStatusReqId(massStatusReqId, 0)
                .putClOrdId(order.clOrdId, 0)
                .putSymbol(books[order.symbolIndex].symbol, 0)
                .side(order.side)
                .ordType(order.ordType)
                .timeInForce(order.timeInForce)
                .ordStatus(order.openStatus());
            send(clusterSessionId, massStatusEntry.encodedLength());
        }
        ownersOrders.clear();
    }

    /**
     * The engine's counts and digest, as they are at the query's place in the log: every replica and every
     * replay gives the same answer.
     */
    void onEngineStatusQuery(
        final long clusterSessionId, final long ordersAccepted, final long openOrderCount, final long trades,
        final long digest)
    {
        engineStatus.wrapAndApplyHeader(buffer, 0, header)
            .ordersAccepted(ordersAccepted)
            .openOrders(openOrderCount)
            .trades(trades)
            .digest(digest);
        send(clusterSessionId, engineStatus.encodedLength());
    }

    private void send(final long clusterSessionId, final int messageLength)
    {
        listener.onEvent(clusterSessionId, buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + messageLength);
    }
}
