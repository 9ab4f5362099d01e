package io.sonde.market;

import io.sonde.api.BookQuantity;

import java.util.Objects;

/**
 * The shape of the scripted book each symbol's events follow: how deep it stands, how its price walks, how big
 * its orders are, and the shares of adds, cancels and trades among the events that are not triggers.
 *
 * @param depth       price levels kept filled on each side of the reference.
 * @param walkTicks   how far, in ticks, the reference may move at each step of its walk (0: it never moves).
 * @param walkEvery   events between two steps of the walk.
 * @param quantity    the order sizes, in lots.
 * @param addShare    share of adds among the other events.
 * @param cancelShare share of cancels.
 * @param tradeShare  share of trades.
 */
public record MarketShape(
    int depth,
    int walkTicks,
    int walkEvery,
    BookQuantity quantity,
    double addShare,
    double cancelShare,
    double tradeShare)
{
    /** Ten levels a side, a walk of one tick every 100 events, 1-10 lots, 45 % adds, 40 % cancels, 15 % trades. */
    public static final MarketShape DEFAULT = new MarketShape(10, 1, 100, BookQuantity.DEFAULT, 0.45, 0.40, 0.15);

    /** The most levels a side; a trigger's sub-tick search looks no further either. */
    public static final int MAX_DEPTH = 64;

    /**
     * @throws IllegalArgumentException naming what is wrong.
     */
    public MarketShape
    {
        Objects.requireNonNull(quantity, "quantity");
        if (depth < 1 || depth > MAX_DEPTH)
        {
            throw new IllegalArgumentException("book depth " + depth + " is not between 1 and " + MAX_DEPTH);
        }
        if (walkTicks < 0 || walkEvery < 1)
        {
            throw new IllegalArgumentException("walk of " + walkTicks + " ticks every " + walkEvery +
                " events: ticks must be 0 or more and events 1 or more");
        }
        if (!(addShare > 0) || cancelShare < 0 || tradeShare < 0)
        {
            throw new IllegalArgumentException("event mix add:" + addShare + ",cancel:" + cancelShare + ",trade:" +
                tradeShare + " needs a positive share of adds and no negative share");
        }
    }
}
