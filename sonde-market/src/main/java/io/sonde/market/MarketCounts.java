package io.sonde.market;

import java.util.List;

/**
 * What the market counted over one run or sweep step, beside what the load agent counts of the triggers
 * themselves (sent, answered, missed, awaited). Read once the run is over.
 *
 * @param events                every event published, triggers included, warm-up included.
 * @param measuredEvents        events intended inside the measured window, up to its last trigger (N per trigger):
 *                              with its length, the achieved event rate.
 * @param packets               UDP packets sent from the measured window's first event to the run's end.
 * @param datagramsNotSent      packets the socket refused (its buffer full) over the same span: the feed lost them
 *                              at Sonde's side.
 * @param fixBackPressured      FIX market data messages the application's session could not take at once, over the
 *                              same span.
 * @param duplicates            reactions naming a trigger already answered.
 * @param late                  reactions naming a trigger already missed.
 * @param withoutTrigger        orders that name no trigger of this run (no tag, no number, an unknown number or no
 *                              trigger at that price).
 * @param withoutTriggerOrders  the first {@value #NAMED_ORDERS} of them, e.g. {@code ClOrdID X17: tag 58 absent}.
 * @param malformed             orders refused with a reject (unknown symbol, no price on a limit, a bad side or
 *                              quantity); never matched.
 * @param orderSessions         order sessions logged on at the end.
 * @param subscriptions         FIX market data subscriptions at the end.
 */
public record MarketCounts(
    long events,
    long measuredEvents,
    long packets,
    long datagramsNotSent,
    long fixBackPressured,
    long duplicates,
    long late,
    long withoutTrigger,
    List<String> withoutTriggerOrders,
    long malformed,
    int orderSessions,
    int subscriptions)
{
    /** How many orders without a trigger are named; the rest are only counted. */
    public static final int NAMED_ORDERS = 10;

    public MarketCounts
    {
        withoutTriggerOrders = List.copyOf(withoutTriggerOrders);
    }
}
