package io.sonde.history;

import io.sonde.api.Percentiles;
import io.sonde.api.Slo;
import io.sonde.loadgen.result.PercentileSummary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares a new result's corrected latency with its baseline's, step by step, at each objective's percentile,
 * by {@link RegressionRule}.
 */
final class RegressionGate
{
    /**
     * The percentiles compared when the command has no objectives; their limits play no part.
     */
    static final List<Slo> DEFAULT_PERCENTILES = List.of(new Slo(50, Double.POSITIVE_INFINITY),
        new Slo(99, Double.POSITIVE_INFINITY), new Slo(99.9, Double.POSITIVE_INFINITY));

    private RegressionGate()
    {
    }

    /**
     * @param baseline   the baseline found in the history.
     * @param fresh      the new result, not yet recorded.
     * @param objectives the command's objectives, whose percentiles are compared (their limits are not).
     * @param tolerance  the smallest allowed slow-down, as a fraction.
     */
    static RegressionReport judge(
        final HistoryDatabase history,
        final BaselineChoice choice,
        final HistoryRun baseline,
        final RecordedFolder fresh,
        final List<Slo> objectives,
        final double tolerance)
    {
        final Map<String, StepPercentiles> baselineSteps = byStep(history.percentiles(baseline.id()));
        final List<HistoryRun> recent = history.runsUpTo(baseline.id(), baseline.scenario(), Map.of(),
            RegressionRule.RECENT_RUNS);
        final List<Map<String, StepPercentiles>> recentSteps = new ArrayList<>();
        recent.forEach(run -> recentSteps.add(byStep(history.percentiles(run.id()))));

        final List<PercentileVerdict> verdicts = new ArrayList<>();
        for (final StepPercentiles step : fresh.steps())
        {
            final StepPercentiles before = baselineSteps.get(step.step());
            if (before == null || before.get(StepPercentiles.CORRECTED) == null ||
                step.get(StepPercentiles.CORRECTED) == null)
            {
                continue;
            }
            for (final Slo percentile : objectives.isEmpty() ? DEFAULT_PERCENTILES : objectives)
            {
                verdicts.add(verdict(step, before, recentSteps, percentile, tolerance));
            }
        }
        if (verdicts.isEmpty())
        {
            throw new HistoryException("--baseline " + choice + " (run " + baseline.id() + ") has no step in " +
                "common with this " + fresh.kind() + ", or no corrected latency to compare");
        }
        return new RegressionReport(choice.toString(), baseline.id(), baseline.scenario(),
            recent.stream().map(HistoryRun::id).toList(), tolerance, RegressionRule.NOISE_FACTOR, List.copyOf(verdicts),
            verdicts.stream().allMatch(PercentileVerdict::passed));
    }

    private static PercentileVerdict verdict(
        final StepPercentiles step,
        final StepPercentiles before,
        final List<Map<String, StepPercentiles>> recentSteps,
        final Slo percentile,
        final double tolerance)
    {
        final double baselineValue = micros(percentile, before.get(StepPercentiles.CORRECTED));
        final double newValue = micros(percentile, step.get(StepPercentiles.CORRECTED));
        final List<Double> recentValues = new ArrayList<>();
        for (final Map<String, StepPercentiles> run : recentSteps)
        {
            final StepPercentiles same = run.get(step.step());
            if (same != null && same.get(StepPercentiles.CORRECTED) != null)
            {
                recentValues.add(micros(percentile, same.get(StepPercentiles.CORRECTED)));
            }
        }
        final double spread = RegressionRule.spread(recentValues);
        final double floor = RegressionRule.floor(baselineValue, hiccup(before, percentile), hiccup(step, percentile));
        final double allowed = RegressionRule.allowedRatio(tolerance, spread, floor);
        final double ratio = baselineValue > 0 ? newValue / baselineValue : newValue > 0 ? Double.POSITIVE_INFINITY : 1;
        return new PercentileVerdict(step.step(), percentile.label(), baselineValue, newValue, ratio, spread, floor,
            allowed, ratio <= allowed);
    }

    private static double hiccup(final StepPercentiles step, final Slo percentile)
    {
        final PercentileSummary hiccup = step.get(StepPercentiles.HICCUP);
        return hiccup == null ? 0 : micros(percentile, hiccup);
    }

    /**
     * @return the series' value at the objective's percentile, µs.
     */
    private static double micros(final Slo percentile, final PercentileSummary series)
    {
        return percentile.measuredMicros(new Percentiles(series.p50(), series.p90(), series.p99(), series.p99_9(),
            series.p99_99(), series.max(), series.count()));
    }

    private static Map<String, StepPercentiles> byStep(final List<StepPercentiles> steps)
    {
        final Map<String, StepPercentiles> byStep = new LinkedHashMap<>();
        steps.forEach(step -> byStep.put(step.step(), step));
        return byStep;
    }
}
