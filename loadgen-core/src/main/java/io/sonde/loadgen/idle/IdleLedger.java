package io.sonde.loadgen.idle;

import org.agrona.collections.LongArrayList;

/**
 * When {@code --idle auto} switched, so that any window of a run (its measurement, a sweep step's) can be told how
 * much of it the threads spent in each mode. Switches are a few per minute at most, so each one's time is kept.
 * Written by the policy's watcher, read by whoever summarises a run: thread-safe.
 */
final class IdleLedger
{
    private final long startNanos;
    private final boolean spinAtStart;
    private final LongArrayList switchNanos = new LongArrayList();

    IdleLedger(final long startNanos, final boolean spinAtStart)
    {
        this.startNanos = startNanos;
        this.spinAtStart = spinAtStart;
    }

    /**
     * The threads changed mode at {@code nowNanos}: modes alternate, so the time is enough.
     */
    synchronized void switched(final long nowNanos)
    {
        switchNanos.addLong(nowNanos);
    }

    /**
     * @return whether the threads busy-spun at the start.
     */
    boolean spinAtStart()
    {
        return spinAtStart;
    }

    /**
     * @param fromNanos the window's start; before the ledger's start counts as its first mode.
     * @param toNanos   the window's end.
     * @return the share of the window in each mode, and the switches inside it.
     */
    synchronized IdleShare share(final long fromNanos, final long toNanos)
    {
        final double seconds = Math.max(0, toNanos - fromNanos) / 1e9;
        if (toNanos <= fromNanos)
        {
            return IdleShare.auto(spinAtStart ? 1 : 0, 0, seconds);
        }
        long spinNanos = 0;
        int switches = 0;
        boolean spin = spinAtStart;
        long segmentStart = Math.min(startNanos, fromNanos);
        for (int i = 0; i < switchNanos.size(); i++)
        {
            final long at = switchNanos.getLong(i);
            spinNanos += spin ? overlap(segmentStart, at, fromNanos, toNanos) : 0;
            switches += at > fromNanos && at <= toNanos ? 1 : 0;
            spin = !spin;
            segmentStart = at;
        }
        spinNanos += spin ? overlap(segmentStart, Long.MAX_VALUE, fromNanos, toNanos) : 0;
        return IdleShare.auto((double)spinNanos / (toNanos - fromNanos), switches, seconds);
    }

    private static long overlap(final long start, final long end, final long fromNanos, final long toNanos)
    {
        return Math.max(0, Math.min(end, toNanos) - Math.max(start, fromNanos));
    }
}
