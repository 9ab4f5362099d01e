package io.sonde.loadgen.idle;

import org.agrona.concurrent.IdleStrategy;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Spins for a bounded window after the last work, then parks for growing but short periods: for a thread that
 * owns a latency path on a host where it cannot have a core to itself.
 * <p>
 * A reply that comes back within the window is picked up at once, as with busy-spinning; a thread idle for
 * longer gives its core to the threads that must produce the reply, and wakes at most {@code maxParkNanos}
 * after work arrives, never the millisecond of a plain backoff. Time-based rather than a spin count, so the
 * window means the same on any CPU. Not thread-safe: one instance per thread.
 */
public final class SpinWindowIdleStrategy implements IdleStrategy
{
    public static final long DEFAULT_SPIN_WINDOW_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    public static final long DEFAULT_MIN_PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(1);
    public static final long DEFAULT_MAX_PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
    private static final long NOT_IDLE = Long.MIN_VALUE;

    private final long spinWindowNanos;
    private final long minParkNanos;
    private final long maxParkNanos;
    private long idleSinceNanos = NOT_IDLE;
    private long parkNanos;

    public SpinWindowIdleStrategy()
    {
        this(DEFAULT_SPIN_WINDOW_NANOS, DEFAULT_MIN_PARK_NANOS, DEFAULT_MAX_PARK_NANOS);
    }

    /**
     * @param spinWindowNanos how long to spin after the last work before parking.
     * @param minParkNanos    the first park; each further one doubles, up to {@code maxParkNanos}.
     * @param maxParkNanos    the longest park, which bounds how late work is noticed once parked.
     */
    public SpinWindowIdleStrategy(final long spinWindowNanos, final long minParkNanos, final long maxParkNanos)
    {
        if (spinWindowNanos < 0 || minParkNanos <= 0 || maxParkNanos < minParkNanos)
        {
            throw new IllegalArgumentException("need spinWindow >= 0 and 0 < minPark <= maxPark: " +
                spinWindowNanos + ", " + minParkNanos + ", " + maxParkNanos);
        }
        this.spinWindowNanos = spinWindowNanos;
        this.minParkNanos = minParkNanos;
        this.maxParkNanos = maxParkNanos;
        this.parkNanos = minParkNanos;
    }

    public void idle(final int workCount)
    {
        if (workCount > 0)
        {
            reset();
        }
        else
        {
            idle();
        }
    }

    public void idle()
    {
        final long nowNanos = System.nanoTime();
        if (idleSinceNanos == NOT_IDLE)
        {
            idleSinceNanos = nowNanos;
        }
        if (nowNanos - idleSinceNanos < spinWindowNanos)
        {
            Thread.onSpinWait();
            return;
        }
        LockSupport.parkNanos(parkNanos);
        parkNanos = Math.min(parkNanos << 1, maxParkNanos);
    }

    public void reset()
    {
        idleSinceNanos = NOT_IDLE;
        parkNanos = minParkNanos;
    }

    public String alias()
    {
        return "spin-window";
    }

    public String toString()
    {
        return "SpinWindowIdleStrategy{spinWindowNanos=" + spinWindowNanos + ", maxParkNanos=" + maxParkNanos + '}';
    }
}
