package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.protocol.Refusal;
import io.sonde.exchange.sbe.CancelOrderEncoder;
import io.sonde.exchange.sbe.CancelReason;
import io.sonde.exchange.sbe.CancelRejectedDecoder;
import io.sonde.exchange.sbe.FeedSnapshotRequestEncoder;
import io.sonde.exchange.sbe.MassCancelEncoder;
import io.sonde.exchange.sbe.MassCancelOutcome;
import io.sonde.exchange.sbe.MassCanceledDecoder;
import io.sonde.exchange.sbe.MassStatusEmptyDecoder;
import io.sonde.exchange.sbe.MassStatusEntryDecoder;
import io.sonde.exchange.sbe.MassStatusQueryEncoder;
import io.sonde.exchange.sbe.MessageHeaderDecoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.NewOrderEncoder;
import io.sonde.exchange.sbe.OpenOrderStatusDecoder;
import io.sonde.exchange.sbe.OrdType;
import io.sonde.exchange.sbe.OrderAcceptedDecoder;
import io.sonde.exchange.sbe.OrderCanceledDecoder;
import io.sonde.exchange.sbe.OrderFilledDecoder;
import io.sonde.exchange.sbe.OrderNotOpenDecoder;
import io.sonde.exchange.sbe.OrderRejectedDecoder;
import io.sonde.exchange.sbe.OrderReplacedDecoder;
import io.sonde.exchange.sbe.OrderStatusQueryEncoder;
import io.sonde.exchange.sbe.RejectReason;
import io.sonde.exchange.sbe.ReplaceOrderEncoder;
import io.sonde.exchange.sbe.Side;
import io.sonde.exchange.sbe.TimeInForce;
import io.sonde.md.sbe.DeleteReason;
import io.sonde.md.sbe.OrderAddedDecoder;
import io.sonde.md.sbe.OrderDeletedDecoder;
import io.sonde.md.sbe.OrderModifiedDecoder;
import io.sonde.md.sbe.TradeDecoder;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.ArrayList;
import java.util.List;

/**
 * Drives a {@link MatchingEngine} with readable calls, keeps every command it applied (for replay) and every
 * report it produced, read back from the events the engine encoded.
 */
final class EngineHarness
{
    static final List<String> SYMBOLS = List.of("AAA", "BBB");

    /**
     * What a test checks of one event, whichever message it was. Fields an event does not carry are empty:
     * "" and 0, null for a reason.
     */
    record Report(
        int templateId, long clusterSessionId, long ownerId, String clOrdId, String origClOrdId,
        String massStatusReqId, char execType, char ordStatus, long orderId, long lastQty, long lastPx, long leaves,
        long cum, long avgPx, int totalReports, RejectReason rejectReason, CancelReason cancelReason)
    {
        boolean isTrade()
        {
            return templateId == OrderFilledDecoder.TEMPLATE_ID;
        }
    }

    /**
     * One command as the log holds it, the gateway connection that sent it and the cluster's time of it.
     */
    record Command(byte[] message, long clusterSessionId, long epochNanos)
    {
    }

    /**
     * What a test checks of one market-data event; fields an event does not carry are 0 (null for a reason).
     */
    record BookEvent(
        long sequence, int templateId, long orderId, long transactTime, long price, long quantity, char side,
        DeleteReason reason, long tradeId, long restingOrderId)
    {
    }

    final List<Report> reports = new ArrayList<>();
    final List<BookEvent> bookEvents = new ArrayList<>();
    final List<byte[]> bookMessages = new ArrayList<>();
    final List<byte[]> bookSnapshot = new ArrayList<>();
    final List<Command> commands = new ArrayList<>();
    final MatchingEngine engine;
    private final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer();
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final EventReader events = new EventReader();
    private final BookEventReader bookEventReader = new BookEventReader();
    /** The numbered commands the listener answered again, as one that keeps answers does. */
    final List<Long> answeredAgain = new ArrayList<>();
    private boolean keepsAnswers;
    private long clusterSessionId = 1;
    private long gatewayId = GatewaySequences.NOT_NUMBERED;
    private long commandSequence = GatewaySequences.NOT_NUMBERED;

    EngineHarness()
    {
        this(SYMBOLS);
    }

