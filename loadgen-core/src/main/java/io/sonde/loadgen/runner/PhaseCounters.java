package io.sonde.loadgen.runner;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Outcome counts for the requests of one {@link Phase}.
 * <p>
 * Written by the runner thread only (single writer, ordered stores), read by the progress and
 * results threads at any time.
 */
public final class PhaseCounters
{
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong acknowledged = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();
    private final AtomicLong timedOut = new AtomicLong();

    public long sent()
    {
        return sent.get();
    }

    public long acknowledged()
    {
        return acknowledged.get();
    }

    public long rejected()
    {
        return rejected.get();
    }

    public long timedOut()
    {
        return timedOut.get();
    }

    /**
     * @return requests sent that have not ended yet.
     */
    public long inFlight()
    {
        return sent() - acknowledged() - rejected() - timedOut();
    }

    void onSent()
    {
        increment(sent);
    }

    void onAcknowledged()
    {
        increment(acknowledged);
    }

    void onRejected()
    {
        increment(rejected);
    }

    void onTimedOut()
    {
        increment(timedOut);
    }

    private static void increment(final AtomicLong counter)
    {
        counter.lazySet(counter.get() + 1);
    }
}
