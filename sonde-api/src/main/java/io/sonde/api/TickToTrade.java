package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;

/**
 * What only a market run has, the {@code tickToTrade} object of its {@code summary.json} (kind {@code market}).
 * Tick-to-trade itself is the run's corrected, uncorrected and lateness figures ({@link RunReport#corrected()} is the
 * reaction's arrival at Sonde's acceptor minus its trigger's intended publication); {@code triggers},
 * {@code answered}, {@code missed} and {@code awaited} are the same numbers as the run's sent, acknowledged, timed
 * out and in flight. Percentiles in microseconds.
 *
 * @param feeds                where the feed went: {@code udp://HOST:PORT} destinations and {@code fix}.
 * @param match                {@code echo} or {@code price} ({@link MatchBy}).
 * @param echoTag              the tag echoes were read from; null (and not written) when matching by price.
 * @param eventRate            the event rate asked, per second.
 * @param achievedEventRate    the measured window's events per second.
 * @param triggerEvery         one event in this many was a trigger.
 * @param events               events published in the measured window.
 * @param packets              feed packets sent in the measured window.
 * @param datagramsNotSent     packets the socket refused: lost at Sonde's side, which voids the run.
 * @param fixBackPressured     FIX market data messages Sonde could not send at once.
 * @param triggers             triggers published in the measured window.
 * @param answered             of those, answered within the timeout.
 * @param missed               not answered within the timeout.
 * @param awaited              still awaited when the run ended.
 * @param late                 reactions that came after their trigger was missed.
 * @param duplicates           reactions to a trigger already answered.
 * @param malformed            orders refused with a reject (a field missing or wrong).
 * @param withoutTrigger       orders that named no trigger of this run, or none at their price.
 * @param withoutTriggerOrders the first of those, with why, e.g. {@code ClOrdID X17: tag 58 absent}.
 * @param orderSessions        the application's order sessions logged on.
 * @param subscriptions        FIX market data subscriptions.
 * @param publishLateness      every event's publication against its intended time: the feed's health.
 * @param floors               tick-to-trade against the calibrated floors; null (and not written) without a
 *                             calibration.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({ "feeds", "match", "echoTag", "eventRate", "achievedEventRate", "triggerEvery", "events",
    "packets", "datagramsNotSent", "fixBackPressured", "triggers", "answered", "missed", "awaited", "late",
    "duplicates", "malformed", "withoutTrigger", "withoutTriggerOrders", "orderSessions", "subscriptions",
    "publishLateness", "floors" })
public record TickToTrade(
    List<String> feeds,
    String match,
    Integer echoTag,
    double eventRate,
    double achievedEventRate,
    int triggerEvery,
    long events,
    long packets,
    long datagramsNotSent,
    long fixBackPressured,
    long triggers,
    long answered,
    long missed,
    long awaited,
    long late,
    long duplicates,
    long malformed,
    long withoutTrigger,
    List<String> withoutTriggerOrders,
    int orderSessions,
    int subscriptions,
    Percentiles publishLateness,
    Floors floors)
{
    /** The lists are copied; a list not read is empty. */
    public TickToTrade
    {
        feeds = feeds == null ? List.of() : List.copyOf(feeds);
        withoutTriggerOrders = withoutTriggerOrders == null ? List.of() : List.copyOf(withoutTriggerOrders);
    }

    /**
     * @return the same figures read against these floors.
     */
    public TickToTrade withFloors(final Floors readAgainst)
    {
        return new TickToTrade(feeds, match, echoTag, eventRate, achievedEventRate, triggerEvery, events, packets,
            datagramsNotSent, fixBackPressured, triggers, answered, missed, awaited, late, duplicates, malformed,
            withoutTrigger, withoutTriggerOrders, orderSessions, subscriptions, publishLateness, readAgainst);
    }

    /**
     * Tick-to-trade against what the host itself costs: a UDP datagram's one-way trip, for the trigger, and half a
     * TCP round trip, for the order, both from {@code sonde calibrate} at the nearest rate. µs.
     *
     * @param source          the calibration folder read.
     * @param udpOneWayP50    the UDP one-way p50.
     * @param tcpRoundTripP50 the TCP round-trip p50.
     * @param bound           the UDP one-way p50 plus half the TCP round-trip p50: what no application can beat.
     * @param ratioP50        tick-to-trade's corrected p50 divided by the bound.
     */
    @JsonPropertyOrder({ "source", "udpOneWayP50", "tcpRoundTripP50", "bound", "ratioP50" })
    public record Floors(String source, double udpOneWayP50, double tcpRoundTripP50, double bound, double ratioP50)
    {
    }
}