    EngineHarness(final List<String> symbols)
    {
        engine = new MatchingEngine(symbols, new ExecutionListener()
        {
            public void onEvent(final long sessionId, final DirectBuffer buffer, final int offset, final int length)
            {
                reports.add(events.read(sessionId, buffer, offset));
            }

            public boolean answerAgain(final long sessionId, final long gatewayId, final long commandSequence)
            {
                if (keepsAnswers)
                {
                    answeredAgain.add(commandSequence);
                }
                return keepsAnswers;
            }
        }, new BookEventListener()
            {
                public void onBookEvent(
                    final long sequence, final DirectBuffer buffer, final int offset, final int length)
                {
                    bookEvents.add(bookEventReader.read(sequence, buffer, offset));
                    final byte[] message = new byte[length];
                    buffer.getBytes(offset, message);
                    bookMessages.add(message);
                }

                public void onBookSnapshot(
                    final long sessionId, final DirectBuffer buffer, final int offset, final int length)
                {
                    final byte[] message = new byte[length];
                    buffer.getBytes(offset, message);
                    bookSnapshot.add(message);
                }
            });
    }

    /**
     * The cluster's time of the next command: a distinct, increasing value per command.
     */
    long nextCommandTime()
    {
        return 1_000_000L * (commands.size() + 1);
    }

    static long px(final double price)
    {
        return Math.round(price * ProtocolLimits.PRICE_UNIT);
    }

    EngineHarness fromGatewayConnection(final long id)
    {
        clusterSessionId = id;
        return this;
    }

    /**
     * From now on the listener keeps the answers of numbered commands, as the matching service does, and answers a
     * command sent again with them.
     */
    EngineHarness keepingAnswers()
    {
        keepsAnswers = true;
        return this;
    }

    /**
     * The next command (a new order, cancel, replace or mass cancel) carries this gateway's id and number;
     * commands are unnumbered otherwise.
     */
    EngineHarness numbered(final long gateway, final long sequence)
    {
        gatewayId = gateway;
        commandSequence = sequence;
        return this;
    }

    List<Report> buy(final long owner, final String id, final long quantity, final double price)
    {
        return limit(owner, id, Side.BUY, quantity, price, TimeInForce.DAY);
    }

    List<Report> sell(final long owner, final String id, final long quantity, final double price)
    {
        return limit(owner, id, Side.SELL, quantity, price, TimeInForce.DAY);
    }

    List<Report> limit(
        final long owner, final String id, final Side side, final long quantity, final double price,
        final TimeInForce tif)
    {
        return newOrder(owner, id, "AAA", side, OrdType.LIMIT, quantity, px(price), tif);
    }

    List<Report> market(final long owner, final String id, final Side side, final long quantity)
    {
        return newOrder(owner, id, "AAA", side, OrdType.MARKET, quantity, 0, TimeInForce.DAY);
    }

    List<Report> newOrder(
        final long owner, final String id, final String symbol, final Side side, final OrdType ordType,
        final long quantity, final long price, final TimeInForce tif)
    {
        return newOrder(owner, id, symbol, side.value(), ordType.value(), quantity, price, tif.value());
    }

    /**
     * A new order whose side, order type and time in force are raw bytes: the gateway only ever sends values of
     * the protocol's enums, but a foreign cluster client could write anything.
     */
    List<Report> newOrder(
        final long owner, final String id, final String symbol, final byte side, final byte ordType,
        final long quantity, final long price, final byte tif)
    {
        final NewOrderEncoder command = new NewOrderEncoder().wrapAndApplyHeader(buffer, 0, header)
            .ownerId(owner).clOrdId(id).symbol(symbol).orderQty(quantity).price(price)
            .gatewayId(gatewayId).commandSequence(commandSequence);
        final int body = MessageHeaderEncoder.ENCODED_LENGTH;
        buffer.putByte(body + NewOrderEncoder.sideEncodingOffset(), side);
        buffer.putByte(body + NewOrderEncoder.ordTypeEncodingOffset(), ordType);
        buffer.putByte(body + NewOrderEncoder.timeInForceEncodingOffset(), tif);
        return apply(command.encodedLength());
    }

    List<Report> cancel(final long owner, final String id, final String origId)
    {
        return apply(new CancelOrderEncoder().wrapAndApplyHeader(buffer, 0, header)
            .ownerId(owner).clOrdId(id).origClOrdId(origId).gatewayId(gatewayId).commandSequence(commandSequence)
            .encodedLength());
    }

