package io.sonde.loadgen.schedule;

import java.util.SplittableRandom;

/**
 * Requests arriving as a Poisson process: exponential inter-arrival times with the given mean rate.
 * <p>
 * Seeded, so the same seed reproduces the same intended times exactly. The running sum is kept in
 * double nanoseconds so rounding to whole nanos never biases the mean rate.
 */
public final class PoissonSchedule implements Schedule
{
    private final double ratePerSecond;
    private final double meanGapNanos;
    private final long seed;
    private SplittableRandom random;
    private long startNanos;
    private double offsetNanos;

    public PoissonSchedule(final double ratePerSecond, final long seed)
    {
        this.ratePerSecond = ScheduleRates.requirePositive(ratePerSecond);
        this.meanGapNanos = ScheduleRates.NANOS_PER_SECOND / ratePerSecond;
        this.seed = seed;
        this.random = new SplittableRandom(seed);
    }

    public void start(final long startNanos)
    {
        this.startNanos = startNanos;
        this.offsetNanos = 0;
        this.random = new SplittableRandom(seed);
    }

    public long nextIntendedNanos()
    {
        final long intended = startNanos + (long)offsetNanos;
        // 1 - U lies in (0, 1], so the logarithm is finite.
        offsetNanos += -Math.log(1.0 - random.nextDouble()) * meanGapNanos;
        return intended;
    }

    public double meanRatePerSecond()
    {
        return ratePerSecond;
    }

    public String toString()
    {
        return "poisson(" + ratePerSecond + "/s, seed=" + seed + ")";
    }
}
