package io.sonde.history;

import io.sonde.api.Check;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gate's printed table carries every term of its rule, so that a reader can recompute "allowed" from the row
 * it is printed on ({@code 1 + max(tolerance, 2 × spread) + floor}) and see the ratio's interval against it; its
 * checks carry the interval too, an inconclusive verdict as a warning.
 */
class RegressionReportTest
{
    private static final double TOLERANCE = 0.10;
    private static final double SPREAD = 0.08;
    private static final double FLOOR = 0.25;

    @Test
    void allowedCanBeRecomputedFromThePrintedRow()
    {
        final List<String> lines = print(report(PercentileVerdict.Outcome.PASS, ""));

        final List<String> header = List.of(lines.get(1).trim().split("\\s+"));
        final String[] row = lines.get(2).trim().split("\\s+");
        final double printedSpread = Double.parseDouble(row[header.indexOf("spread")]);
        final double printedFloor = Double.parseDouble(row[header.indexOf("floor")]);
        final double printedAllowed = Double.parseDouble(row[header.indexOf("allowed")]);
        assertEquals(printedAllowed, 1 + Math.max(TOLERANCE, RegressionRule.NOISE_FACTOR * printedSpread) +
            printedFloor, 0.005, String.join("\n", lines));
    }

    @Test
    void eachRowShowsTheRatiosIntervalBesideItAndItsVerdict()
    {
        final List<String> lines = print(report(PercentileVerdict.Outcome.PASS, ""));

        assertTrue(lines.get(2).matches("run +p99 +1\\.00ms +1\\.30ms +1\\.30 \\(1\\.20–1\\.33\\) .* pass"),
            lines.get(2));
    }

    @Test
    void anInconclusiveVerdictIsAWarningThatSaysWhatWouldSettleIt()
    {
        final String settle = "a run about 3× as long, or --repeat 3, would likely settle it";
        final RegressionReport report = report(PercentileVerdict.Outcome.INCONCLUSIVE, settle);

        final List<String> lines = print(report);
        final Check check = report.checks().get(0);

        assertTrue(lines.get(2).endsWith("inconclusive"), lines.get(2));
        assertEquals("  run p99: " + settle, lines.get(3));
        assertEquals(Check.Outcome.WARNING, check.outcome());
        assertTrue(check.detail().contains("1.30 (1.20–1.33)") && check.detail().endsWith(settle), check.detail());
    }

    @Test
    void aRegressionFailsItsCheckNamingTheInterval()
    {
        final Check check = report(PercentileVerdict.Outcome.REGRESSION, "").checks().get(0);

        assertEquals(Check.Outcome.FAILED, check.outcome());
        assertEquals("p99 against run 12", check.name());
        assertEquals("1.30ms against 1.00ms, 1.30 (1.20–1.33) (allowed 1.41x)", check.detail());
    }

    private static RegressionReport report(final PercentileVerdict.Outcome outcome, final String note)
    {
        final double allowed = RegressionRule.allowedRatio(TOLERANCE, SPREAD, FLOOR);
        final PercentileVerdict verdict = new PercentileVerdict("", "p99", 1_000, 1_300, 1.30, 1.20, 1.33, SPREAD,
            FLOOR, allowed, outcome, outcome != PercentileVerdict.Outcome.REGRESSION, note);
        return new RegressionReport("last", 12L, "scenario", List.of(12L, 11L), 1, TOLERANCE,
            RegressionRule.NOISE_FACTOR, List.of(verdict), verdict.passed());
    }

    private static List<String> print(final RegressionReport report)
    {
        final StringWriter text = new StringWriter();
        final PrintWriter console = new PrintWriter(text);
        report.print(console);
        console.flush();
        return text.toString().lines().toList();
    }
}
