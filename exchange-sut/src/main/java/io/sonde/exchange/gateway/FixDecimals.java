package io.sonde.exchange.gateway;

import uk.co.real_logic.artio.fields.DecimalFloat;

/**
 * Converts FIX decimals to the engine's fixed-point longs. A value that cannot be represented exactly (more
 * decimals than the scale, or too large) becomes {@link #NOT_REPRESENTABLE}, which the engine rejects with
 * a reason; the gateway never rounds a client's price or quantity.
 */
final class FixDecimals
{
    static final long NOT_REPRESENTABLE = -1;

    private static final long[] POWERS_OF_TEN = {
        1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L,
        10_000_000_000L, 100_000_000_000L, 1_000_000_000_000L, 10_000_000_000_000L, 100_000_000_000_000L,
        1_000_000_000_000_000L, 10_000_000_000_000_000L, 100_000_000_000_000_000L, 1_000_000_000_000_000_000L};

    private FixDecimals()
    {
    }

    /**
     * @return {@code value} × 10^{@code scale}, or {@link #NOT_REPRESENTABLE}.
     */
    static long toFixedPoint(final DecimalFloat value, final int scale)
    {
        final long unscaled = value.value();
        final int valueScale = value.scale();
        if (unscaled < 0)
        {
            return NOT_REPRESENTABLE;
        }
        if (valueScale <= scale)
        {
            final int shift = scale - valueScale;
            if (shift >= POWERS_OF_TEN.length || unscaled > Long.MAX_VALUE / POWERS_OF_TEN[shift])
            {
                return NOT_REPRESENTABLE;
            }
            return unscaled * POWERS_OF_TEN[shift];
        }
        final int drop = valueScale - scale;
        if (drop >= POWERS_OF_TEN.length || unscaled % POWERS_OF_TEN[drop] != 0)
        {
            return NOT_REPRESENTABLE;
        }
        return unscaled / POWERS_OF_TEN[drop];
    }
}
