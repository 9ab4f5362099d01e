package io.sonde.api;

import java.util.List;
import java.util.Optional;

/**
 * How soon a run's orders showed on the venue's public market data ({@code --market-data}), and how the feed
 * went: the {@code marketData} object of {@code summary.json}. Percentiles in microseconds.
 *
 * @param source                 what was read.
 * @param unavailable            why order-to-tick could not be measured (a venue whose feed has no order IDs, a
 *                               refused request); the figures are then empty, not measured zeros.
 * @param orderToTick            each order's first public event from its intended start (corrected).
 * @param orderToTickUncorrected the same from the order's send.
 * @param cancelToTick           each cancel's deletion from the cancel's intended start.
 * @param replaceToTick          each replace's modification from its intended start.
 * @param messages               feed messages applied in sequence.
 * @param messagesPerSecond      their rate while the feed ran.
 * @param gaps                   gaps in the feed's sequence.
 * @param recovered              gaps recovered from a snapshot.
 * @param unmatched              events of other participants' orders.
 * @param missing                orders, cancels and replaces whose public event never came.
 * @param missingOrders          the first of those, by OrderID.
 * @param expected               orders that reached the book, whose public event was awaited.
 * @param seen                   of those, the orders whose public event came.
 */
public record MarketData(
    String source,
    Optional<String> unavailable,
    Percentiles orderToTick,
    Percentiles orderToTickUncorrected,
    Percentiles cancelToTick,
    Percentiles replaceToTick,
    long messages,
    double messagesPerSecond,
    long gaps,
    long recovered,
    long unmatched,
    long missing,
    List<String> missingOrders,
    long expected,
    long seen)
{
    public MarketData
    {
        missingOrders = List.copyOf(missingOrders);
    }
}
