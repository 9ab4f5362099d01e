package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How soon a run's orders showed on the venue's public market data ({@code --market-data}), and how the feed
 * went: the {@code marketData} object of {@code summary.json}, written and read as it is. Percentiles in microseconds.
 *
 * @param source                 what was read, as {@code --market-data} was given.
 * @param unavailable            why order-to-tick could not be measured (a venue whose feed has no order IDs, a
 *                               refused request); the four figures are then all zero, and the file holds null.
 * @param orderToTick            each order's first public event from its intended start (corrected).
 * @param orderToTickUncorrected the same from the order's send.
 * @param cancelToTick           each cancel's deletion from the cancel's intended start.
 * @param replaceToTick          each replace's modification from its intended start.
 * @param seen                   of the orders expected, those whose public event came: order-to-tick's count.
 * @param expected               orders of the measured window that reached the book, whose public event was
 *                               awaited (the warm-up's are not counted, as in every other figure of a run).
 * @param hops                   the feed's own hops: {@code publish} (the exchange's event to its packet) and
 *                               {@code wire} (the packet to Sonde's receipt).
 * @param packets                feed packets received whole, heartbeats included.
 * @param messages               feed messages applied in sequence.
 * @param messagesPerSecond      their rate while the feed ran.
 * @param gaps                   gaps in the feed's sequence.
 * @param recovered              gaps recovered from a snapshot.
 * @param unrecovered            gaps no snapshot covered.
 * @param duplicates             messages received again, dropped.
 * @param garbled                datagrams that were not whole feed packets, skipped.
 * @param otherChannel           datagrams of another channel, refused.
 * @param unmatched              events of other participants' orders.
 * @param missing                orders, cancels and replaces whose public event never came, the warm-up's included:
 *                               a public event that never came is a fault of the venue's feed whenever it happened.
 * @param missingOrders          the first of those, by OrderID.
 * @param overflowed             orders not followed because the matcher's table was full.
 */
@JsonPropertyOrder({ "source", "unavailable", "orderToTick", "orderToTickUncorrected", "cancelToTick",
    "replaceToTick", "seen", "expected", "hops", "packets", "messages", "messagesPerSecond", "gaps", "recovered",
    "unrecovered", "duplicates", "garbled", "otherChannel", "unmatched", "missing", "missingOrders", "overflowed" })
public record MarketData(
    String source,
    @JsonIgnore Optional<String> unavailable,
    @JsonIgnore Percentiles orderToTick,
    @JsonIgnore Percentiles orderToTickUncorrected,
    @JsonIgnore Percentiles cancelToTick,
    @JsonIgnore Percentiles replaceToTick,
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
    private static final Percentiles NONE = new Percentiles(0, 0, 0, 0, 0, 0, 0);

    /**
     * @throws NullPointerException for a missing component.
     */
    public MarketData
    {
        hops = Collections.unmodifiableMap(new LinkedHashMap<>(hops));
        missingOrders = List.copyOf(missingOrders);
    }

    /**
     * @return the same feed's figures with these percentiles, e.g. with their confidence intervals.
     */
    public MarketData withFigures(
        final Percentiles orderToTickFigures,
        final Percentiles orderToTickUncorrectedFigures,
        final Percentiles cancelToTickFigures,
        final Percentiles replaceToTickFigures,
        final Map<String, Percentiles> hopFigures)
    {
        return new MarketData(source, unavailable, orderToTickFigures, orderToTickUncorrectedFigures,
            cancelToTickFigures, replaceToTickFigures, seen, expected, hopFigures, packets, messages,
            messagesPerSecond, gaps, recovered, unrecovered, duplicates, garbled, otherChannel, unmatched, missing,
            missingOrders, overflowed);
    }

    @JsonCreator
    private static MarketData read(
        @JsonProperty("source") final String source,
        @JsonProperty("unavailable") final String unavailable,
        @JsonProperty("orderToTick") final Percentiles orderToTick,
        @JsonProperty("orderToTickUncorrected") final Percentiles orderToTickUncorrected,
        @JsonProperty("cancelToTick") final Percentiles cancelToTick,
        @JsonProperty("replaceToTick") final Percentiles replaceToTick,
        @JsonProperty("seen") final long seen,
        @JsonProperty("expected") final long expected,
        @JsonProperty("hops") final Map<String, Percentiles> hops,
        @JsonProperty("packets") final long packets,
        @JsonProperty("messages") final long messages,
        @JsonProperty("messagesPerSecond") final double messagesPerSecond,
        @JsonProperty("gaps") final long gaps,
        @JsonProperty("recovered") final long recovered,
        @JsonProperty("unrecovered") final long unrecovered,
        @JsonProperty("duplicates") final long duplicates,
        @JsonProperty("garbled") final long garbled,
        @JsonProperty("otherChannel") final long otherChannel,
        @JsonProperty("unmatched") final long unmatched,
        @JsonProperty("missing") final long missing,
        @JsonProperty("missingOrders") final List<String> missingOrders,
        @JsonProperty("overflowed") final long overflowed)
    {
        return new MarketData(source, Optional.ofNullable(unavailable), orNone(orderToTick),
            orNone(orderToTickUncorrected), orNone(cancelToTick), orNone(replaceToTick), seen, expected,
            hops == null ? Map.of() : hops, packets, messages, messagesPerSecond, gaps, recovered, unrecovered,
            duplicates, garbled, otherChannel, unmatched, missing, missingOrders == null ? List.of() : missingOrders,
            overflowed);
    }

    @JsonProperty("unavailable")
    private String unavailableOrNull()
    {
        return unavailable.orElse(null);
    }

    @JsonProperty("orderToTick")
    private Percentiles orderToTickOrNull()
    {
        return measured(orderToTick);
    }

    @JsonProperty("orderToTickUncorrected")
    private Percentiles orderToTickUncorrectedOrNull()
    {
        return measured(orderToTickUncorrected);
    }

    @JsonProperty("cancelToTick")
    private Percentiles cancelToTickOrNull()
    {
        return measured(cancelToTick);
    }

    @JsonProperty("replaceToTick")
    private Percentiles replaceToTickOrNull()
    {
        return measured(replaceToTick);
    }

    /**
     * @return null when order-to-tick was unavailable: the file says "not measured", never zeros.
     */
    private Percentiles measured(final Percentiles figures)
    {
        return unavailable.isPresent() ? null : figures;
    }

    private static Percentiles orNone(final Percentiles figures)
    {
        return figures == null ? NONE : figures;
    }
}
