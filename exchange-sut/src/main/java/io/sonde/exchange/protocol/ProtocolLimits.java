package io.sonde.exchange.protocol;

/**
 * What the exchange accepts, shared by the gateway (which refuses what cannot be carried) and the matching
 * engine (which rejects what it will not trade). Prices are fixed point with {@link #PRICE_SCALE} decimals;
 * the bounds keep every notional (price × quantity, summed over an order) inside a {@code long}.
 */
public final class ProtocolLimits
{
    public static final int PRICE_SCALE = 4;
    public static final long PRICE_UNIT = 10_000L;
    public static final long MAX_PRICE = 1_000_000L * PRICE_UNIT;
    public static final long MAX_QUANTITY = 100_000_000L;
    public static final int CL_ORD_ID_WIDTH = 32;
    public static final int SYMBOL_WIDTH = 16;
    /**
     * Room for any message of the protocol, header included: buffers are sized to it once, so none grows on
     * the hot path. {@code ProtocolCodecTest} checks that every message fits.
     */
    public static final int MAX_MESSAGE_LENGTH = 256;

    private ProtocolLimits()
    {
    }
}
