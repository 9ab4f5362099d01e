package io.sonde.history;

import io.sonde.api.Percentiles;
import io.sonde.api.Slo;

import io.sonde.loadgen.confidence.IntervalHistograms;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Compares a new result's corrected latency with its baseline's, step by step, at each objective's percentile,
 * by {@link RegressionRule}: the ratio's interval from both steps' {@code run.hlog} ({@link StepIntervals}, each
 * log read once), or the ratio alone with a note when either was recorded without one. An order-to-tick objective
 * ({@code tick.p99}) compares the steps' order-to-tick; and each fault's recovery is compared with the baseline's
 * recovery from the same fault, by the ratio alone (a recovery is one figure, with no interval).
 * <p>
 * A new step measured several times (its runs' interval logs, e.g. a repeat's) has its runs pooled, and their
 * variation is in the ratio's interval: it takes the place of the spread of the baseline's recent runs (which a
 * fault's recovery, one figure, still takes its spread from).
 */
final class RegressionGate
{
    /**
     * The percentiles compared when the command has no objectives; their limits play no part.
     */
    static final List<Slo> DEFAULT_PERCENTILES = List.of(new Slo(50, Double.POSITIVE_INFINITY),
        new Slo(99, Double.POSITIVE_INFINITY), new Slo(99.9, Double.POSITIVE_INFINITY));
    private static final double MICROS_PER_MILLI = 1000.0;
    /** How many times {@link RegressionRule#RECENT_RUNS} runs are looked through for as many that did not regress. */
    private static final int RECENT_RUNS_SEARCHED = 4;

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
        final Set<String> tags = percentiles(objectives).stream().map(RegressionGate::series)
            .collect(Collectors.toSet());
        final StepIntervals baselineIntervals = StepIntervals.read(history.intervalLogs(baseline.id()), tags);
        final StepIntervals freshIntervals = StepIntervals.read(fresh.files(), tags);
        final int newRuns = Math.max(1, freshIntervals.mostRuns());
        final List<HistoryRun> recent = recentRuns(history, baseline);
        final List<Map<String, StepPercentiles>> recentSteps = new ArrayList<>();
        if (newRuns == 1)
        {
            recent.forEach(run -> recentSteps.add(byStep(history.percentiles(run.id()))));
        }

        final List<PercentileVerdict> verdicts = new ArrayList<>();
        for (final StepPercentiles step : fresh.steps())
        {
            final StepPercentiles before = baselineSteps.get(step.step());
            if (before == null || before.get(StepPercentiles.CORRECTED) == null ||
                step.get(StepPercentiles.CORRECTED) == null)
            {
                continue;
            }
            for (final Slo percentile : percentiles(objectives))
            {
                if (before.get(series(percentile)) == null || step.get(series(percentile)) == null)
                {
                    throw new HistoryException("--baseline " + choice + " (run " + baseline.id() + ") cannot be " +
                        "compared at " + percentile.label() + ": " + (before.get(series(percentile)) == null ?
                        "the baseline" : "this " + fresh.kind()) + " has no order-to-tick at " +
                        (step.step().isEmpty() ? "its run" : step.step()) + " (it ran without --market-data, or its " +
                        "feed could not be timed)");
                }
                final String tag = series(percentile);
                verdicts.add(verdict(step, before, recentSteps, percentile, tolerance,
                    baselineIntervals.get(step.step(), tag), freshIntervals.get(step.step(), tag), baseline.id()));
            }
        }
        final List<PercentileVerdict> recoveries = recoveries(history, baseline, recent, fresh, tolerance);
        verdicts.addAll(recoveries);
        if (verdicts.isEmpty())
        {
            throw new HistoryException("--baseline " + choice + " (run " + baseline.id() + ") has no step in " +
                "common with this " + fresh.kind() + ", or no corrected latency to compare");
        }
        return new RegressionReport(choice.toString(), baseline.id(), baseline.scenario(),
            newRuns == 1 || !recoveries.isEmpty() ? recent.stream().map(HistoryRun::id).toList() : List.of(), newRuns,
            tolerance, RegressionRule.NOISE_FACTOR,
            List.copyOf(verdicts), verdicts.stream().allMatch(PercentileVerdict::passed));
    }

    /**
     * The runs whose spread says how noisy the baseline's setup is: the latest of its scenario up to the baseline,
     * leaving out those that regressed against their own baseline when recorded. A build that failed the gate is not
     * the baseline's setup, and counting it would widen the noise by the very slow-down the gate is there to catch,
     * so that every later regression of the same size would pass. The baseline itself always counts.
     */
    private static List<HistoryRun> recentRuns(final HistoryDatabase history, final HistoryRun baseline)
    {
        final List<HistoryRun> recent = new ArrayList<>();
        for (final HistoryRun run : history.runsUpTo(baseline.id(), baseline.scenario(), Map.of(),
            RegressionRule.RECENT_RUNS * RECENT_RUNS_SEARCHED))
        {
            final boolean sameSetup = run.id() == baseline.id() || !history.regressed(run.id());
            if (recent.size() < RegressionRule.RECENT_RUNS && sameSetup)
            {
                recent.add(run);
            }
        }
        return recent;
    }

    /**
     * Each fault the new result and its baseline share (same step, same place in the schedule, same fault) has its
     * recovery compared by the same rule as a percentile's, its spread from the recent runs' recoveries of that
     * fault and no floor: a slower recovery fails the gate, and so does one that never came when the baseline's
     * did. A fault the baseline never recovered from has nothing to compare against.
     */
    private static List<PercentileVerdict> recoveries(
        final HistoryDatabase history,
        final HistoryRun baseline,
        final List<HistoryRun> recent,
        final RecordedFolder fresh,
        final double tolerance)
    {
        final List<PercentileVerdict> verdicts = new ArrayList<>();
        final List<StepFault> before = history.faults(baseline.id());
        if (before.isEmpty())
        {
            return verdicts;
        }
        final List<List<StepFault>> recentFaults = new ArrayList<>();
        recent.forEach(run -> recentFaults.add(history.faults(run.id())));
        for (final StepFault fault : fresh.faults())
        {
            final StepFault was = same(before, fault);
            if (was == null || !was.recovered())
            {
                continue;
            }
            final List<Double> recentValues = new ArrayList<>();
            for (final List<StepFault> run : recentFaults)
            {
                final StepFault same = same(run, fault);
                if (same != null && same.recovered())
                {
                    recentValues.add(same.recoveryMillis() * MICROS_PER_MILLI);
                }
            }
            final double baselineValue = was.recoveryMillis() * MICROS_PER_MILLI;
            final double newValue = fault.recovered() ? fault.recoveryMillis() * MICROS_PER_MILLI :
                Double.POSITIVE_INFINITY;
            final double spread = RegressionRule.spread(recentValues);
            final double allowed = RegressionRule.allowedRatio(tolerance, spread, 0);
            verdicts.add(PercentileVerdict.byRatio(fault.step(), "recovery " + fault.fault(), baselineValue,
                newValue, spread, 0, allowed, "a recovery is one figure, with no interval: judged by the ratio " +
                "alone"));
        }
        return verdicts;
    }

    /**
     * @return the objectives on a percentile of a step's series; the default percentiles when there are none (a
     *         recovery objective is judged fault by fault, and one on the latency during faults has no series of
     *         its own in the history).
     */
    private static List<Slo> percentiles(final List<Slo> objectives)
    {
        final List<Slo> percentiles = objectives.stream().filter(objective ->
            objective.series() == Slo.Series.LIFECYCLE || objective.series() == Slo.Series.ORDER_TO_TICK).toList();
        return percentiles.isEmpty() ? DEFAULT_PERCENTILES : percentiles;
    }

    private static StepFault same(final List<StepFault> faults, final StepFault fault)
    {
        for (final StepFault candidate : faults)
        {
            if (candidate.step().equals(fault.step()) && candidate.index() == fault.index() &&
                candidate.fault().equals(fault.fault()))
            {
                return candidate;
            }
        }
        return null;
    }

    /**
     * @param baselineIntervals the baseline step's measured intervals of the series, or null without its log.
     * @param freshIntervals    the new step's, or null without.
     */
    private static PercentileVerdict verdict(
        final StepPercentiles step,
        final StepPercentiles before,
        final List<Map<String, StepPercentiles>> recentSteps,
        final Slo percentile,
        final double tolerance,
        final IntervalHistograms baselineIntervals,
        final IntervalHistograms freshIntervals,
        final long baselineRun)
    {
        final String series = series(percentile);
        final double baselineValue = micros(percentile, before.get(series));
        final double newValue = micros(percentile, step.get(series));
        final List<Double> recentValues = new ArrayList<>();
        for (final Map<String, StepPercentiles> run : recentSteps)
        {
            final StepPercentiles same = run.get(step.step());
            if (same != null && same.get(series) != null)
            {
                recentValues.add(micros(percentile, same.get(series)));
            }
        }
        final boolean runsPooled = freshIntervals != null && freshIntervals.runs() > 1;
        final double spread = runsPooled ? 0 : RegressionRule.spread(recentValues);
        final double floor = RegressionRule.floor(baselineValue, hiccup(before, percentile), hiccup(step, percentile));
        final double allowed = RegressionRule.allowedRatio(tolerance, spread, floor);
        if (baselineIntervals == null || freshIntervals == null)
        {
            return PercentileVerdict.byRatio(step.step(), percentile.label(), baselineValue, newValue, spread, floor,
                allowed, (baselineIntervals == null ? "run " + baselineRun + " was recorded" : "this result was " +
                "written") + " without the " + series + " intervals of its " + RecordedFolder.INTERVAL_LOG +
                ": no interval, judged by the ratio alone, as before intervals");
        }
        return RegressionRule.byInterval(step.step(), percentile.label(), percentile.percentile(),
            baselineIntervals, freshIntervals, spread, floor, allowed);
    }

    /**
     * @return the series an objective's percentile is read from: order-to-tick for a {@code tick.} objective,
     *         otherwise the corrected lifecycle latency.
     */
    private static String series(final Slo percentile)
    {
        return percentile.orderToTick() ? StepMarketData.ORDER_TO_TICK : StepPercentiles.CORRECTED;
    }

    private static double hiccup(final StepPercentiles step, final Slo percentile)
    {
        final Percentiles hiccup = step.get(StepPercentiles.HICCUP);
        return hiccup == null ? 0 : micros(percentile, hiccup);
    }

    /**
     * @return the series' value at the objective's percentile, µs.
     */
    private static double micros(final Slo percentile, final Percentiles series)
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
