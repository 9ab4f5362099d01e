package io.sonde.exchange.protocol;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.nio.ByteOrder;

/**
 * Flyweight over what the matching engine tells the gateway about one order: an execution (which becomes an
 * ExecutionReport) or a refused cancel/replace (an OrderCancelReject). Quantities are whole units, prices
 * fixed point with {@link Limits#PRICE_SCALE} decimals.
 * <pre>
 *   0 kind  1 execType  2 ordStatus  3 side  4 clOrdIdLen  5 origLen  6 symbolLen  7 reason
 *   8 ownerId  16 orderId  24 execId  32 price  40 orderQty  48 lastQty  56 lastPx
 *  64 leavesQty  72 cumQty  80 avgPx  88 responseTo  89 ordType  90 timeInForce
 *  96 clOrdId[32]  128 origClOrdId[32]  160 symbol[16]
 * </pre>
 */
public final class OrderEvent
{
    public static final byte EXECUTION = 1;
    public static final byte CANCEL_REJECT = 2;
    /**
     * One open order listed for a mass status request, or the answer to a single order status request. It
     * reuses the execution layout: it carries no fill, so lastQty holds the number of reports in the answer and
     * responseTo whether this is the last. For a mass status origClOrdId echoes the MassStatusReqID; for a
     * single order it is empty, and no report (0 reports) means the engine holds no such open order.
     */
    public static final byte ORDER_STATUS = 3;

    public static final int LENGTH = 176;

    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    private static final int KIND = 0;
    private static final int EXEC_TYPE = 1;
    private static final int ORD_STATUS = 2;
    private static final int SIDE = 3;
    private static final int CL_ORD_ID_LENGTH = 4;
    private static final int ORIG_CL_ORD_ID_LENGTH = 5;
    private static final int SYMBOL_LENGTH = 6;
    private static final int REASON = 7;
    private static final int OWNER_ID = 8;
    private static final int ORDER_ID = 16;
    private static final int EXEC_ID = 24;
    private static final int PRICE = 32;
    private static final int ORDER_QTY = 40;
    private static final int LAST_QTY = 48;
    private static final int LAST_PX = 56;
    private static final int LEAVES_QTY = 64;
    private static final int CUM_QTY = 72;
    private static final int AVG_PX = 80;
    private static final int RESPONSE_TO = 88;
    private static final int ORD_TYPE = 89;
    private static final int TIME_IN_FORCE = 90;
    private static final int CL_ORD_ID = 96;
    private static final int ORIG_CL_ORD_ID = 128;
    private static final int SYMBOL = 160;

    private DirectBuffer buffer;
    private MutableDirectBuffer mutableBuffer;
    private int offset;

    public OrderEvent wrap(final DirectBuffer buffer, final int offset)
    {
        this.buffer = buffer;
        this.mutableBuffer = buffer instanceof MutableDirectBuffer ? (MutableDirectBuffer)buffer : null;
        this.offset = offset;
        return this;
    }

    public OrderEvent wrapForEncode(final MutableDirectBuffer buffer, final int offset, final byte kind)
    {
        wrap(buffer, offset);
        buffer.setMemory(offset, LENGTH, (byte)0);
        buffer.putByte(offset + KIND, kind);
        return this;
    }

    public byte kind()
    {
        return buffer.getByte(offset + KIND);
    }

    public byte execType()
    {
        return buffer.getByte(offset + EXEC_TYPE);
    }

    public OrderEvent execType(final byte value)
    {
        mutableBuffer.putByte(offset + EXEC_TYPE, value);
        return this;
    }

    public byte ordStatus()
    {
        return buffer.getByte(offset + ORD_STATUS);
    }

    public OrderEvent ordStatus(final byte value)
    {
        mutableBuffer.putByte(offset + ORD_STATUS, value);
        return this;
    }

    public byte side()
    {
        return buffer.getByte(offset + SIDE);
    }

    public OrderEvent side(final byte value)
    {
        mutableBuffer.putByte(offset + SIDE, value);
        return this;
    }

    public RejectReason reason()
    {
        return RejectReason.fromCode(buffer.getByte(offset + REASON));
    }

    public OrderEvent reason(final RejectReason reason)
    {
        mutableBuffer.putByte(offset + REASON, reason.code());
        return this;
    }

    public byte responseTo()
    {
        return buffer.getByte(offset + RESPONSE_TO);
    }

    public OrderEvent responseTo(final byte value)
    {
        mutableBuffer.putByte(offset + RESPONSE_TO, value);
        return this;
    }

    public byte ordType()
    {
        return buffer.getByte(offset + ORD_TYPE);
    }

    public OrderEvent ordType(final byte value)
    {
        mutableBuffer.putByte(offset + ORD_TYPE, value);
        return this;
    }

    public byte timeInForce()
    {
        return buffer.getByte(offset + TIME_IN_FORCE);
    }

    public OrderEvent timeInForce(final byte value)
    {
        mutableBuffer.putByte(offset + TIME_IN_FORCE, value);
        return this;
    }

    public long ownerId()
    {
        return buffer.getLong(offset + OWNER_ID, ORDER);
    }

    public OrderEvent ownerId(final long value)
    {
        mutableBuffer.putLong(offset + OWNER_ID, value, ORDER);
        return this;
    }

    public long orderId()
    {
        return buffer.getLong(offset + ORDER_ID, ORDER);
    }

