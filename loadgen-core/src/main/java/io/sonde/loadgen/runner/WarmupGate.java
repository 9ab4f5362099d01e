package io.sonde.loadgen.runner;

import java.util.concurrent.TimeUnit;

/**
 * Lets a run's warm-up go on past its planned end until the path is warm, up to a bound: the reporting side opens
 * the gate once it judges the path warm (the JIT quiet, the interval p99 steady), and the load thread, reaching
 * the planned start of the measurement with the gate still shut, moves that start one step later, until the gate
 * opens or the bound is reached. Only for schedules whose rate does not depend on when the measurement starts
 * (constant, Poisson, bursts, session groups): the requests simply go on counting as warm-up.
 * <p>
 * Opened from any thread; read by the load thread only at the planned start and at each step after it, never per
 * request.
 */
public final class WarmupGate
{
    private final long longestNanos;
    private final long stepNanos;
    private volatile boolean open;
    private volatile long warmupNanos = -1;

    /**
     * @param longestNanos the longest warm-up, from the run's start.
     * @param stepNanos    how much later the measurement starts each time the gate is found shut.
     */
    public WarmupGate(final long longestNanos, final long stepNanos)
    {
        if (stepNanos <= 0)
        {
            throw new IllegalArgumentException("the warm-up's step must be positive: " + stepNanos + "ns");
        }
        this.longestNanos = longestNanos;
        this.stepNanos = stepNanos;
    }

    /**
     * The path is warm: the measurement starts at the next step.
     */
    public void open()
    {
        open = true;
    }

    /**
     * @return whether the gate was opened (rather than the bound reached).
     */
    public boolean opened()
    {
        return open;
    }

    /**
     * @return how long the warm-up lasted, once the measurement has started, else -1.
     */
    public long warmupNanos()
    {
        return warmupNanos;
    }

    /**
     * @return the warm-up's length in seconds, for a person, e.g. {@code 7.0}.
     */
    public double warmupSeconds()
    {
        return warmupNanos / (double)TimeUnit.SECONDS.toNanos(1);
    }

    /**
     * Called by the load thread at the planned start of the measurement and at each step after it.
     *
     * @param warmedNanos how long the run has warmed up so far.
     * @return whether the measurement starts now, else the warm-up goes on for {@link #stepNanos()}.
     */
    public boolean measureNow(final long warmedNanos)
    {
        if (open || warmedNanos + stepNanos > longestNanos)
        {
            warmupNanos = warmedNanos;
            return true;
        }
        return false;
    }

    long stepNanos()
    {
        return stepNanos;
    }
}
