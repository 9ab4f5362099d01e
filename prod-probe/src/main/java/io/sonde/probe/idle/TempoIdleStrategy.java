package io.sonde.probe.idle;

import org.agrona.concurrent.IdleStrategy;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * An idle strategy that follows the {@link ProbeTempo}: while hot it backs off as Agrona's backoff strategy
 * does but never parks longer than {@value #MAX_HOT_PARK_MICROS} &micro;s, so a reply is picked up within
 * microseconds; while cold it parks up to {@value #COLD_PARK_MILLIS} ms, waking in time for the next order.
 * One instance per agent (it keeps the agent's backoff state).
 */
public final class TempoIdleStrategy implements IdleStrategy
{
    static final long MAX_HOT_PARK_MICROS = 100;
    static final long COLD_PARK_MILLIS = 50;
    private static final int SPINS = 10;
    private static final int YIELDS = 5;
    private static final long MIN_PARK_NANOS = 1_000;
    private static final long MAX_HOT_PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(MAX_HOT_PARK_MICROS);
    private static final long COLD_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(COLD_PARK_MILLIS);

    private final ProbeTempo tempo;
    private int idleCount;
    private long parkNanos = MIN_PARK_NANOS;

    public TempoIdleStrategy(final ProbeTempo tempo)
    {
        this.tempo = tempo;
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
        if (!tempo.isHot())
        {
            final long untilHot = tempo.nextHotNanos() - System.nanoTime();
            LockSupport.parkNanos(Math.max(MIN_PARK_NANOS, Math.min(COLD_PARK_NANOS, untilHot)));
            return;
        }
        idleCount++;
        if (idleCount <= SPINS)
        {
            Thread.onSpinWait();
        }
        else if (idleCount <= SPINS + YIELDS)
        {
            Thread.yield();
        }
        else
        {
            LockSupport.parkNanos(parkNanos);
            parkNanos = Math.min(parkNanos << 1, MAX_HOT_PARK_NANOS);
        }
    }

    public void reset()
    {
        idleCount = 0;
        parkNanos = MIN_PARK_NANOS;
    }

    public String alias()
    {
        return "probe-tempo";
    }
}
