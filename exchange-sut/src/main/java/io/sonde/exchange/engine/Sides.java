package io.sonde.exchange.engine;

/**
 * FIX enumeration values as they travel in binary commands and events (the ASCII byte of the FIX value).
 */
public final class Sides
{
    public static final byte BUY = '1';
    public static final byte SELL = '2';

    public static final byte MARKET = '1';
    public static final byte LIMIT = '2';

    public static final byte DAY = '0';
    public static final byte IMMEDIATE_OR_CANCEL = '3';

    private Sides()
    {
    }
}
