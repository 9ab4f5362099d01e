package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.FixValues;
import io.sonde.exchange.protocol.Limits;
import io.sonde.exchange.protocol.OrderCommand;
import io.sonde.exchange.protocol.OrderEvent;
import io.sonde.exchange.protocol.RejectReason;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A price-time priority matching engine, one book per symbol: limit and market orders, day and
 * immediate-or-cancel, partial fills (both sides are told), cancel, and replace (a new price or a larger
 * quantity loses time priority; a smaller quantity keeps it). ClOrdIDs are unique among a session's open
 * orders.
 * <p>
 * Deterministic by construction: its state changes only through {@link #onCommand}, it reads no clock and
 * no randomness, and it never iterates anything in hash order. Replaying the same commands, from the
 * start or from a snapshot, rebuilds the same state, which {@link #digest()} summarises.
 * <p>
 * Self-trades are allowed: the generator trades with itself on purpose.
 */
public final class MatchingEngine
{
    private static final byte EXEC_NEW = '0';
    private static final byte EXEC_CANCELED = '4';
    private static final byte EXEC_REPLACED = '5';
    private static final byte EXEC_REJECTED = '8';
    private static final byte EXEC_TRADE = 'F';
    private static final byte EXEC_ORDER_STATUS = 'I';
    private static final byte STATUS_NEW = '0';
    private static final byte STATUS_PARTIALLY_FILLED = '1';
    private static final byte STATUS_FILLED = '2';
    private static final byte STATUS_CANCELED = '4';
    private static final byte STATUS_REJECTED = '8';
    private static final byte RESPONSE_TO_CANCEL = '1';
    private static final byte RESPONSE_TO_REPLACE = '2';
    private static final int ALL_SYMBOLS = -1;

    private final OrderBook[] books;
    private final OpenOrders openOrders = new OpenOrders();
    private final ArrayDeque<Order> spareOrders = new ArrayDeque<>();
    /** Scratch for the mass status and mass cancel of one owner. */
    private final ArrayList<Order> ownersOrders = new ArrayList<>();
    private final OrderEvent event = new OrderEvent();
    private final UnsafeBuffer eventBuffer = new UnsafeBuffer(new byte[OrderEvent.LENGTH]);
    private final byte[] replacedClOrdId = new byte[Limits.CL_ORD_ID_WIDTH];
    private final ExecutionListener listener;

    private long nextOrderId = 1;
    private long nextExecId = 1;
    private long ordersAccepted;
    private long trades;

    public MatchingEngine(final List<String> symbols, final ExecutionListener listener)
    {
        books = new OrderBook[symbols.size()];
        for (int i = 0; i < books.length; i++)
        {
            final byte[] symbol = symbols.get(i).getBytes(StandardCharsets.US_ASCII);
            if (symbol.length == 0 || symbol.length > Limits.SYMBOL_WIDTH)
            {
                throw new IllegalArgumentException("symbol '" + symbols.get(i) + "' must have 1 to " +
                    Limits.SYMBOL_WIDTH + " characters");
            }
            books[i] = new OrderBook(symbol);
        }
        this.listener = listener;
    }

    /**
     * Apply one command from the log. Commands of unknown type are ignored: only a foreign cluster client
     * could send one, and ignoring it is the same decision on every replica.
     *
     * @param clusterSessionId the cluster client that sent it; its reports go back there.
     */
    public void onCommand(final OrderCommand command, final long clusterSessionId)
    {
        switch (command.type())
        {
            case OrderCommand.NEW_ORDER -> onNewOrder(command, clusterSessionId);
            case OrderCommand.CANCEL -> onCancel(command, clusterSessionId);
            case OrderCommand.REPLACE -> onReplace(command, clusterSessionId);
            case OrderCommand.MASS_STATUS -> onMassStatus(command, clusterSessionId);
            case OrderCommand.MASS_CANCEL -> onMassCancel(command, clusterSessionId);
            case OrderCommand.ORDER_STATUS -> onOrderStatus(command, clusterSessionId);
            default ->
            {
            }
        }
    }

    public long ordersAccepted()
    {
        return ordersAccepted;
    }

    public long trades()
    {
        return trades;
    }

    public int openOrderCount()
    {
        return openOrders.size();
    }

    /**
     * A hash over every book (in symbol, side, price and time order) and the id counters.
     */
    public long digest()
    {
        final Digest digest = new Digest();
        digest.add(nextOrderId);
        digest.add(nextExecId);
        digest.add(ordersAccepted);
        digest.add(trades);
        forEachOpenOrder(order -> addTo(digest, order));
        return digest.value();
    }

    /**
     * Visit the open orders in a fixed order: symbol as configured, bids then asks, best price first, oldest
     * first. Loading them back in this order restores time priority.
     */
    void forEachOpenOrder(final Consumer<Order> visitor)
    {
        for (final OrderBook book : books)
        {
            visitSide(book.bids, visitor);
            visitSide(book.asks, visitor);
        }
    }

    long nextOrderId()
    {
        return nextOrderId;
    }

    long nextExecId()
    {
        return nextExecId;
    }

    void restoreCounters(final long nextOrderId, final long nextExecId, final long ordersAccepted, final long trades)
    {
        this.nextOrderId = nextOrderId;
        this.nextExecId = nextExecId;
        this.ordersAccepted = ordersAccepted;
        this.trades = trades;
    }

    Order newOrderForRestore()
    {
        return takeOrder();
    }

    /**
     * Put a restored order at the back of its level: restoring in {@link #forEachOpenOrder} order keeps
     * priority.
     */
    void restore(final Order order)
    {
        if (order.symbolIndex < 0 || order.symbolIndex >= books.length)
        {
            throw new IllegalStateException("snapshot order " + order.orderId + " has symbol index " +
                order.symbolIndex + " but the engine has " + books.length + " symbols");
        }
        rest(order);
        openOrders.add(order);
    }

    int symbolCount()
    {
        return books.length;
    }

    private static void visitSide(final BookSide side, final Consumer<Order> visitor)
    {
        for (int i = 0; i < side.levelCount(); i++)
        {
            for (Order order = side.levelFromBest(i).head; order != null; order = order.next)
            {
                visitor.accept(order);
            }
        }
    }

    private static void addTo(final Digest digest, final Order order)
    {
        digest.add(order.orderId);
        digest.add(order.ownerId);
        digest.add(order.clusterSessionId);
        digest.add(order.symbolIndex);
        digest.add(order.side);
        digest.add(order.price);
        digest.add(order.orderQty);
        digest.add(order.leavesQty);
        digest.add(order.cumQty);
        digest.add(order.notional);
        for (int i = 0; i < order.clOrdIdLength; i++)
        {
            digest.add(order.clOrdId[i]);
        }
    }

    private void onNewOrder(final OrderCommand command, final long clusterSessionId)
    {
        final int symbolIndex = symbolIndex(command.buffer(), command.symbolOffset(), command.symbolLength());
        RejectReason reason = validateNewOrder(command, symbolIndex);
        if (reason == RejectReason.NONE && findOpen(command.ownerId(), command.buffer(), command.clOrdIdOffset(),
            command.clOrdIdLength()) != null)
        {
            reason = RejectReason.DUPLICATE_CL_ORD_ID;
        }
        if (reason != RejectReason.NONE)
        {
            rejectNewOrder(command, clusterSessionId, reason);
            return;
        }

        final Order order = takeOrder();
        order.orderId = nextOrderId++;
        order.ownerId = command.ownerId();
        order.clusterSessionId = clusterSessionId;
        order.symbolIndex = symbolIndex;
        order.side = command.side();
        order.ordType = command.ordType();
        order.timeInForce = command.timeInForce();
        order.price = order.ordType == FixValues.MARKET ? 0 : command.price();
        order.orderQty = command.quantity();
        order.leavesQty = order.orderQty;
        order.clOrdId(command.buffer(), command.clOrdIdOffset(), command.clOrdIdLength());
        ordersAccepted++;

        report(order, EXEC_NEW, STATUS_NEW, 0, 0, RejectReason.NONE);
        match(order);
        if (order.leavesQty == 0)
        {
            releaseOrder(order);
        }
        else if (order.ordType == FixValues.LIMIT && order.timeInForce == FixValues.DAY)
        {
            rest(order);
            openOrders.add(order);
        }
        else
        {
            order.leavesQty = 0;
            report(order, EXEC_CANCELED, STATUS_CANCELED, 0, 0,
                order.ordType == FixValues.MARKET ? RejectReason.NO_LIQUIDITY : RejectReason.NONE);
            releaseOrder(order);
        }
    }

    /**
     * List the owner's open orders (of one symbol, when the request names one) in book order. The answer
     * changes nothing, not even the execution id counter, so replicas and digests are unaffected; when no
     * order is open it is a single report saying so.
     */
    private void onMassStatus(final OrderCommand command, final long clusterSessionId)
    {
        final long ownerId = command.ownerId();
        if (command.symbolLength() == 0)
        {
            gatherOwnersOrders(ownerId, ALL_SYMBOLS);
        }
        else
        {
            final int symbol = symbolIndex(command.buffer(), command.symbolOffset(), command.symbolLength());
            if (symbol >= 0)
            {
                gatherOwnersOrders(ownerId, symbol);
            }
        }
        final int total = ownersOrders.size();
        if (total == 0)
        {
            event.wrapForEncode(eventBuffer, 0, OrderEvent.ORDER_STATUS)
                .ownerId(ownerId)
                .totalReports(0)
                .lastReport(true)
                .origClOrdId(command.buffer(), command.clOrdIdOffset(), command.clOrdIdLength())
                .symbol(command.buffer(), command.symbolOffset(), command.symbolLength());
            listener.onEvent(clusterSessionId, event);
        }
        for (int i = 0; i < total; i++)
        {
            statusEvent(ownersOrders.get(i), total, i == total - 1)
                .origClOrdId(command.buffer(), command.clOrdIdOffset(), command.clOrdIdLength());
            listener.onEvent(clusterSessionId, event);
        }
        ownersOrders.clear();
    }

    /**
     * Report one of the owner's orders by its ClOrdID: its state while it is open, otherwise that the engine
     * holds no such open order (it never arrived, or it has closed: the engine keeps no closed orders). Like a
     * mass status, the answer changes nothing.
     */
    private void onOrderStatus(final OrderCommand command, final long clusterSessionId)
    {
        final Order order =
            findOpen(command.ownerId(), command.buffer(), command.clOrdIdOffset(), command.clOrdIdLength());
        if (order != null)
        {
            statusEvent(order, 1, true);
        }
        else
        {
            event.wrapForEncode(eventBuffer, 0, OrderEvent.ORDER_STATUS)
                .ownerId(command.ownerId())
                .side(command.side())
                .totalReports(0)
                .lastReport(true)
                .clOrdId(command.buffer(), command.clOrdIdOffset(), command.clOrdIdLength())
                .symbol(command.buffer(), command.symbolOffset(), command.symbolLength());
        }
        listener.onEvent(clusterSessionId, event);
    }

    /**
     * Cancel every open order of the owner, in book order, each with its own canceled report.
     */
    private void onMassCancel(final OrderCommand command, final long clusterSessionId)
    {
        gatherOwnersOrders(command.ownerId(), ALL_SYMBOLS);
        for (int i = 0; i < ownersOrders.size(); i++)
        {
            final Order order = ownersOrders.get(i);
            takeOut(order, clusterSessionId);
            report(order, EXEC_CANCELED, STATUS_CANCELED, 0, 0, RejectReason.CANCELED_ON_DISCONNECT);
            releaseOrder(order);
        }
        ownersOrders.clear();
    }

    /**
     * Collect the owner's open orders into {@link #ownersOrders} in book order: symbol as configured, bids
     * then asks, best price first, oldest first. Collected first, because canceling one changes the book.
     *
     * @param onlyBook the index of one symbol's book, or {@link #ALL_SYMBOLS}.
     */
    private void gatherOwnersOrders(final long ownerId, final int onlyBook)
    {
        for (int book = 0; book < books.length; book++)
        {
            if (onlyBook == ALL_SYMBOLS || book == onlyBook)
            {
                gatherOwnersOrders(books[book].bids, ownerId);
                gatherOwnersOrders(books[book].asks, ownerId);
            }
        }
    }

    private void gatherOwnersOrders(final BookSide side, final long ownerId)
    {
        for (int level = 0; level < side.levelCount(); level++)
        {
            for (Order order = side.levelFromBest(level).head; order != null; order = order.next)
            {
                if (order.ownerId == ownerId)
                {
                    ownersOrders.add(order);
                }
            }
        }
    }

    /**
     * @return the status event of an open order, for the caller to complete and send.
     */
    private OrderEvent statusEvent(final Order order, final long total, final boolean last)
    {
        return event.wrapForEncode(eventBuffer, 0, OrderEvent.ORDER_STATUS)
            .execType(EXEC_ORDER_STATUS)
            .ordStatus(statusOf(order))
            .side(order.side)
            .ordType(order.ordType)
            .timeInForce(order.timeInForce)
            .ownerId(order.ownerId)
            .orderId(order.orderId)
            .price(order.price)
            .orderQty(order.orderQty)
            .leavesQty(order.leavesQty)
            .cumQty(order.cumQty)
            .avgPx(order.averagePrice())
            .clOrdId(order.clOrdId, order.clOrdIdLength)
            .totalReports(total)
            .lastReport(last)
            .symbol(books[order.symbolIndex].symbol, books[order.symbolIndex].symbol.length);
    }

    private void onCancel(final OrderCommand command, final long clusterSessionId)
    {
        final Order order = findOpen(
            command.ownerId(), command.buffer(), command.origClOrdIdOffset(), command.origClOrdIdLength());
        if (order == null)
        {
            rejectCancel(command, clusterSessionId, RESPONSE_TO_CANCEL, STATUS_REJECTED, RejectReason.UNKNOWN_ORDER);
            return;
        }
        takeOut(order, clusterSessionId);
        beginReport(order, EXEC_CANCELED, STATUS_CANCELED, RejectReason.NONE);
        event.clOrdId(command.buffer(), command.clOrdIdOffset(), command.clOrdIdLength())
            .origClOrdId(order.clOrdId, order.clOrdIdLength);
        listener.onEvent(clusterSessionId, event);
        releaseOrder(order);
    }

    /**
     * Take a canceled order off its book and out of the open orders; its reports go to the connection that
     * canceled it.
     */
    private void takeOut(final Order order, final long clusterSessionId)
    {
        takeOffBook(order);
        openOrders.remove(order);
        order.leavesQty = 0;
        order.clusterSessionId = clusterSessionId;
    }

    private void onReplace(final OrderCommand command, final long clusterSessionId)
    {
        final DirectBuffer buffer = command.buffer();
        final Order order = findOpen(
            command.ownerId(), buffer, command.origClOrdIdOffset(), command.origClOrdIdLength());
        if (order == null)
        {
            rejectCancel(command, clusterSessionId, RESPONSE_TO_REPLACE, STATUS_REJECTED, RejectReason.UNKNOWN_ORDER);
            return;
        }
        final RejectReason reason = validateReplace(command, order);
        if (reason != RejectReason.NONE)
        {
            rejectCancel(command, clusterSessionId, RESPONSE_TO_REPLACE, statusOf(order), reason);
            return;
        }

        final long newPrice = command.price();
        final long newQuantity = command.quantity();
        final boolean losesPriority = newPrice != order.price || newQuantity > order.orderQty;
        openOrders.remove(order);
        final int origLength = order.clOrdIdLength;
        System.arraycopy(order.clOrdId, 0, replacedClOrdId, 0, origLength);
        order.clOrdId(buffer, command.clOrdIdOffset(), command.clOrdIdLength());
        order.clusterSessionId = clusterSessionId;
        order.orderQty = newQuantity;
        order.leavesQty = newQuantity - order.cumQty;
        if (losesPriority)
        {
            takeOffBook(order);
            order.price = newPrice;
        }

        beginReport(order, EXEC_REPLACED, statusOf(order), RejectReason.NONE);
        event.origClOrdId(replacedClOrdId, origLength);
        listener.onEvent(clusterSessionId, event);

        if (losesPriority)
        {
            match(order);
            if (order.leavesQty == 0)
            {
                releaseOrder(order);
                return;
            }
            rest(order);
        }
        openOrders.add(order);
    }

    private void match(final Order aggressor)
    {
        final BookSide opposite = books[aggressor.symbolIndex].oppositeOf(aggressor);
        while (aggressor.leavesQty > 0)
        {
            final PriceLevel level = opposite.best();
            if (level == null ||
                (aggressor.ordType == FixValues.LIMIT && !opposite.crosses(level.price, aggressor.price)))
            {
                return;
            }
            final Order passive = level.head;
            final long quantity = Math.min(aggressor.leavesQty, passive.leavesQty);
            final long price = level.price;
            fill(aggressor, quantity, price);
            fill(passive, quantity, price);
            trades++;
            reportTrade(aggressor, quantity, price);
            reportTrade(passive, quantity, price);
            if (passive.leavesQty == 0)
            {
                level.remove(passive);
                opposite.removeIfEmpty(level);
                openOrders.remove(passive);
                releaseOrder(passive);
            }
        }
    }

    private static void fill(final Order order, final long quantity, final long price)
    {
        order.leavesQty -= quantity;
        order.cumQty += quantity;
        order.notional += quantity * price;
    }

    private void rest(final Order order)
    {
        final BookSide side = books[order.symbolIndex].sideOf(order);
        side.levelFor(order.price).append(order);
    }

    private void takeOffBook(final Order order)
    {
        final PriceLevel level = order.level;
        level.remove(order);
        books[order.symbolIndex].sideOf(order).removeIfEmpty(level);
    }

    private RejectReason validateNewOrder(final OrderCommand command, final int symbolIndex)
    {
        if (symbolIndex < 0)
        {
            return RejectReason.UNKNOWN_SYMBOL;
        }
        if (command.side() != FixValues.BUY && command.side() != FixValues.SELL)
        {
            return RejectReason.BAD_SIDE;
        }
        if (command.quantity() < 1 || command.quantity() > Limits.MAX_QUANTITY)
        {
            return RejectReason.BAD_QUANTITY;
        }
        if (command.ordType() != FixValues.MARKET && command.ordType() != FixValues.LIMIT)
        {
            return RejectReason.BAD_ORDER_TYPE;
        }
        if (command.ordType() == FixValues.LIMIT && !isValidPrice(command.price()))
        {
            return RejectReason.BAD_PRICE;
        }
        if (command.timeInForce() != FixValues.DAY && command.timeInForce() != FixValues.IMMEDIATE_OR_CANCEL)
        {
            return RejectReason.BAD_TIME_IN_FORCE;
        }
        return RejectReason.NONE;
    }

    private RejectReason validateReplace(final OrderCommand command, final Order order)
    {
        if (command.side() != order.side)
        {
            return RejectReason.SIDE_MISMATCH;
        }
        final Order holder = findOpen(
            command.ownerId(), command.buffer(), command.clOrdIdOffset(), command.clOrdIdLength());
        if (holder != null && holder != order)
        {
            return RejectReason.DUPLICATE_CL_ORD_ID;
        }
        if (command.ordType() != FixValues.LIMIT)
        {
            return RejectReason.BAD_ORDER_TYPE;
        }
        if (!isValidPrice(command.price()))
        {
            return RejectReason.BAD_PRICE;
        }
        if (command.quantity() < 1 || command.quantity() > Limits.MAX_QUANTITY)
        {
            return RejectReason.BAD_QUANTITY;
        }
        if (command.quantity() <= order.cumQty)
        {
            return RejectReason.QUANTITY_BELOW_FILLED;
        }
        return RejectReason.NONE;
    }

    private static boolean isValidPrice(final long price)
    {
        return price > 0 && price <= Limits.MAX_PRICE;
    }

    private Order findOpen(final long ownerId, final DirectBuffer buffer, final int offset, final int length)
    {
        return openOrders.find(ownerId, buffer, offset, length);
    }

    private int symbolIndex(final DirectBuffer buffer, final int offset, final int length)
    {
        for (int i = 0; i < books.length; i++)
        {
            final byte[] symbol = books[i].symbol;
            if (symbol.length == length && sameBytes(symbol, buffer, offset))
            {
                return i;
            }
        }
        return -1;
    }

    private static boolean sameBytes(final byte[] expected, final DirectBuffer buffer, final int offset)
    {
        for (int i = 0; i < expected.length; i++)
        {
            if (buffer.getByte(offset + i) != expected[i])
            {
                return false;
            }
        }
        return true;
    }

    private static byte statusOf(final Order order)
    {
        return order.cumQty > 0 ? STATUS_PARTIALLY_FILLED : STATUS_NEW;
    }

    private void reportTrade(final Order order, final long quantity, final long price)
    {
        report(order, EXEC_TRADE, order.leavesQty == 0 ? STATUS_FILLED : STATUS_PARTIALLY_FILLED, quantity, price,
            RejectReason.NONE);
    }

    private void report(
        final Order order, final byte execType, final byte ordStatus, final long lastQty, final long lastPx,
        final RejectReason reason)
    {
        beginReport(order, execType, ordStatus, reason);
        event.lastQty(lastQty).lastPx(lastPx);
        listener.onEvent(order.clusterSessionId, event);
    }

    private void beginReport(final Order order, final byte execType, final byte ordStatus, final RejectReason reason)
    {
        event.wrapForEncode(eventBuffer, 0, OrderEvent.EXECUTION)
            .execType(execType)
            .ordStatus(ordStatus)
            .side(order.side)
            .ordType(order.ordType)
            .timeInForce(order.timeInForce)
            .reason(reason)
            .ownerId(order.ownerId)
            .orderId(order.orderId)
            .execId(nextExecId++)
            .price(order.price)
            .orderQty(order.orderQty)
            .leavesQty(order.leavesQty)
            .cumQty(order.cumQty)
            .avgPx(order.averagePrice())
            .clOrdId(order.clOrdId, order.clOrdIdLength);
        final byte[] symbol = books[order.symbolIndex].symbol;
        event.symbol(symbol, symbol.length);
    }

    private void rejectNewOrder(final OrderCommand command, final long clusterSessionId, final RejectReason reason)
    {
        event.wrapForEncode(eventBuffer, 0, OrderEvent.EXECUTION)
            .execType(EXEC_REJECTED)
            .ordStatus(STATUS_REJECTED)
            .side(command.side())
            .ordType(command.ordType())
            .timeInForce(command.timeInForce())
            .reason(reason)
            .ownerId(command.ownerId())
            .execId(nextExecId++)
            .price(command.price())
            .orderQty(command.quantity());
        copyIdentifiers(command);
        listener.onEvent(clusterSessionId, event);
    }

    private void rejectCancel(
        final OrderCommand command, final long clusterSessionId, final byte responseTo, final byte ordStatus,
        final RejectReason reason)
    {
        event.wrapForEncode(eventBuffer, 0, OrderEvent.CANCEL_REJECT)
            .ordStatus(ordStatus)
            .side(command.side())
            .responseTo(responseTo)
            .reason(reason)
            .ownerId(command.ownerId());
        copyIdentifiers(command);
        event.origClOrdId(command.buffer(), command.origClOrdIdOffset(), command.origClOrdIdLength());
        listener.onEvent(clusterSessionId, event);
    }

    private void copyIdentifiers(final OrderCommand command)
    {
        final DirectBuffer buffer = command.buffer();
        event.clOrdId(buffer, command.clOrdIdOffset(), command.clOrdIdLength())
            .symbol(buffer, command.symbolOffset(), command.symbolLength());
    }

    private Order takeOrder()
    {
        final Order order = spareOrders.pollLast();
        return order == null ? new Order() : order;
    }

    private void releaseOrder(final Order order)
    {
        order.clear();
        spareOrders.addLast(order);
    }
}
