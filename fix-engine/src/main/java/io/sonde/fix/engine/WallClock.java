package io.sonde.fix.engine;

import org.agrona.concurrent.EpochNanoClock;

import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * Wall-clock time in nanoseconds since the epoch, read as {@link System#nanoTime()} plus an offset sampled once
 * per process. Every FIX engine and library of a process stamps with it (Artio's receive time, SendingTime), and
 * so do the hop stamps of Sonde and of the bundled exchange: one offset means a nanoTime taken on the load thread
 * and an epoch time taken by the engine's framer compare exactly, and two processes on one host differ only by
 * their sampling error, well under a microsecond.
 * <p>
 * The offset is never re-sampled during a run: a step in it would show up as a hop that grew or shrank.
 */
public final class WallClock implements EpochNanoClock
{
    public static final WallClock INSTANCE = new WallClock();

    private static final int SAMPLES = 32;

    private final long offsetNanos;

    private WallClock()
    {
        offsetNanos = sampleOffset();
    }

    /**
     * @return now, in nanoseconds since the epoch.
     */
    public long nanoTime()
    {
        return System.nanoTime() + offsetNanos;
    }

    /**
     * @param nanoTime a {@link System#nanoTime()} reading of this process.
     * @return the same instant in nanoseconds since the epoch.
     */
    public long epochNanosOf(final long nanoTime)
    {
        return nanoTime + offsetNanos;
    }

    /**
     * @param epochNanos an instant of this clock, in nanoseconds since the epoch.
     * @return the same instant as a {@link System#nanoTime()} reading of this process.
     */
    public long nanoTimeOf(final long epochNanos)
    {
        return epochNanos - offsetNanos;
    }

    /**
     * The wall clock read between two nanoTime reads, keeping the tightest pair: its midpoint is where the
     * wall-clock reading most likely happened.
     */
    private static long sampleOffset()
    {
        long narrowest = Long.MAX_VALUE;
        long offset = 0;
        for (int i = 0; i < SAMPLES; i++)
        {
            final long before = System.nanoTime();
            final Instant now = Instant.now();
            final long after = System.nanoTime();
            final long width = after - before;
            if (width < narrowest)
            {
                narrowest = width;
                final long epochNanos = TimeUnit.SECONDS.toNanos(now.getEpochSecond()) + now.getNano();
                offset = epochNanos - (before + width / 2);
            }
        }
        return offset;
    }
}
