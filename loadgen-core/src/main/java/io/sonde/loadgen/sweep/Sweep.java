package io.sonde.loadgen.sweep;

import io.sonde.api.StepVerdict;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.BooleanSupplier;

/**
 * Runs steps of rising rate (or message size) until one is not {@link StepVerdict#MET} (or the plan ends),
 * judging each as it completes. A step cut short by a stop ends the sweep even when it runs every step. A step met
 * by its own figures goes on to the next even when it was less than 95 % likely to meet its objectives: it is then
 * not the knee ({@link KneeFinder#kneeStep}), and the next step shows whether the latency was rising or noisy.
 */
public final class Sweep
{
    /**
     * Runs one full step (warm-up, measurement, drain) for one planned value.
     */
    @FunctionalInterface
    public interface StepRunner
    {
        StepMeasurement run(int stepIndex, double value);
    }

    /**
     * Every step's measurement and verdict, the knee, and why the sweep stopped.
     *
     * @param steps    in the order run.
     * @param verdicts one per step.
     * @param kneeStep index of the knee step ({@link KneeFinder#kneeStep}), if any.
     * @param stopReason the verdict that ended the sweep, {@link StepVerdict#CUT_SHORT} when a stop came before a
     *                   planned step started, or null when every planned step met.
     */
    public record Outcome(List<StepMeasurement> steps, List<StepVerdict> verdicts, OptionalInt kneeStep,
        StepVerdict stopReason)
    {
        /**
         * @return the knee step's rate (for a rate sweep), if any step met.
         */
        public OptionalDouble knee()
        {
            return kneeStep.isPresent() ? OptionalDouble.of(steps.get(kneeStep.getAsInt()).targetRate()) :
                OptionalDouble.empty();
        }
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

    /**
     * @param values one per step: the offered rate, or in a size sweep the message size.
     */
    public Outcome run(final List<Double> values, final StepRunner runner)
    {
        return run(values, runner, () -> false);
    }

    /**
     * @param values  one per step: the offered rate, or in a size sweep the message size.
     * @param stopped whether a stop was asked for: no step starts after one.
     */
    public Outcome run(final List<Double> values, final StepRunner runner, final BooleanSupplier stopped)
    {
        final List<StepMeasurement> steps = new ArrayList<>();
        final List<StepVerdict> verdicts = new ArrayList<>();
        StepVerdict stopReason = null;
        for (int i = 0; i < values.size(); i++)
        {
            if (stopped.getAsBoolean())
            {
                stopReason = stopReason == null ? StepVerdict.CUT_SHORT : stopReason;
                break;
            }
            final StepMeasurement step = runner.run(i, values.get(i));
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
            if (verdict == StepVerdict.CUT_SHORT)
            {
                break;
            }
        }
        return new Outcome(List.copyOf(steps), List.copyOf(verdicts), finder.kneeStep(steps), stopReason);
    }
}
