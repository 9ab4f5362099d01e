package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.AsciiFields;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.protocol.Refusal;
import io.sonde.exchange.sbe.MessageHeaderDecoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.SnapshotBeginDecoder;
import io.sonde.exchange.sbe.SnapshotBeginEncoder;
import io.sonde.exchange.sbe.SnapshotEndDecoder;
import io.sonde.exchange.sbe.SnapshotEndEncoder;
import io.sonde.exchange.sbe.SnapshotGatewayDecoder;
import io.sonde.exchange.sbe.SnapshotGatewayEncoder;
import io.sonde.exchange.sbe.SnapshotOrderDecoder;
import io.sonde.exchange.sbe.SnapshotOrderEncoder;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Writes an engine's state as a sequence of messages (a {@code SnapshotBegin} with the counters, one
 * {@code SnapshotOrder} per open order in book order, one {@code SnapshotGateway} per gateway with the last command
 * the engine applied of it, a {@code SnapshotEnd}) and rebuilds an engine from them.
 * Each message is far below Aeron's maximum payload, so a snapshot of any size streams through a publication
 * without fragmentation concerns.
 * <p>
 * The begin message carries the snapshot's {@link #FORMAT_VERSION}: what its messages mean and in which order
 * they come. A loader refuses any format other than its own, naming both, rather than restore a different state
 * than was written. The hand-written layout before the SBE protocol was format 1; its messages are not of this
 * schema, and are refused as such. Format 3 added the market-data feed's next sequence number, format 4 the
 * gateways' last applied commands.
 */
