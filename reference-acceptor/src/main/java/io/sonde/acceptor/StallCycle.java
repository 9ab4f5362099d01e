package io.sonde.acceptor;

import java.time.Duration;

/**
 * When the reference acceptor is stalled ({@code sonde acceptor --stall}): for {@code length} at the start of every
 * {@code period}, counted from the acceptor's start on {@link System#nanoTime()}'s clock. While stalled, the
 * acceptor's library is not polled: what arrives waits in the engine's stream to it, held and never dropped, and is
 * answered when the stall ends, as by a process whose thread was not run (a jHiccup-style stall). Nothing sleeps:
 * the engine, driver and archive beside it go on working.
 *
 * @param length how long each stall lasts; zero for none.
 * @param period how often a stall begins.
 */
public record StallCycle(Duration length, Duration period)
{
    /** No stall: the acceptor always answers. */
    public static final StallCycle NONE = new StallCycle(Duration.ZERO, Duration.ofSeconds(1));

    /**
     * @throws IllegalArgumentException when a stall would not end before the next begins.
     */
    public StallCycle
    {
        if (length.isNegative() || period.compareTo(length) <= 0)
        {
            throw new IllegalArgumentException("a stall must last from zero to less than its period: " + length +
                " every " + period);
        }
    }

    /**
     * @param originNanos when the first stall began.
     * @param nowNanos    the time now; both on {@link System#nanoTime()}'s clock.
     * @return whether the acceptor is stalled now.
     */
    boolean isStalled(final long originNanos, final long nowNanos)
    {
        return Math.floorMod(nowNanos - originNanos, period.toNanos()) < length.toNanos();
    }
}
