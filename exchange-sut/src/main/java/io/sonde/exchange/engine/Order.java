package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.sbe.OrdStatus;
import io.sonde.exchange.sbe.OrdType;
import io.sonde.exchange.sbe.Side;
import io.sonde.exchange.sbe.TimeInForce;

import java.util.Arrays;

/**
 * One open order: its terms, what has been filled, and its links in the book (time priority within a level)
 * and in the index of open orders. Instances are pooled by the engine, so every field is reset on reuse.
 */
final class Order
{
    long orderId;
    long ownerId;
    long clusterSessionId;
    int symbolIndex;
    Side side;
    OrdType ordType;
    TimeInForce timeInForce;
    long price;
    long orderQty;
    long leavesQty;
    long cumQty;
    long notional;
    /**
     * Null-padded to its width, as the protocol carries it, so events copy it whole.
     */
    final byte[] clOrdId = new byte[ProtocolLimits.CL_ORD_ID_WIDTH];
    int clOrdIdLength;
    long indexKey;

    PriceLevel level;
    Order previous;
    Order next;
    Order nextWithSameKey;
    /**
     * The owner's other resting orders, in no particular order, and when this one last joined the back of a level:
     * the orders of a level rested in the order of this number, so it sorts an owner's orders into time priority.
     */
    Order ownerPrevious;
    Order ownerNext;
    long restSequence;

    void clOrdId(final byte[] id, final int length)
    {
        System.arraycopy(id, 0, clOrdId, 0, length);
        Arrays.fill(clOrdId, length, clOrdId.length, (byte)0);
        clOrdIdLength = length;
    }

    boolean hasClOrdId(final byte[] id, final int length)
    {
        return length == clOrdIdLength && Arrays.equals(clOrdId, 0, length, id, 0, length);
    }

    boolean isBuy()
    {
        return side == Side.BUY;
    }

    /**
     * The status of an order while it is open.
     */
    OrdStatus openStatus()
    {
        return cumQty > 0 ? OrdStatus.PARTIALLY_FILLED : OrdStatus.NEW;
    }

    /**
     * Average fill price, fixed point, truncated: integer arithmetic so every replica computes the same.
     */
    long averagePrice()
    {
        return cumQty == 0 ? 0 : notional / cumQty;
    }

    void clear()
    {
        level = null;
        previous = null;
        next = null;
        nextWithSameKey = null;
        ownerPrevious = null;
        ownerNext = null;
        notional = 0;
        cumQty = 0;
    }
}
