package io.sonde.exchange.protocol;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.nio.ByteOrder;

/**
 * Flyweight over the binary command the gateway sends into the cluster for a NewOrderSingle,
 * OrderCancelRequest, OrderCancelReplaceRequest or OrderMassStatusRequest, for a session's cancel on
 * disconnect, and for the status query tests and operators use. One fixed layout serves all of them: a
 * command is small and the unused fields cost nothing to skip.
 * <pre>
 *   0 type        1 side      2 ordType   3 timeInForce
 *   4 clOrdIdLen  5 origLen   6 symbolLen 7 (pad)
 *   8 ownerId (long)  16 price (long)  24 quantity (long)
 *  32 clOrdId[32]    64 origClOrdId[32] 96 symbol[16]
 * </pre>
 */
public final class OrderCommand
{
    public static final byte NEW_ORDER = 1;
    public static final byte CANCEL = 2;
    public static final byte REPLACE = 3;
    public static final byte STATUS_QUERY = 4;
    /** The owner's open orders, one status event each; clOrdId carries the MassStatusReqID, symbol a filter. */
    public static final byte MASS_STATUS = 5;
    /** Cancel every open order of the owner: its session asked for cancel-on-disconnect and is gone. */
    public static final byte MASS_CANCEL = 6;
    /** One order of the owner by its ClOrdID (clOrdId); symbol and side are echoed when it is not open. */
    public static final byte ORDER_STATUS = 7;

    public static final int LENGTH = 112;

    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    private static final int TYPE = 0;
    private static final int SIDE = 1;
    private static final int ORD_TYPE = 2;
    private static final int TIME_IN_FORCE = 3;
    private static final int CL_ORD_ID_LENGTH = 4;
    private static final int ORIG_CL_ORD_ID_LENGTH = 5;
    private static final int SYMBOL_LENGTH = 6;
    private static final int OWNER_ID = 8;
    private static final int PRICE = 16;
    private static final int QUANTITY = 24;
    private static final int CL_ORD_ID = 32;
    private static final int ORIG_CL_ORD_ID = 64;
    private static final int SYMBOL = 96;

    private DirectBuffer buffer;
    private MutableDirectBuffer mutableBuffer;
    private int offset;

    public OrderCommand wrap(final DirectBuffer buffer, final int offset)
    {
        this.buffer = buffer;
        this.mutableBuffer = buffer instanceof MutableDirectBuffer ? (MutableDirectBuffer)buffer : null;
        this.offset = offset;
        return this;
    }

    /**
     * Wrap for writing and clear every field, so nothing of a previous command leaks into this one.
     */
    public OrderCommand wrapForEncode(final MutableDirectBuffer buffer, final int offset, final byte type)
    {
        wrap(buffer, offset);
        buffer.setMemory(offset, LENGTH, (byte)0);
        buffer.putByte(offset + TYPE, type);
        return this;
    }

    public byte type()
    {
        return buffer.getByte(offset + TYPE);
    }

    public byte side()
    {
        return buffer.getByte(offset + SIDE);
    }

    public OrderCommand side(final byte side)
    {
        mutableBuffer.putByte(offset + SIDE, side);
        return this;
    }

    public byte ordType()
    {
        return buffer.getByte(offset + ORD_TYPE);
    }

    public OrderCommand ordType(final byte ordType)
    {
        mutableBuffer.putByte(offset + ORD_TYPE, ordType);
        return this;
    }

    public byte timeInForce()
    {
        return buffer.getByte(offset + TIME_IN_FORCE);
    }

    public OrderCommand timeInForce(final byte timeInForce)
    {
        mutableBuffer.putByte(offset + TIME_IN_FORCE, timeInForce);
        return this;
    }

    public long ownerId()
    {
        return buffer.getLong(offset + OWNER_ID, ORDER);
    }

    public OrderCommand ownerId(final long ownerId)
    {
        mutableBuffer.putLong(offset + OWNER_ID, ownerId, ORDER);
        return this;
    }

    public long price()
    {
        return buffer.getLong(offset + PRICE, ORDER);
    }

    public OrderCommand price(final long price)
    {
        mutableBuffer.putLong(offset + PRICE, price, ORDER);
        return this;
    }

    public long quantity()
    {
        return buffer.getLong(offset + QUANTITY, ORDER);
    }

    public OrderCommand quantity(final long quantity)
    {
        mutableBuffer.putLong(offset + QUANTITY, quantity, ORDER);
        return this;
    }

    public int clOrdIdLength()
    {
        return buffer.getByte(offset + CL_ORD_ID_LENGTH);
    }

    public int clOrdIdOffset()
    {
        return offset + CL_ORD_ID;
    }

    public OrderCommand clOrdId(final char[] id, final int length)
    {
        AsciiFields.put(mutableBuffer, offset + CL_ORD_ID, Limits.CL_ORD_ID_WIDTH, id, length);
        mutableBuffer.putByte(offset + CL_ORD_ID_LENGTH, (byte)length);
        return this;
    }

    public OrderCommand clOrdId(final String id)
    {
        return clOrdId(id.toCharArray(), id.length());
    }

    public int origClOrdIdLength()
    {
        return buffer.getByte(offset + ORIG_CL_ORD_ID_LENGTH);
    }

    public int origClOrdIdOffset()
    {
        return offset + ORIG_CL_ORD_ID;
    }

    public OrderCommand origClOrdId(final char[] id, final int length)
    {
        AsciiFields.put(mutableBuffer, offset + ORIG_CL_ORD_ID, Limits.CL_ORD_ID_WIDTH, id, length);
        mutableBuffer.putByte(offset + ORIG_CL_ORD_ID_LENGTH, (byte)length);
        return this;
    }

    public OrderCommand origClOrdId(final String id)
    {
        return origClOrdId(id.toCharArray(), id.length());
    }

    public int symbolLength()
    {
        return buffer.getByte(offset + SYMBOL_LENGTH);
    }

    public int symbolOffset()
    {
        return offset + SYMBOL;
    }

    public OrderCommand symbol(final char[] symbol, final int length)
    {
        AsciiFields.put(mutableBuffer, offset + SYMBOL, Limits.SYMBOL_WIDTH, symbol, length);
        mutableBuffer.putByte(offset + SYMBOL_LENGTH, (byte)length);
        return this;
    }

    public OrderCommand symbol(final String symbol)
    {
        return symbol(symbol.toCharArray(), symbol.length());
    }

    public DirectBuffer buffer()
    {
        return buffer;
    }
}
