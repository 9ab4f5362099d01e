package io.sonde.loadgen.schedule;

/**
 * A source of intended start times, in {@link System#nanoTime()} terms.
 * <p>
 * The schedule is the single source of truth for when a request <em>should</em> start. The runner
 * stamps each request with the time returned here even when it is late, so a stall anywhere shows
 * up as latency instead of silently thinning the load (coordinated omission).
 * <p>
 * Iteration is allocation-free: implementations keep only primitive state.
 */
public interface Schedule
{
    /**
     * Returned by {@link #nextIntendedNanos()} once a finite schedule has no more requests.
     */
    long END = Long.MAX_VALUE;

    /**
     * Restart the schedule so that its first request is intended at {@code startNanos}.
     *
     * @param startNanos the nanoTime of the schedule's origin.
     */
    void start(long startNanos);

    /**
     * Advance to the next request and return its intended start time.
     *
     * @return the intended nanoTime of the next request, never earlier than the previous one, or {@link #END}.
     */
    long nextIntendedNanos();

    /**
     * The mean rate this schedule offers, used to report target against achieved rate.
     *
     * @return requests per second averaged over the whole schedule.
     */
    double meanRatePerSecond();
}
