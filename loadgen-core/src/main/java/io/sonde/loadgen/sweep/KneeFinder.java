package io.sonde.loadgen.sweep;

import io.sonde.api.StepVerdict;

import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Judges sweep steps and finds the knee: the highest rate at which the system both kept the rate and met
 * its objectives, before the first step that did not. A generator-limited step is never anyone's knee.
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
     * @return the index of the knee step: the last that met before the first that did not; empty when not
     * even the first step met.
     */
    public OptionalInt kneeStep(final List<StepMeasurement> steps)
    {
        OptionalInt knee = OptionalInt.empty();
        for (int i = 0; i < steps.size(); i++)
        {
            if (judge(steps.get(i)) != StepVerdict.MET)
            {
                break;
            }
            knee = OptionalInt.of(i);
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
