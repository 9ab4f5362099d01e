package io.sonde.fix.client.order;

/**
 * An instrument orders are drawn for, and the limits the venue holds its orders to. Prices in hundredths.
 *
 * @param symbol              Symbol (55).
 * @param referencePriceCents where the market is: orders are priced around it.
 * @param tickCents           the price increment; every price is the reference plus a whole number of ticks.
 * @param lotSize             the quantity increment; every quantity is a whole number of lots.
 * @param bandCents           how far from the reference the venue accepts prices, or 0 for no band.
 */
public record Instrument(String symbol, long referencePriceCents, long tickCents, long lotSize, long bandCents)
{
    public static final long DEFAULT_REFERENCE_PRICE_CENTS = 10_000;

    public Instrument
    {
        if (symbol == null || symbol.isBlank())
        {
            throw new IllegalArgumentException("an instrument needs a symbol");
        }
        if (tickCents < 1 || lotSize < 1 || bandCents < 0 || referencePriceCents < 1)
        {
            throw new IllegalArgumentException(symbol + ": reference price, tick and lot must be positive and the " +
                "band not negative");
        }
        if (referencePriceCents % tickCents != 0)
        {
            throw new IllegalArgumentException(symbol + ": reference price " + referencePriceCents +
                " cents is not a whole number of ticks of " + tickCents);
        }
    }

    /**
     * An instrument priced around 100.00 in ticks of 0.01, lots of one, with no price band.
     */
    public static Instrument of(final String symbol)
    {
        return new Instrument(symbol, DEFAULT_REFERENCE_PRICE_CENTS, 1, 1, 0);
    }

    /**
     * @return {@code priceCents} moved into the band, to the nearest price a whole number of ticks from the
     *         reference.
     */
    long withinBand(final long priceCents)
    {
        if (bandCents == 0)
        {
            return priceCents;
        }
        final long bandTicks = bandCents / tickCents;
        final long ticks = Math.max(-bandTicks, Math.min(bandTicks, (priceCents - referencePriceCents) / tickCents));
        return referencePriceCents + ticks * tickCents;
    }
}
