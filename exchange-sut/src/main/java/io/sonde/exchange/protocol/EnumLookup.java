package io.sonde.exchange.protocol;

import io.sonde.exchange.sbe.OrdType;
import io.sonde.exchange.sbe.Side;
import io.sonde.exchange.sbe.TimeInForce;

/**
 * The protocol's enum for a FIX value as a client sent it. SBE's own lookup throws on a value it does not know;
 * these give {@code NULL_VAL} instead, which the receiver refuses with a reason: a client's mistake must never
 * become an exception in the gateway or the cluster service.
 */
public final class EnumLookup
{
    private EnumLookup()
    {
    }

    public static Side side(final int value)
    {
        if (value == Side.BUY.value())
        {
            return Side.BUY;
        }
        return value == Side.SELL.value() ? Side.SELL : Side.NULL_VAL;
    }

    public static OrdType ordType(final int value)
    {
        if (value == OrdType.LIMIT.value())
        {
            return OrdType.LIMIT;
        }
        return value == OrdType.MARKET.value() ? OrdType.MARKET : OrdType.NULL_VAL;
    }

    public static TimeInForce timeInForce(final int value)
    {
        if (value == TimeInForce.DAY.value())
        {
            return TimeInForce.DAY;
        }
        return value == TimeInForce.IMMEDIATE_OR_CANCEL.value() ?
            TimeInForce.IMMEDIATE_OR_CANCEL : TimeInForce.NULL_VAL;
    }
}
