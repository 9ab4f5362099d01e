package io.sonde.loadgen.runner;

import io.sonde.loadgen.transport.CompletionHandler;
import io.sonde.loadgen.transport.Transport;
import org.agrona.concurrent.NanoClock;

/**
 * Acknowledges every request on the next poll: the cheapest possible system under test. Allocation-free.
 */
final class EchoingTransport implements Transport
{
    private final NanoClock clock;
    private final long[] pending = new long[1 << 16];
    private final int mask = pending.length - 1;
    private long head;
    private long tail;

    EchoingTransport(final NanoClock clock)
    {
        this.clock = clock;
    }

    public boolean trySend(final long requestId, final long intendedNanos)
    {
        if (tail - head == pending.length)
        {
            return false;
        }
        pending[(int)(tail++ & mask)] = requestId;
        return true;
    }

    public int poll(final CompletionHandler handler)
    {
        final int count = (int)(tail - head);
        final long now = clock.nanoTime();
        while (head < tail)
        {
            handler.onAcknowledged(pending[(int)(head++ & mask)], now);
        }
        return count;
    }
}