public final class EngineSnapshot
{
    public static final int FORMAT_VERSION = 4;

    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[ProtocolLimits.MAX_MESSAGE_LENGTH]);
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final SnapshotBeginDecoder beginDecoder = new SnapshotBeginDecoder();
    private final SnapshotOrderDecoder orderDecoder = new SnapshotOrderDecoder();
    private final SnapshotGatewayDecoder gatewayDecoder = new SnapshotGatewayDecoder();
    private final MatchingEngine engine;
    private long ordersExpected = -1;
    private long ordersRestored;
    private long gatewaysExpected;
    private long gatewaysRestored;
    private boolean complete;

    private EngineSnapshot(final MatchingEngine engine)
    {
        this.engine = engine;
    }

    /**
     * Write {@code engine}'s whole state to {@code sink}.
     */
    public static void write(final MatchingEngine engine, final SnapshotSink sink)
    {
        new EngineSnapshot(engine).writeAll(sink);
    }

    /**
     * A loader that feeds snapshot messages into {@code engine}, which must be freshly constructed with the
     * same symbols.
     */
    public static EngineSnapshot loaderInto(final MatchingEngine engine)
    {
        return new EngineSnapshot(engine);
    }

    /**
     * Apply one snapshot message.
     *
     * @throws IllegalStateException if the snapshot is malformed, out of order, of another schema or of a
     *                               format version this engine does not read.
     */
    public void onMessage(final DirectBuffer message, final int offset, final int length)
    {
        if (complete)
        {
            throw new IllegalStateException("snapshot message after the end marker");
        }
        final Refusal refusal = Refusal.checkHeader(header, message, offset, length);
        if (refusal != null)
        {
            throw new IllegalStateException("not a snapshot message: " + refusal.describe(message, offset, length));
        }
        final int body = offset + MessageHeaderDecoder.ENCODED_LENGTH;
        final int templateId = header.templateId();
        if (templateId == SnapshotBeginDecoder.TEMPLATE_ID && ordersExpected < 0)
        {
            readBegin(beginDecoder.wrap(message, body, header.blockLength(), header.version()));
        }
        else if (templateId == SnapshotOrderDecoder.TEMPLATE_ID && ordersExpected >= 0)
        {
            readOrder(orderDecoder.wrap(message, body, header.blockLength(), header.version()));
        }
        else if (templateId == SnapshotGatewayDecoder.TEMPLATE_ID && ordersExpected >= 0)
        {
            readGateway(gatewayDecoder.wrap(message, body, header.blockLength(), header.version()));
        }
        else if (templateId == SnapshotEndDecoder.TEMPLATE_ID && ordersExpected >= 0)
        {
            checkOrdersComplete("ended");
            if (gatewaysRestored != gatewaysExpected)
            {
                throw new IllegalStateException("snapshot ended after " + gatewaysRestored + " of " +
                    gatewaysExpected + " gateways");
            }
            complete = true;
        }
        else
        {
            throw new IllegalStateException("unexpected snapshot message: template " + templateId +
                (ordersExpected < 0 ? " before the begin message" : " after the begin message"));
        }
    }

    public boolean isComplete()
    {
        return complete;
    }

    private void writeAll(final SnapshotSink sink)
    {
        final SnapshotBeginEncoder begin = new SnapshotBeginEncoder().wrapAndApplyHeader(buffer, 0, headerEncoder)
            .nextOrderId(engine.nextOrderId())
            .nextExecId(engine.nextExecId())
            .ordersAccepted(engine.ordersAccepted())
            .trades(engine.trades())
            .openOrders(engine.openOrderCount())
            .formatVersion(FORMAT_VERSION)
            .symbolCount(engine.resting().symbolCount())
            .nextFeedSequence(engine.nextFeedSequence())
            .gateways(engine.gatewaySequences().count());
        sink.write(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + begin.encodedLength());

        final SnapshotOrderEncoder order = new SnapshotOrderEncoder();
        engine.resting().forEach(open ->
        {
            order.wrapAndApplyHeader(buffer, 0, headerEncoder)
                .orderId(open.orderId)
                .ownerId(open.ownerId)
                .clusterSessionId(open.clusterSessionId)
                .price(open.price)
                .orderQty(open.orderQty)
                .leavesQty(open.leavesQty)
                .cumQty(open.cumQty)
                .notional(open.notional)
                .putClOrdId(open.clOrdId, 0)
                .symbolIndex(open.symbolIndex)
                .side(open.side)
                .ordType(open.ordType)
                .timeInForce(open.timeInForce);
            sink.write(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + order.encodedLength());
        });

        final GatewaySequences gateways = engine.gatewaySequences();
        final SnapshotGatewayEncoder gateway = new SnapshotGatewayEncoder();
        for (int i = 0; i < gateways.count(); i++)
        {
            gateway.wrapAndApplyHeader(buffer, 0, headerEncoder)
                .gatewayId(gateways.gatewayId(i))
                .lastCommandSequence(gateways.lastApplied(i));
            sink.write(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + gateway.encodedLength());
        }

        final SnapshotEndEncoder end = new SnapshotEndEncoder().wrapAndApplyHeader(buffer, 0, headerEncoder);
        sink.write(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + end.encodedLength());
    }

    private void readBegin(final SnapshotBeginDecoder begin)
    {
        if (begin.formatVersion() != FORMAT_VERSION)
        {
            throw new IllegalStateException("snapshot format version " + begin.formatVersion() +
                " cannot be loaded: this engine reads format version " + FORMAT_VERSION);
        }
        if (begin.symbolCount() != engine.resting().symbolCount())
        {
            throw new IllegalStateException("snapshot has " + begin.symbolCount() + " symbols, the engine is " +
                "configured with " + engine.resting().symbolCount() + ": start it with the same symbols");
        }
        engine.restoreCounters(begin.nextOrderId(), begin.nextExecId(), begin.ordersAccepted(), begin.trades(),
            begin.nextFeedSequence());
        ordersExpected = begin.openOrders();
        gatewaysExpected = begin.gateways();
    }

    /**
     * The gateways follow every order.
     */
    private void readGateway(final SnapshotGatewayDecoder message)
    {
        checkOrdersComplete("reached its gateways");
        if (gatewaysRestored == gatewaysExpected)
        {
            throw new IllegalStateException("snapshot has more than the " + gatewaysExpected +
                " gateways it announced");
        }
        engine.gatewaySequences().restore(message.gatewayId(), message.lastCommandSequence());
        gatewaysRestored++;
    }

    private void checkOrdersComplete(final String when)
    {
        if (ordersRestored != ordersExpected)
        {
            throw new IllegalStateException("snapshot " + when + " after " + ordersRestored + " of " +
                ordersExpected + " orders");
        }
    }

    private void readOrder(final SnapshotOrderDecoder message)
    {
        final Order restored = engine.resting().takeForRestore();
        restored.orderId = message.orderId();
        restored.ownerId = message.ownerId();
        restored.clusterSessionId = message.clusterSessionId();
        restored.price = message.price();
        restored.orderQty = message.orderQty();
        restored.leavesQty = message.leavesQty();
        restored.cumQty = message.cumQty();
        restored.notional = message.notional();
        message.getClOrdId(restored.clOrdId, 0);
        restored.clOrdIdLength = AsciiFields.length(restored.clOrdId);
        restored.symbolIndex = message.symbolIndex();
        restored.side = message.side();
        restored.ordType = message.ordType();
        restored.timeInForce = message.timeInForce();
        engine.resting().restore(restored);
        ordersRestored++;
    }
}
