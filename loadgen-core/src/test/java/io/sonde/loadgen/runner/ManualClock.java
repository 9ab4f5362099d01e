package io.sonde.loadgen.runner;

import org.agrona.concurrent.NanoClock;

/**
 * A clock the test moves by hand, so every latency a run records is known exactly.
 */
final class ManualClock implements NanoClock
{
    private long nowNanos;

    ManualClock(final long startNanos)
    {
        nowNanos = startNanos;
    }

    public long nanoTime()
    {
        return nowNanos;
    }

    void advance(final long nanos)
    {
        nowNanos += nanos;
    }
}