    List<Report> replace(
        final long owner, final String id, final String origId, final Side side, final long quantity,
        final double price)
    {
        return apply(new ReplaceOrderEncoder().wrapAndApplyHeader(buffer, 0, header)
            .ownerId(owner).clOrdId(id).origClOrdId(origId).side(side).ordType(OrdType.LIMIT)
            .orderQty(quantity).price(px(price)).gatewayId(gatewayId).commandSequence(commandSequence)
            .encodedLength());
    }

    /**
     * @param symbol the symbol to list, or "" for all.
     */
    List<Report> massStatus(final long owner, final String requestId, final String symbol)
    {
        return apply(new MassStatusQueryEncoder().wrapAndApplyHeader(buffer, 0, header)
            .ownerId(owner).massStatusReqId(requestId).symbol(symbol)
            .encodedLength());
    }

    List<Report> orderStatus(final long owner, final String id, final String symbol, final Side side)
    {
        return apply(new OrderStatusQueryEncoder().wrapAndApplyHeader(buffer, 0, header)
            .ownerId(owner).clOrdId(id).symbol(symbol).side(side)
            .encodedLength());
    }

    List<Report> massCancel(final long owner)
    {
        return massCancel(owner, "", "");
    }

    /**
     * @param id the OrderMassCancelRequest's ClOrdID; empty for a cancel on disconnect.
     * @param symbol only this symbol's orders; empty for all.
     */
    List<Report> massCancel(final long owner, final String id, final String symbol)
    {
        return apply(new MassCancelEncoder().wrapAndApplyHeader(buffer, 0, header)
            .ownerId(owner).gatewayId(gatewayId).commandSequence(commandSequence).massCancelReqId(id).symbol(symbol)
            .encodedLength());
    }

    /**
     * Apply a recorded command as the cluster would from its log.
     */
    void replay(final Command command)
    {
        engine.onCommand(new UnsafeBuffer(command.message()), 0, command.message().length, command.clusterSessionId(),
            command.epochNanos());
    }

    private List<Report> apply(final int messageLength)
    {
        gatewayId = GatewaySequences.NOT_NUMBERED;
        commandSequence = GatewaySequences.NOT_NUMBERED;
        final byte[] message = new byte[MessageHeaderEncoder.ENCODED_LENGTH + messageLength];
        buffer.getBytes(0, message);
        final long epochNanos = nextCommandTime();
        commands.add(new Command(message, clusterSessionId, epochNanos));
        final int before = reports.size();
        final Refusal refusal = engine.onCommand(buffer, 0, message.length, clusterSessionId, epochNanos);
        if (refusal != null)
        {
            throw new AssertionError("the engine refused a command: " + refusal.describe(buffer, 0, message.length));
        }
        return List.copyOf(reports.subList(before, reports.size()));
    }

    List<BookEvent> bookEventsSince(final int first)
    {
        return List.copyOf(bookEvents.subList(first, bookEvents.size()));
    }

    /**
     * Ask for the feed's snapshot, as a gateway's publisher does.
     */
    void feedSnapshotRequest()
    {
        apply(new FeedSnapshotRequestEncoder().wrapAndApplyHeader(buffer, 0, header).encodedLength());
    }

    /**
     * Reads each market-data event with the decoder its template id names, as a feed consumer does.
     */
    private static final class BookEventReader
    {
        private final io.sonde.md.sbe.MessageHeaderDecoder header = new io.sonde.md.sbe.MessageHeaderDecoder();
        private final OrderAddedDecoder added = new OrderAddedDecoder();
        private final OrderModifiedDecoder modified = new OrderModifiedDecoder();
        private final OrderDeletedDecoder deleted = new OrderDeletedDecoder();
        private final TradeDecoder trade = new TradeDecoder();

