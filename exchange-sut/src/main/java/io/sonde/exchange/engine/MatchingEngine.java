package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.AsciiFields;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.protocol.Refusal;
import io.sonde.exchange.sbe.CancelOrderDecoder;
import io.sonde.exchange.sbe.CancelReason;
import io.sonde.exchange.sbe.CxlRejResponseTo;
import io.sonde.exchange.sbe.EngineStatusQueryDecoder;
import io.sonde.exchange.sbe.FeedSnapshotRequestDecoder;
import io.sonde.exchange.sbe.MassCancelDecoder;
import io.sonde.exchange.sbe.MassStatusQueryDecoder;
import io.sonde.exchange.sbe.MessageHeaderDecoder;
import io.sonde.exchange.sbe.NewOrderDecoder;
import io.sonde.exchange.sbe.OrdStatus;
import io.sonde.exchange.sbe.OrdType;
import io.sonde.exchange.sbe.OrderStatusQueryDecoder;
import io.sonde.exchange.sbe.RejectReason;
import io.sonde.exchange.sbe.ReplaceOrderDecoder;
import io.sonde.exchange.sbe.TimeInForce;
import io.sonde.md.sbe.DeleteReason;
import org.agrona.DirectBuffer;

import java.util.Arrays;
import java.util.List;

/**
 * A price-time priority matching engine, one book per symbol: limit and market orders, day and
 * immediate-or-cancel, partial fills (both sides are told), cancel, and replace (a new price or a larger
 * quantity loses time priority; a smaller quantity keeps it). ClOrdIDs are unique among a session's open
 * orders. Whether a command may be applied is decided by {@link OrderChecks}; what happens to orders is told by
 * {@link OrderEvents}; what the public sees of the books, the market-data feed, by {@link BookEvents};
 * questions about the engine's state are answered by {@link StatusAnswers}.
 * <p>
 * A gateway numbers its state-changing commands and, after a leader change, sends again those the old leader may
 * not have committed: {@link GatewaySequences} drops the ones already applied, and a dropped one is answered again
 * ({@link StatusAnswers#duplicate}), since its first answer may be what was lost.
 * <p>
 * Deterministic by construction: its state changes only through {@link #onCommand}, it reads no clock (the
 * cluster's time of each command is given with it) and no randomness, and it never iterates anything in hash
 * order. Replaying the same commands, from the start or from a snapshot, rebuilds the same state, which
 * {@link #digest()} summarises.
 * <p>
 * Self-trades are allowed: the generator trades with itself on purpose.
 */
public final class MatchingEngine
{
    private final RestingOrders resting;
    private final OrderBook[] books;
    private final OpenOrders openOrders;
    private final OrderPool orderPool;
    private final OwnersOrders ownersOrders;
    private final StatusAnswers statusAnswers;
    private final OrderEvents events;
    private final BookEvents bookEvents;
    private final OrderChecks checks;
    private final GatewaySequences gatewaySequences = new GatewaySequences();
    private final MassCancels massCancels;

    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final NewOrderDecoder newOrder = new NewOrderDecoder();
    private final CancelOrderDecoder cancelOrder = new CancelOrderDecoder();
    private final ReplaceOrderDecoder replaceOrder = new ReplaceOrderDecoder();
    private final MassCancelDecoder massCancel = new MassCancelDecoder();
    private final OrderStatusQueryDecoder orderStatusQuery = new OrderStatusQueryDecoder();
    private final MassStatusQueryDecoder massStatusQuery = new MassStatusQueryDecoder();

    /** The identifiers of the command being applied, copied out of it. */
    private final byte[] clOrdId = new byte[ProtocolLimits.CL_ORD_ID_WIDTH];
    private final byte[] origClOrdId = new byte[ProtocolLimits.CL_ORD_ID_WIDTH];
    private final byte[] symbol = new byte[ProtocolLimits.SYMBOL_WIDTH];

    private long nextOrderId = 1;
    private long nextExecId = 1;
    private long ordersAccepted;
    private long trades;
    private long duplicateCommands;

    /** An engine whose market-data events go nowhere. */
    public MatchingEngine(final List<String> symbols, final ExecutionListener listener)
    {
        this(symbols, listener, BookEventListener.NONE);
    }

