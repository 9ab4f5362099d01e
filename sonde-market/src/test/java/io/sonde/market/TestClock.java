package io.sonde.market;

import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.NanoClock;

/**
 * A clock a test moves by hand, for both the load agent's and the market's readings.
 */
final class TestClock implements NanoClock, EpochNanoClock
{
    private long nowNanos;

    TestClock(final long startNanos)
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
