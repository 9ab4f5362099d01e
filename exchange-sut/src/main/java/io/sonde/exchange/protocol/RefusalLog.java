package io.sonde.exchange.protocol;

import org.agrona.DirectBuffer;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the messages a receiver refuses and logs some of them, by name: the first, then one each time the
 * count doubles. A sender of unknown messages (a newer peer, a foreign client) is seen at once, and cannot
 * flood the log from a receiver's hot path.
 */
public final class RefusalLog
{
    private final String receiver;
    private final AtomicLong refused = new AtomicLong();

    /**
     * @param receiver who refuses, as the log should name it.
     */
    public RefusalLog(final String receiver)
    {
        this.receiver = receiver;
    }

    public void onRefused(final Refusal refusal, final DirectBuffer buffer, final int offset, final int length)
    {
        final long count = refused.incrementAndGet();
        if (Long.bitCount(count) == 1)
        {
            System.err.println("[" + receiver + "] refused " + refusal.describe(buffer, offset, length) + "; " +
                count + " refused so far");
        }
    }

    /**
     * Messages refused so far; readable from any thread.
     */
    public long count()
    {
        return refused.get();
    }
}
