package io.sonde.exchange.protocol;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.nio.ByteOrder;

/**
 * The matching engine's answer to a status query: counts and the state digest, read at the query's place in
 * the log, so every replica and every replay gives the same answer.
 * <pre>
 *   0 kind (3)  8 ordersAccepted  16 openOrders  24 trades  32 digest
 * </pre>
 */
public final class StatusReply
{
    public static final byte KIND = 3;
    public static final int LENGTH = 40;

    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    private static final int ORDERS_ACCEPTED = 8;
    private static final int OPEN_ORDERS = 16;
    private static final int TRADES = 24;
    private static final int DIGEST = 32;

    private DirectBuffer buffer;
    private int offset;

    public StatusReply wrap(final DirectBuffer buffer, final int offset)
    {
        this.buffer = buffer;
        this.offset = offset;
        return this;
    }

    public static void encode(
        final MutableDirectBuffer buffer, final int offset, final long ordersAccepted, final long openOrders,
        final long trades, final long digest)
    {
        buffer.setMemory(offset, LENGTH, (byte)0);
        buffer.putByte(offset, KIND);
        buffer.putLong(offset + ORDERS_ACCEPTED, ordersAccepted, ORDER);
        buffer.putLong(offset + OPEN_ORDERS, openOrders, ORDER);
        buffer.putLong(offset + TRADES, trades, ORDER);
        buffer.putLong(offset + DIGEST, digest, ORDER);
    }

    public long ordersAccepted()
    {
        return buffer.getLong(offset + ORDERS_ACCEPTED, ORDER);
    }

    public long openOrders()
    {
        return buffer.getLong(offset + OPEN_ORDERS, ORDER);
    }

    public long trades()
    {
        return buffer.getLong(offset + TRADES, ORDER);
    }

    public long digest()
    {
        return buffer.getLong(offset + DIGEST, ORDER);
    }
}
