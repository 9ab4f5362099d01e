package io.sonde.probe;

import io.sonde.probe.idle.ProbeTempo;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * How the probe thread waits between polls: closely while an answer is awaited, so a reply is timed when it
 * arrives rather than when a long park ends, and otherwise asleep until shortly before the next order. The
 * {@link ProbeTempo} it sets tells the engine's threads the same, so none is asleep when an order goes.
 */
final class ProbePacing
{
    static final long HOT_PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    static final long COLD_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** How long before an order is due the threads wake, so none is asleep when it goes. */
    static final long WAKE_LEAD_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    private final ProbeTempo tempo;

    ProbePacing(final ProbeTempo tempo)
    {
        this.tempo = tempo;
    }

    /**
     * @param work           what the poll just did; after any work the thread polls again at once.
     * @param awaiting       whether an answer is awaited (orders open, or the start-up clean-up not done).
     * @param nextOrderNanos when the next order is due.
     */
    void idle(final int work, final boolean awaiting, final long nowNanos, final long nextOrderNanos)
    {
        final boolean hot = awaiting || nextOrderNanos - nowNanos <= WAKE_LEAD_NANOS;
        tempo.set(hot, nextOrderNanos - WAKE_LEAD_NANOS);
        if (work > 0)
        {
            return;
        }
        final long untilWake = nextOrderNanos - WAKE_LEAD_NANOS - nowNanos;
        final long park = hot ? HOT_PARK_NANOS : Math.max(HOT_PARK_NANOS, Math.min(COLD_PARK_NANOS, untilWake));
        LockSupport.parkNanos(park);
    }
}