    public MatchingEngine(
        final List<String> symbols, final ExecutionListener listener, final BookEventListener bookListener)
    {
        resting = new RestingOrders(symbols);
        books = resting.books();
        openOrders = resting.open();
        orderPool = resting.pool();
        checks = new OrderChecks(openOrders);
        events = new OrderEvents(books, listener);
        bookEvents = new BookEvents(books, bookListener);
        ownersOrders = new OwnersOrders(resting);
        massCancels = new MassCancels(books, listener);
        statusAnswers = new StatusAnswers(books, openOrders, ownersOrders, listener);
    }

    /**
     * Apply one command from the log, a message of the exchange's schema, header first.
     *
     * @param clusterSessionId the cluster client that sent it; its reports go back there.
     * @param epochNanos       the cluster's time of the command (the same on every replica): the transact time of
     *                         the market-data events it causes.
     * @return null when applied; otherwise why it was refused. Only a foreign cluster client sends such a
     * message, and ignoring it is the same decision on every replica.
     */
    public Refusal onCommand(
        final DirectBuffer buffer, final int offset, final int length, final long clusterSessionId,
        final long epochNanos)
    {
        final Refusal refusal = Refusal.checkHeader(header, buffer, offset, length);
        if (refusal != null)
        {
            return refusal;
        }
        final int body = offset + MessageHeaderDecoder.ENCODED_LENGTH;
        final int blockLength = header.blockLength();
        final int version = header.version();
        bookEvents.transactTime(epochNanos);
        switch (header.templateId())
        {
            case NewOrderDecoder.TEMPLATE_ID ->
                onNewOrder(newOrder.wrap(buffer, body, blockLength, version), clusterSessionId);
            case CancelOrderDecoder.TEMPLATE_ID ->
                onCancel(cancelOrder.wrap(buffer, body, blockLength, version), clusterSessionId);
            case ReplaceOrderDecoder.TEMPLATE_ID ->
                onReplace(replaceOrder.wrap(buffer, body, blockLength, version), clusterSessionId);
            case MassCancelDecoder.TEMPLATE_ID ->
                onMassCancel(massCancel.wrap(buffer, body, blockLength, version), clusterSessionId);
            case OrderStatusQueryDecoder.TEMPLATE_ID -> statusAnswers.onOrderStatusQuery(
                orderStatusQuery.wrap(buffer, body, blockLength, version), clusterSessionId);
            case MassStatusQueryDecoder.TEMPLATE_ID -> statusAnswers.onMassStatusQuery(
                massStatusQuery.wrap(buffer, body, blockLength, version), clusterSessionId);
            case EngineStatusQueryDecoder.TEMPLATE_ID -> statusAnswers.onEngineStatusQuery(
                clusterSessionId, ordersAccepted, openOrders.size(), trades, digest());
            case FeedSnapshotRequestDecoder.TEMPLATE_ID ->
                bookEvents.snapshot(clusterSessionId, resting, openOrders.size());
            default ->
            {
                return Refusal.UNKNOWN_TEMPLATE;
            }
        }
        return null;
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
     * @return commands dropped because their gateway had sent them before and the engine had applied them.
     */
    public long duplicateCommands()
    {
        return duplicateCommands;
    }

    /**
     * A hash over every book (in symbol, side, price and time order), the id counters and each gateway's last
     * applied command: {@link EngineDigest}.
     */
    public long digest()
    {
        return EngineDigest.of(this, resting);
    }

    long nextOrderId()
    {
        return nextOrderId;
    }

    long nextExecId()
    {
        return nextExecId;
    }

    /**
     * @return the sequence number the next market-data event will carry.
     */
    public long nextFeedSequence()
    {
        return bookEvents.nextSequence();
    }

    void restoreCounters(
        final long nextOrderId, final long nextExecId, final long ordersAccepted, final long trades,
        final long nextFeedSequence)
    {
        this.nextOrderId = nextOrderId;
        this.nextExecId = nextExecId;
        this.ordersAccepted = ordersAccepted;
        this.trades = trades;
        bookEvents.restoreNextSequence(nextFeedSequence);
    }

    /**
     * @return the orders on the books, which a snapshot writes and loads back.
     */
    RestingOrders resting()
    {
        return resting;
    }

    GatewaySequences gatewaySequences()
    {
        return gatewaySequences;
    }

    private void onNewOrder(final NewOrderDecoder command, final long clusterSessionId)
    {
        command.getClOrdId(clOrdId, 0);
        command.getSymbol(symbol, 0);
        if (!gatewaySequences.apply(command.gatewayId(), command.commandSequence()))
        {
            duplicateCommands++;
            statusAnswers.duplicate(clusterSessionId, command.gatewayId(), command.commandSequence(),
                command.ownerId(), clOrdId, symbol, command.sideRaw());
            return;
        }
        final int clOrdIdLength = AsciiFields.length(clOrdId);
        final int symbolIndex = OrderBook.indexOf(books, symbol);
        final RejectReason reason = checks.newOrder(command, symbolIndex, clOrdId, clOrdIdLength);
        if (reason != null)
        {
            events.rejected(command, clOrdId, symbol, reason, nextExecId++, clusterSessionId);
            return;
        }

        final Order order = orderPool.take();
        order.orderId = nextOrderId++;
        order.ownerId = command.ownerId();
        order.clusterSessionId = clusterSessionId;
        order.symbolIndex = symbolIndex;
        order.side = command.side();
        order.ordType = command.ordType();
        order.timeInForce = command.timeInForce();
        order.price = order.ordType == OrdType.MARKET ? 0 : command.price();
        order.orderQty = command.orderQty();
        order.leavesQty = order.orderQty;
        order.clOrdId(clOrdId, clOrdIdLength);
        ordersAccepted++;

        events.accepted(order, nextExecId++);
        match(order);
        if (order.leavesQty == 0)
        {
            orderPool.release(order);
        }
        else if (order.ordType == OrdType.LIMIT && order.timeInForce == TimeInForce.DAY)
        {
            resting.rest(order);
            openOrders.add(order);
            bookEvents.added(order);
        }
        else
        {
            order.leavesQty = 0;
            events.canceled(order, order.ordType == OrdType.MARKET ?
                CancelReason.NO_LIQUIDITY : CancelReason.IMMEDIATE_OR_CANCEL, nextExecId++);
            orderPool.release(order);
        }
    }

    /**
     * Cancel every open order of the owner (of one symbol, when the command names one), in book order, each with
     * its own canceled report; one a session asked for is then answered with the count ({@link MassCancels}).
     */
    private void onMassCancel(final MassCancelDecoder command, final long clusterSessionId)
    {
        if (!gatewaySequences.apply(command.gatewayId(), command.commandSequence()))
        {
            duplicateCommands++;
            statusAnswers.duplicate(clusterSessionId, command.gatewayId(), command.commandSequence());
            return;
        }
        ownersOrders.gather(command.ownerId(), massCancels.begin(command));
        for (int i = 0; i < ownersOrders.size(); i++)
        {
            final Order order = ownersOrders.get(i);
            takeOut(order, clusterSessionId);
            events.canceled(order, massCancels.cancelReason(), nextExecId++);
            bookEvents.deleted(order, massCancels.deleteReason());
            orderPool.release(order);
        }
        if (massCancels.requested())
        {
            massCancels.answer(ownersOrders.size(), nextExecId++, clusterSessionId);
        }
        ownersOrders.clear();
    }

    /**
     * A duplicate cancel is dropped without an answer: the order's status by its own ClOrdID is what settles it,
     * and the gateway's client asks for that when the first answer never came.
     */
    private void onCancel(final CancelOrderDecoder command, final long clusterSessionId)
    {
        if (!gatewaySequences.apply(command.gatewayId(), command.commandSequence()))
        {
            duplicateCommands++;
            statusAnswers.duplicate(clusterSessionId, command.gatewayId(), command.commandSequence());
            return;
        }
        command.getClOrdId(clOrdId, 0);
        command.getOrigClOrdId(origClOrdId, 0);
        final Order order = openOrders.find(command.ownerId(), origClOrdId, AsciiFields.length(origClOrdId));
        if (order == null)
        {
            events.cancelRejected(command.ownerId(), clOrdId, origClOrdId, CxlRejResponseTo.ORDER_CANCEL_REQUEST,
                OrdStatus.REJECTED, RejectReason.UNKNOWN_ORDER, clusterSessionId);
            return;
        }
        takeOut(order, clusterSessionId);
        events.canceledOnRequest(order, clOrdId, nextExecId++);
        bookEvents.deleted(order, DeleteReason.CANCELED);
        orderPool.release(order);
    }

    /**
     * Take a canceled order off its book and out of the open orders; its reports go to the connection that
     * canceled it.
     */
    private void takeOut(final Order order, final long clusterSessionId)
    {
        resting.takeOffBook(order);
        openOrders.remove(order);
        order.leavesQty = 0;
        order.clusterSessionId = clusterSessionId;
    }

    private void onReplace(final ReplaceOrderDecoder command, final long clusterSessionId)
    {
        command.getClOrdId(clOrdId, 0);
        command.getOrigClOrdId(origClOrdId, 0);
        if (!gatewaySequences.apply(command.gatewayId(), command.commandSequence()))
        {
            duplicateCommands++;
            Arrays.fill(symbol, (byte)0);
            statusAnswers.duplicate(clusterSessionId, command.gatewayId(), command.commandSequence(),
                command.ownerId(), clOrdId, symbol, command.sideRaw());
            return;
        }
        final Order order = openOrders.find(command.ownerId(), origClOrdId, AsciiFields.length(origClOrdId));
        if (order == null)
        {
            events.cancelRejected(command.ownerId(), clOrdId, origClOrdId,
                CxlRejResponseTo.ORDER_CANCEL_REPLACE_REQUEST, OrdStatus.REJECTED, RejectReason.UNKNOWN_ORDER,
                clusterSessionId);
            return;
        }
        final int clOrdIdLength = AsciiFields.length(clOrdId);
        final RejectReason reason = checks.replace(command, order, clOrdId, clOrdIdLength);
        if (reason != null)
        {
            events.cancelRejected(command.ownerId(), clOrdId, origClOrdId,
                CxlRejResponseTo.ORDER_CANCEL_REPLACE_REQUEST, order.openStatus(), reason, clusterSessionId);
            return;
        }

        final long newPrice = command.price();
        final long newQuantity = command.orderQty();
        final boolean losesPriority = newPrice != order.price || newQuantity > order.orderQty;
        final long leavesBefore = order.leavesQty;
        openOrders.remove(order);
        // The ClOrdID the order had until now is the report's OrigClOrdID.
        System.arraycopy(order.clOrdId, 0, origClOrdId, 0, ProtocolLimits.CL_ORD_ID_WIDTH);
        order.clOrdId(clOrdId, clOrdIdLength);
        order.clusterSessionId = clusterSessionId;
        order.orderQty = newQuantity;
        order.leavesQty = newQuantity - order.cumQty;
        if (losesPriority)
        {
            resting.takeOffBook(order);
            order.price = newPrice;
            bookEvents.deleted(order, DeleteReason.REPLACED);
        }

        events.replaced(order, origClOrdId, nextExecId++);

        if (losesPriority)
        {
            match(order);
            if (order.leavesQty == 0)
            {
                orderPool.release(order);
                return;
            }
            resting.rest(order);
            bookEvents.added(order);
        }
        else if (order.leavesQty != leavesBefore)
        {
            bookEvents.modified(order);
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
                (aggressor.ordType == OrdType.LIMIT && !opposite.crosses(level.price, aggressor.price)))
            {
                return;
            }
            final Order passive = level.head;
            final long quantity = Math.min(aggressor.leavesQty, passive.leavesQty);
            final long price = level.price;
            fill(aggressor, quantity, price);
            fill(passive, quantity, price);
            trades++;
            events.filled(aggressor, quantity, price, nextExecId++);
            events.filled(passive, quantity, price, nextExecId++);
            bookEvents.trade(trades, aggressor, passive, quantity, price);
            if (passive.leavesQty == 0)
            {
                resting.takeOffBook(passive);
                openOrders.remove(passive);
                orderPool.release(passive);
            }
        }
    }

    private static void fill(final Order order, final long quantity, final long price)
    {
        order.leavesQty -= quantity;
        order.cumQty += quantity;
        order.notional += quantity * price;
    }
}
