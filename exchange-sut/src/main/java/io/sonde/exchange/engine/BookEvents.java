package io.sonde.exchange.engine;

import io.sonde.md.FeedPackets;
import io.sonde.md.sbe.DeleteReason;
import io.sonde.md.sbe.MessageHeaderEncoder;
import io.sonde.md.sbe.OrderAddedEncoder;
import io.sonde.md.sbe.OrderDeletedEncoder;
import io.sonde.md.sbe.OrderModifiedEncoder;
import io.sonde.md.sbe.Side;
import io.sonde.md.sbe.SnapshotBeginEncoder;
import io.sonde.md.sbe.SnapshotEndEncoder;
import io.sonde.md.sbe.SnapshotOrderEncoder;
import io.sonde.md.sbe.TradeEncoder;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * What the public sees of the books: each change as one market-data event (see the market-data schema for
 * when each is sent), encoded into one buffer and handed to the listener under the next feed sequence number.
 * The numbers are part of the engine's state (snapshotted with it), so every replica and every replay gives
 * the same event the same number. Events carry the cluster's time of the command that caused them.
 */
final class BookEvents
{
    private final OrderBook[] books;
    private final BookEventListener listener;
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final OrderAddedEncoder added = new OrderAddedEncoder();
    private final OrderModifiedEncoder modified = new OrderModifiedEncoder();
    private final OrderDeletedEncoder deleted = new OrderDeletedEncoder();
    private final TradeEncoder trade = new TradeEncoder();
    private final SnapshotBeginEncoder snapshotBegin = new SnapshotBeginEncoder();
    private final SnapshotOrderEncoder snapshotOrder = new SnapshotOrderEncoder();
    private final SnapshotEndEncoder snapshotEnd = new SnapshotEndEncoder();
    private long nextSequence = 1;
    private long transactTime;

    BookEvents(final OrderBook[] books, final BookEventListener listener)
    {
        this.books = books;
        this.listener = listener;
    }

    /**
     * @param epochNanos the cluster's time of the command being applied: the events it causes carry it.
     */
    void transactTime(final long epochNanos)
    {
        transactTime = epochNanos;
    }

    long nextSequence()
    {
        return nextSequence;
    }

    void restoreNextSequence(final long sequence)
    {
        nextSequence = sequence;
    }

    /**
     * The order now rests, with its leaves quantity. The exchange marks no event: triggers are sonde market's.
     */
    void added(final Order order)
    {
        added.wrapAndApplyHeader(buffer, 0, header)
            .orderId(order.orderId)
            .transactTime(transactTime)
            .price(order.price)
            .quantity(order.leavesQty)
            .side(sideOf(order))
            .putSymbol(books[order.symbolIndex].symbol, 0);
        added.flags().clear();
        publish(added.encodedLength());
    }

    /**
     * The resting order's leaves quantity changed in place, keeping its priority.
     */
    void modified(final Order order)
    {
        modified.wrapAndApplyHeader(buffer, 0, header)
            .orderId(order.orderId)
            .transactTime(transactTime)
            .price(order.price)
            .quantity(order.leavesQty)
            .side(sideOf(order))
            .putSymbol(books[order.symbolIndex].symbol, 0);
        publish(modified.encodedLength());
    }

    void deleted(final Order order, final DeleteReason reason)
    {
        deleted.wrapAndApplyHeader(buffer, 0, header)
            .orderId(order.orderId)
            .transactTime(transactTime)
            .side(sideOf(order))
            .reason(reason)
            .putSymbol(books[order.symbolIndex].symbol, 0);
        publish(deleted.encodedLength());
    }

    void trade(final long tradeId, final Order aggressor, final Order resting, final long quantity, final long price)
    {
        trade.wrapAndApplyHeader(buffer, 0, header)
            .tradeId(tradeId)
            .transactTime(transactTime)
            .aggressorOrderId(aggressor.orderId)
            .restingOrderId(resting.orderId)
            .price(price)
            .quantity(quantity)
            .aggressorSide(sideOf(aggressor))
            .putSymbol(books[aggressor.symbolIndex].symbol, 0);
        publish(trade.encodedLength());
    }

    /**
     * The books for one feed publisher, as they stand after the last event published: off the order path, so it
     * may allocate.
     */
    void snapshot(final long clusterSessionId, final RestingOrders resting, final int orderCount)
    {
        snapshotBegin(clusterSessionId, orderCount);
        resting.forEach(order -> snapshotOrder(clusterSessionId, order));
        snapshotEnd(clusterSessionId);
    }

    private void snapshotBegin(final long clusterSessionId, final int orderCount)
    {
        snapshotBegin.wrapAndApplyHeader(buffer, 0, header).lastSequence(nextSequence - 1).orderCount(orderCount);
        listener.onBookSnapshot(clusterSessionId, buffer, 0,
            MessageHeaderEncoder.ENCODED_LENGTH + snapshotBegin.encodedLength());
    }

    private void snapshotOrder(final long clusterSessionId, final Order order)
    {
        snapshotOrder.wrapAndApplyHeader(buffer, 0, header)
            .orderId(order.orderId)
            .price(order.price)
            .quantity(order.leavesQty)
            .side(sideOf(order))
            .putSymbol(books[order.symbolIndex].symbol, 0);
        listener.onBookSnapshot(clusterSessionId, buffer, 0,
            MessageHeaderEncoder.ENCODED_LENGTH + snapshotOrder.encodedLength());
    }

    private void snapshotEnd(final long clusterSessionId)
    {
        snapshotEnd.wrapAndApplyHeader(buffer, 0, header).lastSequence(nextSequence - 1);
        listener.onBookSnapshot(clusterSessionId, buffer, 0,
            MessageHeaderEncoder.ENCODED_LENGTH + snapshotEnd.encodedLength());
    }

    private static Side sideOf(final Order order)
    {
        return order.isBuy() ? Side.BUY : Side.SELL;
    }

    private void publish(final int messageLength)
    {
        listener.onBookEvent(nextSequence++, buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + messageLength);
    }
}
