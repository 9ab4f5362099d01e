package io.sonde.market;

/**
 * How the market tells which trigger an order answers.
 */
public enum MatchMode
{
    /**
     * The order echoes the trigger's identity (its feed sequence number, which is also its OrderID and its
     * MDEntryID) in decimal in a tag the user names.
     */
    ECHO,
    /**
     * For an application that cannot echo: every trigger carries a sub-tick price no other event in flight
     * carries, and the order at its symbol, the opposite side and that price is its reaction.
     */
    PRICE
}
