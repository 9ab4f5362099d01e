package io.sonde.inprocess.run;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.sonde.fix.client.marketdata.MarketDataWatch;
import io.sonde.fix.client.marketdata.OrderToTick;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.SeriesTotals;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.result.HistogramPercentiles;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code marketData} object of {@code summary.json}: how soon each order showed on the venue's public market
 * data, and how the feed went.
 *
 * @param source                 what was read, as {@code --market-data} was given.
 * @param unavailable            why order-to-tick could not be measured (a venue without an order-level feed, a
 *                               refused request), or null when it was; its figures are then null, never zeros.
 * @param orderToTick            each order's first public event from its intended start (corrected), µs.
 * @param orderToTickUncorrected the same from the order's send.
 * @param cancelToTick           each cancel's deletion from the cancel's intended start.
 * @param replaceToTick          each replace's modification (or deletion as replaced) from its intended start.
 * @param seen                   orders whose first public event was seen, warm-up included.
 * @param expected               acknowledged orders that reached the book (an IOC that met nothing and a rejected
 *                               order never do), whose first public event was due.
 * @param hops                   the feed's own hops: {@code publish} (the event's time to the packet's sending time,
 *                               the exchange's) and {@code wire} (the sending time to Sonde's receipt).
 * @param packets                feed packets received whole, heartbeats included.
 * @param messages               feed messages applied in sequence.
 * @param messagesPerSecond      messages over the time between the first and the last datagram.
 * @param gaps                   gaps in the sequence seen.
 * @param recovered              gaps recovered from the publisher's snapshot.
 * @param unrecovered            gaps no snapshot covered.
 * @param duplicates             messages received again, dropped.
 * @param garbled                datagrams that were not whole feed packets, skipped.
 * @param otherChannel           datagrams of another channel, refused.
 * @param unmatched              events that named none of the run's orders (others' orders).
 * @param missing                orders, cancels and replaces whose public event never came.
 * @param missingOrders          the first of those, by OrderID.
 * @param overflowed             orders not followed because the matcher's table was full.
 */
@JsonPropertyOrder({ "source", "unavailable", "orderToTick", "orderToTickUncorrected", "cancelToTick",
    "replaceToTick", "seen", "expected", "hops", "packets", "messages", "messagesPerSecond", "gaps", "recovered",
    "unrecovered", "duplicates", "garbled", "otherChannel", "unmatched", "missing", "missingOrders", "overflowed" })
public record MarketDataSummary(
    String source,
    String unavailable,
    Percentiles orderToTick,
    Percentiles orderToTickUncorrected,
    Percentiles cancelToTick,
    Percentiles replaceToTick,
    long seen,
    long expected,
    Map<String, Percentiles> hops,
    long packets,
    long messages,
    double messagesPerSecond,
    long gaps,
    long recovered,
    long unrecovered,
    long duplicates,
    long garbled,
    long otherChannel,
    long unmatched,
    long missing,
    List<String> missingOrders,
    long overflowed)
{
    private static final String CORRECTED = ".corrected";

    /**
     * @param totals the run's totals, which hold the matcher's series and the feed's hops.
     */
    public static MarketDataSummary of(final String source, final MarketDataWatch watch, final SeriesTotals totals)
    {
        final OrderToTick matcher = watch.matcher();
        final Map<String, Percentiles> hops = new LinkedHashMap<>();
        watch.hops().forEach(hop ->
            hops.put(hop.name(), HistogramPercentiles.of(totals.get(HopSeries.FEED_TAG_PREFIX + hop.name()))));
        final String unavailable = watch.unavailable();
        if (unavailable != null)
        {
            return new MarketDataSummary(source, unavailable, null, null, null, null, 0, 0, hops, watch.packets(),
                watch.messages(), watch.messagesPerSecond(), watch.gaps(), watch.recovered(), watch.unrecovered(),
                watch.duplicates(), watch.garbled(), watch.otherChannel(), 0, 0, List.of(), 0);
        }
        return new MarketDataSummary(source, null,
            HistogramPercentiles.of(totals.get(OrderToTick.ORDER_TO_TICK + CORRECTED)),
            HistogramPercentiles.of(totals.get(OrderToTick.ORDER_TO_TICK + ".uncorrected")),
            HistogramPercentiles.of(totals.get(OrderToTick.CANCEL_TO_TICK + CORRECTED)),
            HistogramPercentiles.of(totals.get(OrderToTick.REPLACE_TO_TICK + CORRECTED)), matcher.seen(),
            matcher.expected(), hops, watch.packets(), watch.messages(), watch.messagesPerSecond(), watch.gaps(),
            watch.recovered(), watch.unrecovered(), watch.duplicates(), watch.garbled(), watch.otherChannel(),
            matcher.unmatched(), matcher.missing(), matcher.namedMissing(), matcher.overflowed());
    }
}
