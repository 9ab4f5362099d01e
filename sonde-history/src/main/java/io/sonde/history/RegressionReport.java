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
 * @param recentRuns   the baseline scenario's runs whose spread was measured, newest first; none when the new
 *                     result's own runs measured the variation between runs and no fault's recovery was compared.
 * @param newRuns      how many runs the new result was measured in: its variation between runs is in each
 *                     interval when more than one.
 * @param tolerance    the smallest allowed slow-down, as a fraction.
 * @param noiseFactor  times the spread a percentile may move.
 * @param verdicts     one per step and percentile.
 * @param passed       whether no verdict is a regression (an inconclusive one is a warning).
 */
public record RegressionReport(
    String baseline,
    Long baselineRun,
    String scenario,
    List<Long> recentRuns,
    int newRuns,
    double tolerance,
    double noiseFactor,
    List<PercentileVerdict> verdicts,
    boolean passed)
{
    static final String GROUP = "regression";

    static RegressionReport nothingToCompare(final String scenario, final double tolerance)
    {
        return new RegressionReport("last", null, scenario, List.of(), 1, tolerance, RegressionRule.NOISE_FACTOR,
            List.of(), true);
    }

    /**
     * @return one check per step and percentile, for the command's verdict and its JUnit report: a regression
     *         fails, an inconclusive verdict is a warning saying what would settle it.
     */
    List<Check> checks()
    {
        return verdicts.stream().map(verdict ->
        {
            final String name = verdict.percentile() + (verdict.step().isEmpty() ? "" : " at " + verdict.step()) +
                " against run " + baselineRun;
            final String detail = String.format(Locale.ROOT, "%s against %s, %s (allowed %.2fx)%s",
                Latency.formatMicros(verdict.newMicros()), Latency.formatMicros(verdict.baselineMicros()),
                ratio(verdict), verdict.allowedRatio(), verdict.note().isEmpty() ? "" : ": " + verdict.note());
            return verdict.verdict() == PercentileVerdict.Outcome.INCONCLUSIVE ?
                Check.warning(GROUP, name, "inconclusive, " + detail) : Check.of(GROUP, name, verdict.passed(), detail);
        }).toList();
    }

    void print(final PrintWriter console)
    {
        if (baselineRun == null)
        {
            console.println("Regression gate: no earlier run of this scenario in the history, nothing to compare " +
                "(this run becomes the baseline)");
            return;
        }
        console.printf("Regression gate against run %d (%s; noise from %s; tolerance %.0f%%):%n", baselineRun,
            baseline, newRuns > 1 ? "the " + newRuns + " runs of this result" : "runs " + recentRuns,
            tolerance * 100);
        console.printf("%-14s %-10s %10s %10s %18s %8s %8s %8s  %s%n", "step", "percentile", "baseline", "new",
            "ratio (95%)", "spread", "floor", "allowed", "verdict");
        for (final PercentileVerdict verdict : verdicts)
        {
            console.printf(Locale.ROOT, "%-14s %-10s %10s %10s %18s %8.2f %8.2f %8.2f  %s%n",
                verdict.step().isEmpty() ? "run" : verdict.step(), verdict.percentile(),
                Latency.formatMicros(verdict.baselineMicros()), Latency.formatMicros(verdict.newMicros()),
                ratio(verdict), verdict.spread(), verdict.floor(), verdict.allowedRatio(),
                verdict.verdict().printed());
        }
        for (final PercentileVerdict verdict : verdicts)
        {
            if (!verdict.note().isEmpty())
            {
                console.printf("  %s %s: %s%n", verdict.step().isEmpty() ? "run" : verdict.step(),
                    verdict.percentile(), verdict.note());
            }
        }
    }

    /**
     * @return e.g. {@code 1.28 (0.95–1.70)}, or {@code 1.28 (no interval)} when it was judged without one (its
     *         note says why).
     */
    static String ratio(final PercentileVerdict verdict)
    {
        return verdict.hasInterval() ? String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", verdict.ratio(),
            verdict.ratioLower(), verdict.ratioUpper()) :
            String.format(Locale.ROOT, "%.2f (no interval)", verdict.ratio());
    }
}