    public OrderEvent orderId(final long value)
    {
        mutableBuffer.putLong(offset + ORDER_ID, value, ORDER);
        return this;
    }

    public long execId()
    {
        return buffer.getLong(offset + EXEC_ID, ORDER);
    }

    public OrderEvent execId(final long value)
    {
        mutableBuffer.putLong(offset + EXEC_ID, value, ORDER);
        return this;
    }

    public long price()
    {
        return buffer.getLong(offset + PRICE, ORDER);
    }

    public OrderEvent price(final long value)
    {
        mutableBuffer.putLong(offset + PRICE, value, ORDER);
        return this;
    }

    public long orderQty()
    {
        return buffer.getLong(offset + ORDER_QTY, ORDER);
    }

    public OrderEvent orderQty(final long value)
    {
        mutableBuffer.putLong(offset + ORDER_QTY, value, ORDER);
        return this;
    }

    /**
     * @return for {@link #ORDER_STATUS}: how many reports the answer has (0 when no order is open).
     */
    public long totalReports()
    {
        return lastQty();
    }

    public OrderEvent totalReports(final long reports)
    {
        return lastQty(reports);
    }

    /**
     * @return for {@link #ORDER_STATUS}: whether this is the answer's last report.
     */
    public boolean isLastReport()
    {
        return responseTo() == 1;
    }

    public OrderEvent lastReport(final boolean last)
    {
        return responseTo((byte)(last ? 1 : 0));
    }

    public long lastQty()
    {
        return buffer.getLong(offset + LAST_QTY, ORDER);
    }

    public OrderEvent lastQty(final long value)
    {
        mutableBuffer.putLong(offset + LAST_QTY, value, ORDER);
        return this;
    }

    public long lastPx()
    {
        return buffer.getLong(offset + LAST_PX, ORDER);
    }

    public OrderEvent lastPx(final long value)
    {
        mutableBuffer.putLong(offset + LAST_PX, value, ORDER);
        return this;
    }

    public long leavesQty()
    {
        return buffer.getLong(offset + LEAVES_QTY, ORDER);
    }

    public OrderEvent leavesQty(final long value)
    {
        mutableBuffer.putLong(offset + LEAVES_QTY, value, ORDER);
        return this;
    }

    public long cumQty()
    {
        return buffer.getLong(offset + CUM_QTY, ORDER);
    }

    public OrderEvent cumQty(final long value)
    {
        mutableBuffer.putLong(offset + CUM_QTY, value, ORDER);
        return this;
    }

    public long avgPx()
    {
        return buffer.getLong(offset + AVG_PX, ORDER);
    }

    public OrderEvent avgPx(final long value)
    {
        mutableBuffer.putLong(offset + AVG_PX, value, ORDER);
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

    public OrderEvent clOrdId(final DirectBuffer source, final int sourceOffset, final int length)
    {
        AsciiFields.put(mutableBuffer, offset + CL_ORD_ID, Limits.CL_ORD_ID_WIDTH, source, sourceOffset, length);
        mutableBuffer.putByte(offset + CL_ORD_ID_LENGTH, (byte)length);
        return this;
    }

    public OrderEvent clOrdId(final byte[] source, final int length)
    {
        AsciiFields.put(mutableBuffer, offset + CL_ORD_ID, Limits.CL_ORD_ID_WIDTH, source, length);
        mutableBuffer.putByte(offset + CL_ORD_ID_LENGTH, (byte)length);
        return this;
    }

    public int origClOrdIdLength()
    {
        return buffer.getByte(offset + ORIG_CL_ORD_ID_LENGTH);
    }

    public int origClOrdIdOffset()
    {
        return offset + ORIG_CL_ORD_ID;
    }

    public OrderEvent origClOrdId(final DirectBuffer source, final int sourceOffset, final int length)
    {
        AsciiFields.put(mutableBuffer, offset + ORIG_CL_ORD_ID, Limits.CL_ORD_ID_WIDTH, source, sourceOffset, length);
        mutableBuffer.putByte(offset + ORIG_CL_ORD_ID_LENGTH, (byte)length);
        return this;
    }

    public OrderEvent origClOrdId(final byte[] source, final int length)
    {
        AsciiFields.put(mutableBuffer, offset + ORIG_CL_ORD_ID, Limits.CL_ORD_ID_WIDTH, source, length);
        mutableBuffer.putByte(offset + ORIG_CL_ORD_ID_LENGTH, (byte)length);
        return this;
    }

    public int symbolLength()
    {
        return buffer.getByte(offset + SYMBOL_LENGTH);
    }

    public int symbolOffset()
    {
        return offset + SYMBOL;
    }

    public OrderEvent symbol(final DirectBuffer source, final int sourceOffset, final int length)
    {
        AsciiFields.put(mutableBuffer, offset + SYMBOL, Limits.SYMBOL_WIDTH, source, sourceOffset, length);
        mutableBuffer.putByte(offset + SYMBOL_LENGTH, (byte)length);
        return this;
    }

    public OrderEvent symbol(final byte[] source, final int length)
    {
        AsciiFields.put(mutableBuffer, offset + SYMBOL, Limits.SYMBOL_WIDTH, source, length);
        mutableBuffer.putByte(offset + SYMBOL_LENGTH, (byte)length);
        return this;
    }

    public String clOrdIdAsString()
    {
        return buffer.getStringWithoutLengthAscii(offset + CL_ORD_ID, clOrdIdLength());
    }

    public DirectBuffer buffer()
    {
        return buffer;
    }
}
