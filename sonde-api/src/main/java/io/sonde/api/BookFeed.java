package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;

/**
 * What a book run's public market data showed ({@code --market-data}), the {@code feed} of {@code summary.json}'s
 * {@code book}: the depth each symbol's sides showed on the exchange's UDP feed, sampled once a second over the
 * measured window, and order-to-tick by action: {@code passiveToTick}, a passive order's intended start to its
 * OrderAdded (the venue showing Sonde's resting order), and {@code tradeToTick}, an aggressive order's intended
 * start to its trade. Both in microseconds, corrected for coordinated omission as order-to-tick is.
 *
 * @param source        the market data read: {@code udp} or {@code fix}.
 * @param samples       seconds of the measured window whose depth was sampled; 0 when the depth was not followed
 *                      (FIX market data, which Sonde does not keep a book of).
 * @param depth         each symbol's depth, in the run's order of symbols; empty when not followed.
 * @param passiveToTick passive orders' order-to-tick.
 * @param tradeToTick   aggressive orders' order-to-tick, to their trade.
 * @param passiveSeen   passive orders of the measured window whose OrderAdded was seen.
 * @param tradesSeen    aggressive orders of the measured window whose trade was seen.
 */
public record BookFeed(
    String source,
    int samples,
    List<SymbolDepth> depth,
    Percentiles passiveToTick,
    Percentiles tradeToTick,
    long passiveSeen,
    long tradesSeen)
{
    public BookFeed
    {
        depth = depth == null ? List.of() : List.copyOf(depth);
    }

    /**
     * One symbol's price levels on the feed: the mean over the measured window's seconds of each side, and each
     * side at the window's first second, as the warm-up built it.
     */
    public record SymbolDepth(String symbol, double bids, double offers, int bidsAtStart, int offersAtStart)
    {
    }

    /**
     * @return the mean levels a side showed, over every symbol and both sides; 0 when the depth was not followed.
     */
    @JsonIgnore
    public double meanDepth()
    {
        return depth.stream().mapToDouble(symbol -> (symbol.bids() + symbol.offers()) / 2).average().orElse(0);
    }
}