        BookEvent read(final long sequence, final DirectBuffer buffer, final int offset)
        {
            header.wrap(buffer, offset);
            final int body = offset + io.sonde.md.sbe.MessageHeaderDecoder.ENCODED_LENGTH;
            final int block = header.blockLength();
            final int version = header.version();
            return switch (header.templateId())
            {
                case OrderAddedDecoder.TEMPLATE_ID ->
                {
                    final OrderAddedDecoder event = added.wrap(buffer, body, block, version);
                    yield new BookEvent(sequence, OrderAddedDecoder.TEMPLATE_ID, event.orderId(),
                        event.transactTime(), event.price(), event.quantity(), (char)event.sideRaw(), null, 0, 0);
                }
                case OrderModifiedDecoder.TEMPLATE_ID ->
                {
                    final OrderModifiedDecoder event = modified.wrap(buffer, body, block, version);
                    yield new BookEvent(sequence, OrderModifiedDecoder.TEMPLATE_ID, event.orderId(),
                        event.transactTime(), event.price(), event.quantity(), (char)event.sideRaw(), null, 0, 0);
                }
                case OrderDeletedDecoder.TEMPLATE_ID ->
                {
                    final OrderDeletedDecoder event = deleted.wrap(buffer, body, block, version);
                    yield new BookEvent(sequence, OrderDeletedDecoder.TEMPLATE_ID, event.orderId(),
                        event.transactTime(), 0, 0, (char)event.sideRaw(), event.reason(), 0, 0);
                }
                case TradeDecoder.TEMPLATE_ID ->
                {
                    final TradeDecoder event = trade.wrap(buffer, body, block, version);
                    yield new BookEvent(sequence, TradeDecoder.TEMPLATE_ID, event.aggressorOrderId(),
                        event.transactTime(), event.price(), event.quantity(), (char)event.aggressorSideRaw(), null,
                        event.tradeId(), event.restingOrderId());
                }
                default -> throw new AssertionError("the engine published template " + header.templateId());
            };
        }
    }

    /**
     * Reads each event the engine sends with the decoder its template id names, as the gateway does.
     */
    private static final class EventReader
    {
        private final MessageHeaderDecoder header = new MessageHeaderDecoder();
        private final OrderAcceptedDecoder accepted = new OrderAcceptedDecoder();
        private final OrderRejectedDecoder rejected = new OrderRejectedDecoder();
        private final OrderFilledDecoder filled = new OrderFilledDecoder();
        private final OrderCanceledDecoder canceled = new OrderCanceledDecoder();
        private final OrderReplacedDecoder replaced = new OrderReplacedDecoder();
        private final CancelRejectedDecoder cancelRejected = new CancelRejectedDecoder();
        private final OpenOrderStatusDecoder openOrderStatus = new OpenOrderStatusDecoder();
        private final OrderNotOpenDecoder orderNotOpen = new OrderNotOpenDecoder();
        private final MassStatusEntryDecoder massStatusEntry = new MassStatusEntryDecoder();
        private final MassStatusEmptyDecoder massStatusEmpty = new MassStatusEmptyDecoder();
        private final MassCanceledDecoder massCanceled = new MassCanceledDecoder();

