package io.sonde.inprocess.run;

import io.sonde.inprocess.fault.FaultJudgement;
import io.sonde.api.Percentiles;
import io.sonde.api.Slo;
import io.sonde.api.SloResult;

import java.util.List;
import java.util.OptionalDouble;

/**
 * Judges each objective on the corrected distribution, on order-to-tick for a {@code tick.} objective, on the faults'
 * "during" windows for a {@code fault.} objective, or on the slowest recovery for {@code recovery}.
 */
public final class Objectives
{
    private Objectives()
    {
    }

    public static List<SloResult> evaluate(final List<Slo> objectives, final Percentiles corrected)
    {
        return evaluate(objectives, corrected, null);
    }

    /**
     * @param orderToTick order-to-tick's percentiles, or null when it was not measured: a {@code tick.} objective
     *                    is then missed, its actual value NaN.
     */
    public static List<SloResult> evaluate(
        final List<Slo> objectives, final Percentiles corrected, final Percentiles orderToTick)
    {
        return evaluate(objectives, corrected, orderToTick, FaultJudgement.NONE);
    }

    /**
     * @param faults how the run went through its faults: a {@code fault.} objective is judged on their merged
     *               "during" windows, a {@code recovery} objective on the slowest recovery; without faults, or
     *               with one that never recovered, such an objective is missed, its actual value NaN.
     */
    public static List<SloResult> evaluate(
        final List<Slo> objectives,
        final Percentiles corrected,
        final Percentiles orderToTick,
        final FaultJudgement faults)
    {
        return objectives.stream().map(slo ->
        {
            if (slo.series() == Slo.Series.RECOVERY)
            {
                final OptionalDouble slowest = faults.slowestRecoveryMillis();
                final double actual = slowest.isPresent() ? slowest.getAsDouble() * 1000 : Double.NaN;
                return new SloResult(slo.label(), slo.limitMicros(), actual, actual <= slo.limitMicros());
            }
            final Percentiles measured = switch (slo.series())
            {
                case ORDER_TO_TICK -> orderToTick;
                case DURING_FAULTS -> faults.faults().isEmpty() ? null : faults.during();
                default -> corrected;
            };
            if (measured == null || measured.count() == 0)
            {
                return new SloResult(slo.label(), slo.limitMicros(), Double.NaN, false);
            }
            final double actual = slo.measuredMicros(measured);
            return new SloResult(slo.label(), slo.limitMicros(), actual, actual <= slo.limitMicros());
        }).toList();
    }

    public static boolean allMet(final List<SloResult> results)
    {
        return results.stream().allMatch(SloResult::met);
    }
}
