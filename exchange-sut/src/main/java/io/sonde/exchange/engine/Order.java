package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.FixValues;
import io.sonde.exchange.protocol.Limits;
import org.agrona.DirectBuffer;

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
    byte side;
    byte ordType;
    byte timeInForce;
    long price;
    long orderQty;
    long leavesQty;
    long cumQty;
    long notional;
    final byte[] clOrdId = new byte[Limits.CL_ORD_ID_WIDTH];
    int clOrdIdLength;
    long indexKey;

    PriceLevel level;
    Order previous;
    Order next;
    Order nextWithSameKey;

    void clOrdId(final DirectBuffer buffer, final int offset, final int length)
    {
        buffer.getBytes(offset, clOrdId, 0, length);
        clOrdIdLength = length;
    }

    boolean hasClOrdId(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length != clOrdIdLength)
        {
            return false;
        }
        for (int i = 0; i < length; i++)
        {
            if (buffer.getByte(offset + i) != clOrdId[i])
            {
                return false;
            }
        }
        return true;
    }

    boolean isBuy()
    {
        return side == FixValues.BUY;
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
        notional = 0;
        cumQty = 0;
    }
}
