package io.sonde.loadgen.idle;

import io.sonde.api.IdleMode;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * The Agrona idle strategy of each {@link IdleMode}.
 */
public final class IdleStrategies
{
    private IdleStrategies()
    {
    }

    /**
     * @param mode a fixed mode: {@code auto} follows the host, through {@link HostIdle}.
     * @return a new strategy: idle strategies keep state, so every thread needs its own.
     * @throws IllegalStateException for {@code auto}.
     */
    public static IdleStrategy newStrategy(final IdleMode mode)
    {
        return switch (mode)
        {
            case AUTO -> throw new IllegalStateException("auto follows the host: claim a HostIdle for it");
            case BUSY_SPIN -> new BusySpinIdleStrategy();
            case SPIN_WINDOW -> new SpinWindowIdleStrategy();
            case BACKOFF -> new BackoffIdleStrategy();
            case YIELD -> new YieldingIdleStrategy();
            case SLEEP -> new SleepingMillisIdleStrategy(1);
        };
    }
}
