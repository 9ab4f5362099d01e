package io.sonde.inprocess.floor;

import io.sonde.api.Stall;

/**
 * The corrected latency a scripted stall gives orders sent at a constant rate, known from the schedule and the
 * stall alone: what a CO-correct measurement of them must show, the truth {@link StallSelfCheck} holds the
 * measurement to. {@code docs/measuring.md} derives it at length.
 * <p>
 * Orders are intended every {@code 1/R}, half a spacing after each stall begins ({@link StallAlignedSchedule}); the
 * acceptor stops answering for {@code S} at the start of every {@code P}. Counting the orders of one stall from its
 * first, order {@code k} is intended {@code 1/(2R) + k/R} after the stall began and waits for its end, so the stall
 * adds {@code S − 1/(2R) − k/R} to it; an order that meets no stall waits nothing. A percentile {@code p} has
 * {@code k = ⌊(1 − p) R P⌋} orders of each period above it, so it is order {@code k}'s latency, for every {@code p}
 * whose orders above it all waited ({@code (1 − p) P < S}).
 * <p>
 * The client keeps at most {@code W} orders in flight: the first {@code W} orders of a stall wait at the acceptor
 * and are answered a round trip after the stall ends, less the way there; the next {@code W} are sent when those
 * answers come back, a round trip later, and so on. Order {@code k} therefore pays {@code ⌊k / W⌋ + 1} round trips
 * of the base latency {@code b} (what an order that meets no stall pays), to within the way there's share of one:
 * {@code L(p) = S − 1/(2R) − k/R + (⌊k / W⌋ + 1) b}. The maximum is order 0's.
 */
final class StallTruth
{
    private static final double NANOS_PER_SECOND = 1e9;
    private static final double ROUNDING = 1e-9;

    private final long lengthNanos;
    private final long periodNanos;
    private final double rate;
    private final int window;

    /**
     * @param stall  the acceptor's stall.
     * @param rate   orders per second, constant.
     * @param window the most orders in flight at once.
     * @throws IllegalArgumentException when not one order arrives in a stall.
     */
    StallTruth(final Stall stall, final double rate, final int window)
    {
        this.lengthNanos = stall.length().toNanos();
        this.periodNanos = stall.period().toNanos();
        this.rate = rate;
        this.window = window;
        if (lengthNanos * rate < NANOS_PER_SECOND)
        {
            throw new IllegalArgumentException("a stall of " + stall + " at " + rate + "/s meets no order");
        }
    }

    /**
     * @param percentile in (0, 100]; 100 for the maximum.
     * @param baseNanos  the latency of an order that meets no stall.
     * @return the corrected latency at the percentile, ns.
     * @throws IllegalArgumentException when orders above the percentile never met a stall.
     */
    long latencyNanos(final double percentile, final long baseNanos)
    {
        final long ordersAbove = (long)Math.floor((1 - percentile / 100) * rate * periodNanos / NANOS_PER_SECOND +
            ROUNDING);
        final double added = lengthNanos - (ordersAbove + 0.5) * NANOS_PER_SECOND / rate;
        if (added <= 0)
        {
            throw new IllegalArgumentException("p" + percentile + " lies below what a stall of " + lengthNanos +
                " ns every " + periodNanos + " ns adds to");
        }
        return Math.round(added) + (ordersAbove / window + 1) * baseNanos;
    }
}