        Report read(final long sessionId, final DirectBuffer buffer, final int offset)
        {
            header.wrap(buffer, offset);
            final int body = offset + MessageHeaderDecoder.ENCODED_LENGTH;
            final int block = header.blockLength();
            final int version = header.version();
            final Fields fields = new Fields(header.templateId(), sessionId);
            switch (header.templateId())
            {
                case OrderAcceptedDecoder.TEMPLATE_ID ->
                {
                    final OrderAcceptedDecoder event = accepted.wrap(buffer, body, block, version);
                    fields.order(event.ownerId(), event.clOrdId(), event.orderId(), event.execTypeRaw(),
                        event.ordStatusRaw());
                    fields.leaves = event.orderQty();
                }
                case OrderRejectedDecoder.TEMPLATE_ID ->
                {
                    final OrderRejectedDecoder event = rejected.wrap(buffer, body, block, version);
                    fields.order(event.ownerId(), event.clOrdId(), 0, event.execTypeRaw(), event.ordStatusRaw());
                    fields.rejectReason = event.reason();
                }
                case OrderFilledDecoder.TEMPLATE_ID ->
                {
                    final OrderFilledDecoder event = filled.wrap(buffer, body, block, version);
                    fields.order(event.ownerId(), event.clOrdId(), event.orderId(), event.execTypeRaw(),
                        event.ordStatusRaw());
                    fields.state(event.leavesQty(), event.cumQty(), event.avgPx());
                    fields.lastQty = event.lastQty();
                    fields.lastPx = event.lastPx();
                }
                case OrderCanceledDecoder.TEMPLATE_ID ->
                {
                    final OrderCanceledDecoder event = canceled.wrap(buffer, body, block, version);
                    fields.order(event.ownerId(), event.clOrdId(), event.orderId(), event.execTypeRaw(),
                        event.ordStatusRaw());
                    fields.state(0, event.cumQty(), event.avgPx());
                    fields.origClOrdId = event.origClOrdId();
                    fields.cancelReason = event.reason();
                }
                case OrderReplacedDecoder.TEMPLATE_ID ->
                {
                    final OrderReplacedDecoder event = replaced.wrap(buffer, body, block, version);
                    fields.order(event.ownerId(), event.clOrdId(), event.orderId(), event.execTypeRaw(),
                        event.ordStatusRaw());
                    fields.state(event.leavesQty(), event.cumQty(), event.avgPx());
                    fields.origClOrdId = event.origClOrdId();
                }
                case CancelRejectedDecoder.TEMPLATE_ID ->
                {
                    final CancelRejectedDecoder event = cancelRejected.wrap(buffer, body, block, version);
                    fields.order(event.ownerId(), event.clOrdId(), 0, (byte)0, event.ordStatusRaw());
                    fields.origClOrdId = event.origClOrdId();
                    fields.rejectReason = event.reason();
                }
                case OpenOrderStatusDecoder.TEMPLATE_ID ->
                {
                    final OpenOrderStatusDecoder event = openOrderStatus.wrap(buffer, body, block, version);
                    fields.order(event.ownerId(), event.clOrdId(), event.orderId(), event.execTypeRaw(),
                        event.ordStatusRaw());
                    fields.state(event.leavesQty(), event.cumQty(), event.avgPx());
                }
                case OrderNotOpenDecoder.TEMPLATE_ID ->
                {
                    final OrderNotOpenDecoder event = orderNotOpen.wrap(buffer, body, block, version);
                    fields.order(event.ownerId(), event.clOrdId(), 0, (byte)0, (byte)0);
                }
                case MassStatusEntryDecoder.TEMPLATE_ID ->
                {
                    final MassStatusEntryDecoder event = massStatusEntry.wrap(buffer, body, block, version);
                    fields.order(event.ownerId(), event.clOrdId(), event.orderId(), event.execTypeRaw(),
                        event.ordStatusRaw());
                    fields.state(event.leavesQty(), event.cumQty(), event.avgPx());
                    fields.massStatusReqId = event.massStatusReqId();
                    fields.totalReports = event.totalReports();
                }
                case MassStatusEmptyDecoder.TEMPLATE_ID ->
                {
                    final MassStatusEmptyDecoder event = massStatusEmpty.wrap(buffer, body, block, version);
                    fields.ownerId = event.ownerId();
                    fields.massStatusReqId = event.massStatusReqId();
                }
                case MassCanceledDecoder.TEMPLATE_ID ->
                {
                    // The request's id and its count, where a mass status answer has them; an unknown symbol as the
                    // reject reason.
                    final MassCanceledDecoder event = massCanceled.wrap(buffer, body, block, version);
                    fields.ownerId = event.ownerId();
                    fields.orderId = event.massCancelId();
                    fields.totalReports = (int)event.affectedOrders();
                    fields.massStatusReqId = event.massCancelReqId();
                    fields.rejectReason = event.outcome() == MassCancelOutcome.UNKNOWN_SYMBOL ?
                        RejectReason.UNKNOWN_SYMBOL : null;
                }
                default -> throw new AssertionError("the engine sent template " + header.templateId());
            }
            return fields.report();
        }
    }

    private static final class Fields
    {
        final int templateId;
        final long clusterSessionId;
        long ownerId;
        String clOrdId = "";
        String origClOrdId = "";
        String massStatusReqId = "";
        char execType;
        char ordStatus;
        long orderId;
        long lastQty;
        long lastPx;
        long leaves;
        long cum;
        long avgPx;
        int totalReports;
        RejectReason rejectReason;
        CancelReason cancelReason;

        Fields(final int templateId, final long clusterSessionId)
        {
            this.templateId = templateId;
            this.clusterSessionId = clusterSessionId;
        }

        void order(
            final long ownerId, final String clOrdId, final long orderId, final byte execType, final byte ordStatus)
        {
            this.ownerId = ownerId;
            this.clOrdId = clOrdId;
            this.orderId = orderId;
            this.execType = (char)execType;
            this.ordStatus = (char)ordStatus;
        }

        void state(final long leaves, final long cum, final long avgPx)
        {
            this.leaves = leaves;
            this.cum = cum;
            this.avgPx = avgPx;
        }

        Report report()
        {
            return new Report(templateId, clusterSessionId, ownerId, clOrdId, origClOrdId, massStatusReqId, execType,
                ordStatus, orderId, lastQty, lastPx, leaves, cum, avgPx, totalReports, rejectReason, cancelReason);
        }
    }
}
