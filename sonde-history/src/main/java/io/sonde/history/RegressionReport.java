package io.sonde.history;

import io.sonde.loadgen.time.Latency;
import io.sonde.api.Check;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The regression gate's outcome, printed as a table and written as the {@code regression} section of the new
 * result's summary.
 *
 * @param baseline     what {@code --baseline} said.
 * @param baselineRun  the run compared against, or null when {@code last} found none.
 * @param scenario     the baseline's scenario.
 * @param recentRuns   the baseline scenario's runs whose spread was measured, newest first.
 * @param tolerance    the smallest allowed slow-down, as a fraction.
 * @param noiseFactor  times the spread a percentile may move.
 * @param verdicts     one per step and percentile.
 * @param passed       whether every verdict passed.
 */
public record RegressionReport(
    String baseline,
    Long baselineRun,
    String scenario,
    List<Long> recentRuns,
    double tolerance,
    double noiseFactor,
    List<PercentileVerdict> verdicts,
    boolean passed)
{
    static final String GROUP = "regression";

    static RegressionReport nothingToCompare(final String scenario, final double tolerance)
    {
        return new RegressionReport("last", null, scenario, List.of(), tolerance, RegressionRule.NOISE_FACTOR,
            List.of(), true);
    }

    /**
     * @return one check per step and percentile, for the command's verdict and its JUnit report.
     */
    List<Check> checks()
    {
        return verdicts.stream().map(verdict -> Check.of(GROUP,
            verdict.percentile() + (verdict.step().isEmpty() ? "" : " at " + verdict.step()) + " against run " +
                baselineRun,
            verdict.passed(), String.format(Locale.ROOT, "%s against %s, %.2fx (allowed %.2fx)",
                Latency.formatMicros(verdict.newMicros()), Latency.formatMicros(verdict.baselineMicros()),
                verdict.ratio(), verdict.allowedRatio()))).toList();
    }

    void print(final PrintWriter console)
    {
        if (baselineRun == null)
        {
            console.println("Regression gate: no earlier run of this scenario in the history, nothing to compare " +
                "(this run becomes the baseline)");
            return;
        }
        console.printf("Regression gate against run %d (%s; noise from runs %s; tolerance %.0f%%):%n", baselineRun,
            baseline, recentRuns, tolerance * 100);
        console.printf("%-14s %-10s %10s %10s %8s %8s %8s %8s  %s%n", "step", "percentile", "baseline", "new",
            "ratio", "spread", "floor", "allowed", "verdict");
        for (final PercentileVerdict verdict : verdicts)
        {
            console.printf(Locale.ROOT, "%-14s %-10s %10s %10s %8.2f %8.2f %8.2f %8.2f  %s%n",
                verdict.step().isEmpty() ? "run" : verdict.step(), verdict.percentile(),
                Latency.formatMicros(verdict.baselineMicros()), Latency.formatMicros(verdict.newMicros()),
                verdict.ratio(), verdict.spread(), verdict.floor(), verdict.allowedRatio(),
                verdict.passed() ? "pass" : "REGRESSION");
        }
    }
}
