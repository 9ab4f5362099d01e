package io.sonde.loadgen.sweep;

import io.sonde.loadgen.transport.CompletionHandler;
import io.sonde.loadgen.transport.Transport;

/**
 * A system under test with one server: each request takes {@code serviceNanos} and waits for the ones
 * before it, so latency is flat while the offered rate is below {@code 1 / service} and grows without bound
 * above it. Optionally each send also costs the generator {@code sendCostNanos} of busy CPU, to make Sonde
 * itself the bottleneck.
 */
final class QueueingTransport implements Transport
{
    private final long serviceNanos;
    private final long sendCostNanos;
    private final long[] ids = new long[1 << 21];
    private final long[] doneAt = new long[1 << 21];
    private final int mask = ids.length - 1;
    private long busyUntil;
    private long head;
    private long tail;

    QueueingTransport(final long serviceNanos, final long sendCostNanos)
    {
        this.serviceNanos = serviceNanos;
        this.sendCostNanos = sendCostNanos;
    }

    public boolean trySend(final long requestId, final long intendedNanos)
    {
        final long now = System.nanoTime();
        if (tail - head == ids.length)
        {
            return false;
        }
        if (sendCostNanos > 0)
        {
            while (System.nanoTime() - now < sendCostNanos)
            {
                Thread.onSpinWait();
            }
        }
        busyUntil = Math.max(busyUntil, now) + serviceNanos;
        ids[(int)(tail & mask)] = requestId;
        doneAt[(int)(tail & mask)] = busyUntil;
        tail++;
        return true;
    }

    public int poll(final CompletionHandler handler)
    {
        final long now = System.nanoTime();
        int completed = 0;
        while (head < tail && doneAt[(int)(head & mask)] <= now)
        {
            handler.onAcknowledged(ids[(int)(head & mask)], now);
            head++;
            completed++;
        }
        return completed;
    }
}
