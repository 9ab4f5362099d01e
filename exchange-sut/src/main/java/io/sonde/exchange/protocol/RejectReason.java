package io.sonde.exchange.protocol;

/**
 * Why an order, cancel or replace was refused, or why an order ended without its owner asking. The code
 * travels in binary events; the gateway writes the text into Text (58) of the ExecutionReport or
 * OrderCancelReject.
 */
public enum RejectReason
{
    NONE(""),
    UNKNOWN_SYMBOL("unknown symbol"),
    BAD_SIDE("side must be 1 (buy) or 2 (sell)"),
    BAD_QUANTITY("order quantity must be a whole number from 1 to " + Limits.MAX_QUANTITY),
    BAD_PRICE("limit price must be positive, at most 1000000 and have at most 4 decimals"),
    BAD_ORDER_TYPE("order type must be 1 (market) or 2 (limit)"),
    BAD_TIME_IN_FORCE("time in force must be 0 (day) or 3 (immediate or cancel)"),
    DUPLICATE_CL_ORD_ID("ClOrdID is already used by an open order of this session"),
    UNKNOWN_ORDER("no open order with this OrigClOrdID"),
    SIDE_MISMATCH("side differs from the original order"),
    QUANTITY_BELOW_FILLED("new quantity is not above the quantity already filled"),
    NO_LIQUIDITY("no liquidity left for the rest of the order"),
    BAD_CL_ORD_ID("ClOrdID must have 1 to " + Limits.CL_ORD_ID_WIDTH + " characters"),
    CANCELED_ON_DISCONNECT("canceled on disconnect, as the session's logon asked");

    private static final RejectReason[] VALUES = values();

    private final String text;

    RejectReason(final String text)
    {
        this.text = text;
    }

    public String text()
    {
        return text;
    }

    public byte code()
    {
        return (byte)ordinal();
    }

    public static RejectReason fromCode(final byte code)
    {
        return code >= 0 && code < VALUES.length ? VALUES[code] : NONE;
    }
}
