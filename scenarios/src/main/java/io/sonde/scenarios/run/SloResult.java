package io.sonde.scenarios.run;

import io.sonde.loadgen.result.PercentileSummary;
import io.sonde.scenarios.cli.Slo;

import java.util.List;

/**
 * How one objective fared on the corrected distribution.
 *
 * @param objective    e.g. {@code p99}.
 * @param limitMicros  the objective's limit.
 * @param actualMicros what was measured.
 * @param met          whether the measurement is within the limit.
 */
public record SloResult(String objective, double limitMicros, double actualMicros, boolean met)
{
    public static List<SloResult> evaluate(final List<Slo> objectives, final PercentileSummary corrected)
    {
        return objectives.stream().map(slo ->
        {
            final double actual = slo.measuredMicros(corrected);
            return new SloResult(slo.label(), slo.limitMicros(), actual, actual <= slo.limitMicros());
        }).toList();
    }

    public static boolean allMet(final List<SloResult> results)
    {
        return results.stream().allMatch(SloResult::met);
    }
}
