package io.sonde.market;

import java.util.Objects;

/**
 * One instrument of the market, prices in the feed's fixed point (four decimals: 101.25 is 1,012,500).
 *
 * @param symbol         Symbol (55) on the feed and in the orders.
 * @param referencePrice where the price walk starts, a multiple of {@code tick}.
 * @param tick           the price grid of every event but a trigger; at least 2, so that a sub-tick price exists
 *                       between two ticks for a trigger to sit on.
 * @param lot            the quantity of one lot: events' quantities are whole lots.
 */
public record MarketSymbol(String symbol, long referencePrice, long tick, long lot)
{
    /**
     * @throws IllegalArgumentException naming what is wrong.
     */
    public MarketSymbol
    {
        Objects.requireNonNull(symbol, "symbol");
        if (symbol.isBlank())
        {
            throw new IllegalArgumentException("a market symbol needs a name");
        }
        if (tick < 2)
        {
            throw new IllegalArgumentException(symbol + ": tick " + tick + " leaves no sub-tick price for a " +
                "trigger (at least 0.0002)");
        }
        if (referencePrice <= 0 || referencePrice % tick != 0)
        {
            throw new IllegalArgumentException(symbol + ": reference price " + referencePrice +
                " is not a positive multiple of the tick " + tick);
        }
        if (lot <= 0)
        {
            throw new IllegalArgumentException(symbol + ": lot " + lot + " is not positive");
        }
    }
}
