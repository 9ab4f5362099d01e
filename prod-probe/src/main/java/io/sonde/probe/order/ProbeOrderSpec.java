package io.sonde.probe.order;

/**
 * The one order the probe keeps sending: a test symbol and account, a price far from the market, and either
 * DAY (it rests, is acknowledged, and the probe cancels it at once) or IOC (the venue cancels it itself).
 *
 * @param symbol     Symbol (55).
 * @param account    Account (1).
 * @param side       '1' buy or '2' sell.
 * @param priceCents the limit price, in hundredths.
 * @param quantity   OrderQty (38).
 * @param ioc        true for TimeInForce IOC, false for DAY.
 */
public record ProbeOrderSpec(String symbol, String account, char side, long priceCents, long quantity, boolean ioc)
{
}
