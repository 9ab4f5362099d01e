package io.sonde.loadgen.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Runs steps of rising rate until one is not {@link StepVerdict#MET} (or the plan ends), judging each as it
 * completes.
 */
public final class Sweep
{
    /**
     * Runs one full step (warm-up, measurement, drain) at a rate.
     */
    @FunctionalInterface
    public interface StepRunner
    {
        StepMeasurement run(int stepIndex, double rate);
    }

    /**
     * Every step's measurement and verdict, the knee, and why the sweep stopped.
     *
     * @param steps    in the order run.
     * @param verdicts one per step.
     * @param knee     the highest rate that met, if any.
     * @param stopReason the verdict that ended the sweep, or null when every planned rate met.
     */
    public record Outcome(List<StepMeasurement> steps, List<StepVerdict> verdicts, OptionalDouble knee,
        StepVerdict stopReason)
    {
    }

    private final KneeFinder finder;
    private final boolean stopEarly;

    /**
     * @param stopEarly false to run every planned step even after one fails (for a full picture).
     */
    public Sweep(final SweepCriteria criteria, final boolean stopEarly)
    {
        this.finder = new KneeFinder(criteria);
        this.stopEarly = stopEarly;
    }

    public Outcome run(final List<Double> rates, final StepRunner runner)
    {
        final List<StepMeasurement> steps = new ArrayList<>();
        final List<StepVerdict> verdicts = new ArrayList<>();
        StepVerdict stopReason = null;
        for (int i = 0; i < rates.size(); i++)
        {
            final StepMeasurement step = runner.run(i, rates.get(i));
            final StepVerdict verdict = finder.judge(step);
            steps.add(step);
            verdicts.add(verdict);
            if (verdict != StepVerdict.MET && stopReason == null)
            {
                stopReason = verdict;
                if (stopEarly)
                {
                    break;
                }
            }
        }
        return new Outcome(List.copyOf(steps), List.copyOf(verdicts), finder.knee(steps), stopReason);
    }
}
