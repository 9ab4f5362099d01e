package io.sonde.inprocess.run;

import java.time.Duration;

/**
 * How long a sweep may still take, as the upper bound its progress line promises ("at most ... left"): the steps
 * left, each at the longest a step can last. A step lasts at most:
 * <ul>
 *     <li>its warm-up, which goes on while the JIT works, up to {@link JitAwareWarmup#MOST_TIMES_PLANNED} times
 *     {@code --warmup} (staged rates keep the planned one);</li>
 *     <li>its measured window, {@code --step-duration}, as many times as {@code --repeat} says;</li>
 *     <li>the drain, which waits up to {@code --timeout} for the last answers;</li>
 *     <li>with faults, the status requests about orders still open, up to {@code --timeout} more;</li>
 *     <li>the last public events' grace, {@link MeasuredFixRun#MARKET_DATA_GRACE};</li>
 *     <li>what surrounds the load: starting the FIX engine, logging on, logging off, closing the engine and writing
 *     the step's files. No option bounds it, so it is measured: the longest any step so far (the path's warm-up
 *     included) spent outside its warm-up and measured window, or, before any, {@link MeasuredFixRun#LOGON_TIMEOUT},
 *     the longest a logon is given.</li>
 * </ul>
 * A measured step's time outside its load includes its own drain, which the bound counts again: it errs long,
 * never short. Not thread-safe: used by the sweep's thread alone.
 */
final class SweepEstimate
{
    private final Duration bounded;
    private Duration outsideLoad;

    /**
     * @param warmup        the planned warm-up of each step.
     * @param warmupGrows   whether the warm-up goes on while the JIT works (not for staged rates, nor a zero one).
     * @param stepDuration  each step's measured window, all its runs.
     * @param timeout       how long the drain waits for answers.
     * @param faults        whether each step goes through faults, whose open orders are asked about after it.
     */
    SweepEstimate(
        final Duration warmup,
        final boolean warmupGrows,
        final Duration stepDuration,
        final Duration timeout,
        final boolean faults)
    {
        this.bounded = (warmupGrows ? warmup.multipliedBy(JitAwareWarmup.MOST_TIMES_PLANNED) : warmup)
            .plus(stepDuration)
            .plus(timeout)
            .plus(faults ? timeout : Duration.ZERO)
            .plus(MeasuredFixRun.MARKET_DATA_GRACE);
    }

    /**
     * A step, or the path's warm-up, is over: what it spent outside its warm-up and measured window raises the
     * allowance for the steps left, if longer than any before.
     *
     * @param took        how long it took, from its start to its summary written.
     * @param loadSeconds how long its load ran: its warm-up and measured window, as its summary says.
     */
    void stepTook(final Duration took, final double loadSeconds)
    {
        final Duration outside = took.minusNanos(Math.round(loadSeconds * 1e9));
        if (outsideLoad == null || outside.compareTo(outsideLoad) > 0)
        {
            outsideLoad = outside.isNegative() ? Duration.ZERO : outside;
        }
    }

    /**
     * @param stepsLeft the steps not yet started, the one starting now included.
     * @return the longest they can take together.
     */
    Duration left(final int stepsLeft)
    {
        return bounded.plus(outsideLoad == null ? MeasuredFixRun.LOGON_TIMEOUT : outsideLoad)
            .multipliedBy(stepsLeft);
    }
}
