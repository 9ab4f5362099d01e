package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.Limits;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteOrder;

/**
 * Writes an engine's state as a sequence of messages (a header, one message per open order in book
 * order, an end marker) and rebuilds an engine from them. Each message is far below Aeron's maximum
 * payload, so a snapshot of any size streams through a publication without fragmentation concerns.
 */
public final class EngineSnapshot
{
    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    private static final int VERSION = 1;
    private static final byte HEADER = 1;
    private static final byte OPEN_ORDER = 2;
    private static final byte END = 3;

    private static final int HEADER_LENGTH = 56;
    private static final int ORDER_LENGTH = 80 + Limits.CL_ORD_ID_WIDTH;
    private static final int END_LENGTH = 8;

    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[ORDER_LENGTH]);
    private final MatchingEngine engine;
    private long ordersExpected = -1;
    private long ordersRestored;
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
     * @throws IllegalStateException if the snapshot is malformed, out of order or from another layout.
     */
    public void onMessage(final DirectBuffer message, final int offset, final int length)
    {
        if (complete)
        {
            throw new IllegalStateException("snapshot message after the end marker");
        }
        final byte type = message.getByte(offset);
        if (type == HEADER && length == HEADER_LENGTH && ordersExpected < 0)
        {
            readHeader(message, offset);
        }
        else if (type == OPEN_ORDER && length == ORDER_LENGTH && ordersExpected >= 0)
        {
            readOrder(message, offset);
        }
        else if (type == END && length == END_LENGTH && ordersExpected >= 0)
        {
            if (ordersRestored != ordersExpected)
            {
                throw new IllegalStateException("snapshot ended after " + ordersRestored + " of " + ordersExpected +
                    " orders");
            }
            complete = true;
        }
        else
        {
            throw new IllegalStateException("unexpected snapshot message: type " + type + ", " + length + " bytes");
        }
    }

    public boolean isComplete()
    {
        return complete;
    }

    private void writeAll(final SnapshotSink sink)
    {
        buffer.setMemory(0, HEADER_LENGTH, (byte)0);
        buffer.putByte(0, HEADER);
        buffer.putInt(4, VERSION, ORDER);
        buffer.putLong(8, engine.nextOrderId(), ORDER);
        buffer.putLong(16, engine.nextExecId(), ORDER);
        buffer.putLong(24, engine.ordersAccepted(), ORDER);
        buffer.putLong(32, engine.trades(), ORDER);
        buffer.putLong(40, engine.openOrderCount(), ORDER);
        buffer.putInt(48, engine.symbolCount(), ORDER);
        sink.write(buffer, 0, HEADER_LENGTH);

        engine.forEachOpenOrder(order -> sink.write(buffer, 0, encode(order)));

        buffer.setMemory(0, END_LENGTH, (byte)0);
        buffer.putByte(0, END);
        sink.write(buffer, 0, END_LENGTH);
    }

    private int encode(final Order order)
    {
        buffer.setMemory(0, ORDER_LENGTH, (byte)0);
        buffer.putByte(0, OPEN_ORDER);
        buffer.putByte(1, order.side);
        buffer.putByte(2, order.ordType);
        buffer.putByte(3, order.timeInForce);
        buffer.putByte(4, (byte)order.clOrdIdLength);
        buffer.putInt(8, order.symbolIndex, ORDER);
        buffer.putLong(16, order.orderId, ORDER);
        buffer.putLong(24, order.ownerId, ORDER);
        buffer.putLong(32, order.clusterSessionId, ORDER);
        buffer.putLong(40, order.price, ORDER);
        buffer.putLong(48, order.orderQty, ORDER);
        buffer.putLong(56, order.leavesQty, ORDER);
        buffer.putLong(64, order.cumQty, ORDER);
        buffer.putLong(72, order.notional, ORDER);
        buffer.putBytes(80, order.clOrdId, 0, order.clOrdIdLength);
        return ORDER_LENGTH;
    }

    private void readHeader(final DirectBuffer message, final int offset)
    {
        final int version = message.getInt(offset + 4, ORDER);
        if (version != VERSION)
        {
            throw new IllegalStateException("snapshot layout version " + version + ", this engine reads " + VERSION);
        }
        final int symbols = message.getInt(offset + 48, ORDER);
        if (symbols != engine.symbolCount())
        {
            throw new IllegalStateException("snapshot has " + symbols + " symbols, the engine is configured with " +
                engine.symbolCount() + ": start it with the same symbols");
        }
        engine.restoreCounters(
            message.getLong(offset + 8, ORDER),
            message.getLong(offset + 16, ORDER),
            message.getLong(offset + 24, ORDER),
            message.getLong(offset + 32, ORDER));
        ordersExpected = message.getLong(offset + 40, ORDER);
    }

    private void readOrder(final DirectBuffer message, final int offset)
    {
        final Order order = engine.newOrderForRestore();
        order.side = message.getByte(offset + 1);
        order.ordType = message.getByte(offset + 2);
        order.timeInForce = message.getByte(offset + 3);
        order.symbolIndex = message.getInt(offset + 8, ORDER);
        order.orderId = message.getLong(offset + 16, ORDER);
        order.ownerId = message.getLong(offset + 24, ORDER);
        order.clusterSessionId = message.getLong(offset + 32, ORDER);
        order.price = message.getLong(offset + 40, ORDER);
        order.orderQty = message.getLong(offset + 48, ORDER);
        order.leavesQty = message.getLong(offset + 56, ORDER);
        order.cumQty = message.getLong(offset + 64, ORDER);
        order.notional = message.getLong(offset + 72, ORDER);
        order.clOrdId(message, offset + 80, message.getByte(offset + 4));
        engine.restore(order);
        ordersRestored++;
    }
}
