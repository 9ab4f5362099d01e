package io.sonde.loadgen.sweep;

import io.sonde.api.StepProbability;
import io.sonde.api.StepVerdict;

import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Judges sweep steps and finds the knee: the highest rate, before the first step that did not meet its objectives by
 * its own figures, at which the system kept the rate, passed its checks and met its latency objectives with at least
 * {@link StepProbability#KNEE_PROBABILITY 95 %} probability ({@link StepObjectives}). A step met by its own figures
 * but less surely is not the knee, and does not end the sweep either: the next step says whether it was noise. A
 * generator-limited step is never anyone's knee.
 */
public final class KneeFinder
{
    private final SweepCriteria criteria;

    public KneeFinder(final SweepCriteria criteria)
    {
        this.criteria = criteria;
    }

    /**
     * The generator is judged first: when Sonde itself fell behind, a missed rate or a breached objective
     * cannot be blamed on the system under test.
     */
    public StepVerdict judge(final StepMeasurement step)
    {
        if (step.cutShort())
        {
            return StepVerdict.CUT_SHORT;
        }
        if (criteria.generatorLimited(step.lateness().p99(), step.hiccup().p99_9(), step.pushedBack()))
        {
            return StepVerdict.GENERATOR_LIMITED;
        }
        if (criteria.rateMissed(step.targetRate(), step.achievedRate()))
        {
            return StepVerdict.RATE_MISSED;
        }
        return step.sloMet() ? StepVerdict.MET : StepVerdict.SLO_BREACHED;
    }

    /**
     * @param steps in the order they ran (rising rate or message size).
     * @return the index of the knee step: the last, before the first step that did not meet, that met with at
     *         least {@link StepProbability#KNEE_PROBABILITY} probability where that was measured; empty when none
     *         did.
     */
    public OptionalInt kneeStep(final List<StepMeasurement> steps)
    {
        OptionalInt knee = OptionalInt.empty();
        for (int i = 0; i < steps.size(); i++)
        {
            final StepVerdict verdict = judge(steps.get(i));
            if (verdict != StepVerdict.MET)
            {
                break;
            }
            if (StepProbability.kneeWorthy(verdict, steps.get(i).meetsObjectives()))
            {
                knee = OptionalInt.of(i);
            }
        }
        return knee;
    }

    /**
     * @return the knee rate of a rate sweep, or empty when not even the first step met.
     */
    public OptionalDouble knee(final List<StepMeasurement> steps)
    {
        final OptionalInt step = kneeStep(steps);
        return step.isPresent() ? OptionalDouble.of(steps.get(step.getAsInt()).targetRate()) : OptionalDouble.empty();
    }
}
