package io.sonde.strategy;

import java.time.Duration;

/**
 * A scripted stall of the strategy: for {@code length} at the start of every {@code period}, counted from the
 * strategy's start on {@link System#nanoTime()}'s clock. While stalled the strategy polls neither its feed socket nor
 * its FIX library, so triggers wait in the socket's buffer and the engine's stream and are answered when the stall
 * ends, as by a process whose thread was not run; the FIX engine beside it goes on with heartbeats.
 */
final class ReactionStall
{
    private final long lengthNanos;
    private final long periodNanos;
    private final long originNanos;

    ReactionStall(final Duration length, final Duration period, final long originNanos)
    {
        this.lengthNanos = length.toNanos();
        this.periodNanos = period.toNanos();
        this.originNanos = originNanos;
    }

    /**
     * @param nowNanos on {@link System#nanoTime()}'s clock.
     */
    boolean isStalled(final long nowNanos)
    {
        return lengthNanos > 0 && Math.floorMod(nowNanos - originNanos, periodNanos) < lengthNanos;
    }
}
