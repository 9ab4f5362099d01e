package io.sonde.scenarios.cli;

import io.sonde.loadgen.idle.SpinWindowIdleStrategy;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

import java.util.function.Supplier;

/**
 * How the threads that own a path wait for work. {@code auto} (the default) busy-spins them when the busy
 * threads fit in the cores this JVM may use, and otherwise spins for a short window after each piece of work
 * before parking briefly ({@code spin-window}), so threads never spin against each other for a core.
 * {@code busy-spin} burns a core per thread for the lowest latency (tuned hosts); {@code backoff} spins briefly
 * then parks up to a millisecond (shared hosts, several processes).
 */
public enum IdleMode
{
    AUTO("auto", null),
    BUSY_SPIN("busy-spin", BusySpinIdleStrategy::new),
    SPIN_WINDOW("spin-window", SpinWindowIdleStrategy::new),
    BACKOFF("backoff", BackoffIdleStrategy::new),
    YIELD("yield", YieldingIdleStrategy::new),
    SLEEP("sleep", () -> new SleepingMillisIdleStrategy(1));

    private final String label;
    private final Supplier<IdleStrategy> factory;

    IdleMode(final String label, final Supplier<IdleStrategy> factory)
    {
        this.label = label;
        this.factory = factory;
    }

    /**
     * @return a new strategy: idle strategies keep state, so every thread needs its own.
     * @throws IllegalStateException for {@code auto}, which must be resolved first.
     */
    public IdleStrategy newStrategy()
    {
        if (factory == null)
        {
            throw new IllegalStateException("resolve 'auto' with forBusyThreads first");
        }
        return factory.get();
    }

    /**
     * @param busyThreads threads that will own a path on this host at once.
     * @return this mode, or for {@code auto} busy-spin when they fit in the cores available, else spin-window.
     */
    public IdleMode forBusyThreads(final int busyThreads)
    {
        return forBusyThreads(busyThreads, Runtime.getRuntime().availableProcessors());
    }

    IdleMode forBusyThreads(final int busyThreads, final int cores)
    {
        if (this != AUTO)
        {
            return this;
        }
        return busyThreads <= cores ? BUSY_SPIN : SPIN_WINDOW;
    }

    public String toString()
    {
        return label;
    }

    public static final class Converter extends LabelConverter<IdleMode>
    {
        public Converter()
        {
            super(IdleMode.class, "an idle strategy");
        }
    }
}
