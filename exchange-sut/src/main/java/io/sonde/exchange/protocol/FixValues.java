package io.sonde.exchange.protocol;

/**
 * The FIX enumeration values the matching engine understands (Side, OrdType, TimeInForce), as they travel in
 * binary commands and events: the ASCII byte of the FIX value, so the gateway copies them without translation.
 */
public final class FixValues
{
    public static final byte BUY = '1';
    public static final byte SELL = '2';

    public static final byte MARKET = '1';
    public static final byte LIMIT = '2';

    public static final byte DAY = '0';
    public static final byte IMMEDIATE_OR_CANCEL = '3';

    private FixValues()
    {
    }
}
