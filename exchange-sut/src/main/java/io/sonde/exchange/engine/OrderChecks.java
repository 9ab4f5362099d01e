package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.EnumLookup;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.sbe.NewOrderDecoder;
import io.sonde.exchange.sbe.OrdType;
import io.sonde.exchange.sbe.RejectReason;
import io.sonde.exchange.sbe.ReplaceOrderDecoder;
import io.sonde.exchange.sbe.Side;
import io.sonde.exchange.sbe.TimeInForce;

/**
 * Whether a new order or a replace may be applied, and if not why: the first reason found, in a fixed order, so
 * every replica refuses a command for the same reason. Side, order type and time in force are checked as raw
 * bytes: only a valid one may be read as an enum. Reads the open orders, changes nothing, allocates nothing.
 */
final class OrderChecks
{
    private final OpenOrders openOrders;

    OrderChecks(final OpenOrders openOrders)
    {
        this.openOrders = openOrders;
    }

    /**
     * @param symbolIndex   the order's book, or negative for a symbol the engine does not trade.
     * @param clOrdId       the order's ClOrdID, as copied out of the command.
     * @return why the order is refused, or null when it may trade.
     */
    RejectReason newOrder(
        final NewOrderDecoder command, final int symbolIndex, final byte[] clOrdId, final int clOrdIdLength)
    {
        if (symbolIndex < 0)
        {
            return RejectReason.UNKNOWN_SYMBOL;
        }
        if (EnumLookup.side(command.sideRaw()) == Side.NULL_VAL)
        {
            return RejectReason.BAD_SIDE;
        }
        if (command.orderQty() < 1 || command.orderQty() > ProtocolLimits.MAX_QUANTITY)
        {
            return RejectReason.BAD_QUANTITY;
        }
        final OrdType ordType = EnumLookup.ordType(command.ordTypeRaw());
        if (ordType == OrdType.NULL_VAL)
        {
            return RejectReason.BAD_ORDER_TYPE;
        }
        if (ordType == OrdType.LIMIT && !isValidPrice(command.price()))
        {
            return RejectReason.BAD_PRICE;
        }
        if (EnumLookup.timeInForce(command.timeInForceRaw()) == TimeInForce.NULL_VAL)
        {
            return RejectReason.BAD_TIME_IN_FORCE;
        }
        if (openOrders.find(command.ownerId(), clOrdId, clOrdIdLength) != null)
        {
            return RejectReason.DUPLICATE_CL_ORD_ID;
        }
        return null;
    }

    /**
     * @param order   the open order the replace names.
     * @param clOrdId the replace's own ClOrdID, as copied out of the command.
     * @return why the replace is refused, or null when it may be applied.
     */
    RejectReason replace(
        final ReplaceOrderDecoder command, final Order order, final byte[] clOrdId, final int clOrdIdLength)
    {
        if (command.sideRaw() != order.side.value())
        {
            return RejectReason.SIDE_MISMATCH;
        }
        final Order holder = openOrders.find(command.ownerId(), clOrdId, clOrdIdLength);
        if (holder != null && holder != order)
        {
            return RejectReason.DUPLICATE_CL_ORD_ID;
        }
        if (command.ordTypeRaw() != OrdType.LIMIT.value())
        {
            return RejectReason.BAD_ORDER_TYPE;
        }
        if (!isValidPrice(command.price()))
        {
            return RejectReason.BAD_PRICE;
        }
        if (command.orderQty() < 1 || command.orderQty() > ProtocolLimits.MAX_QUANTITY)
        {
            return RejectReason.BAD_QUANTITY;
        }
        if (command.orderQty() <= order.cumQty)
        {
            return RejectReason.QUANTITY_BELOW_FILLED;
        }
        return null;
    }

    private static boolean isValidPrice(final long price)
    {
        return price > 0 && price <= ProtocolLimits.MAX_PRICE;
    }
}
