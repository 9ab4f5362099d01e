package io.sonde.fix.client.profile;

import java.math.BigDecimal;

/**
 * An instrument of the venue and the limits its orders must respect.
 *
 * @param symbol           Symbol (55).
 * @param tickSize         the price increment.
 * @param lotSize          the quantity increment.
 * @param referencePrice   where the market is: orders are priced around it.
 * @param priceBandPercent how far from the reference price the venue accepts orders, in percent.
 */
public record VenueSymbol(String symbol, BigDecimal tickSize, long lotSize, BigDecimal referencePrice,
    BigDecimal priceBandPercent)
{
}
