package io.sonde.loadgen.runner;

import io.sonde.loadgen.transport.CompletionHandler;
import io.sonde.loadgen.transport.Transport;

/**
 * An in-process system under test on a {@link ManualClock}: answers each request a fixed time after it
 * was sent, and can stall once: while stalled it neither accepts requests (back-pressure) nor answers;
 * answers that fell due during the stall come out when it ends. Requests whose id is a multiple of
 * {@code neverAnswerEvery} are never answered; multiples of {@code rejectEvery} are rejected (0 turns
 * either off).
 * <p>
 * Preallocated ring of pending answers, so it allocates nothing per request.
 */
final class ScriptedTransport implements Transport
{
    static final int REJECT_REASON = 7;

    private final ManualClock clock;
    private final long serviceNanos;
    private final long[] pendingIds = new long[1 << 20];
    private final long[] dueNanos = new long[1 << 20];
    private final int mask = pendingIds.length - 1;
    private long stallStartNanos = Long.MAX_VALUE;
    private long stallEndNanos = Long.MAX_VALUE;
    private long neverAnswerEvery;
    private long rejectEvery;
    private long head;
    private long tail;

    ScriptedTransport(final ManualClock clock, final long serviceNanos)
    {
        this.clock = clock;
        this.serviceNanos = serviceNanos;
    }

    ScriptedTransport stallOnce(final long startNanos, final long lengthNanos)
    {
        stallStartNanos = startNanos;
        stallEndNanos = startNanos + lengthNanos;
        return this;
    }

    ScriptedTransport neverAnswerEvery(final long n)
    {
        neverAnswerEvery = n;
        return this;
    }

    ScriptedTransport rejectEvery(final long n)
    {
        rejectEvery = n;
        return this;
    }

    public boolean trySend(final long requestId, final long intendedNanos)
    {
        if (stalled())
        {
            return false;
        }
        if (!isMultiple(requestId, neverAnswerEvery))
        {
            final int slot = (int)(tail++ & mask);
            pendingIds[slot] = requestId;
            dueNanos[slot] = clock.nanoTime() + serviceNanos;
        }
        return true;
    }

    public int poll(final CompletionHandler handler)
    {
        if (stalled())
        {
            return 0;
        }
        final long now = clock.nanoTime();
        int answered = 0;
        while (head < tail && dueNanos[(int)(head & mask)] <= now)
        {
            final long id = pendingIds[(int)(head++ & mask)];
            if (isMultiple(id, rejectEvery))
            {
                handler.onRejected(id, now, REJECT_REASON);
            }
            else
            {
                handler.onAcknowledged(id, now);
            }
            answered++;
        }
        return answered;
    }

    private static boolean isMultiple(final long id, final long every)
    {
        return every > 0 && id % every == 0;
    }

    private boolean stalled()
    {
        final long now = clock.nanoTime();
        return now >= stallStartNanos && now < stallEndNanos;
    }
}
