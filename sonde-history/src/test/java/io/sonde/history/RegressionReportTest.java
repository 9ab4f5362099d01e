package io.sonde.history;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The gate's printed table carries every term of its rule, so that a reader can recompute "allowed" from the row
 * it is printed on: {@code 1 + max(tolerance, 2 × spread) + floor}.
 */
class RegressionReportTest
{
    private static final double TOLERANCE = 0.10;

    @Test
    void allowedCanBeRecomputedFromThePrintedRow()
    {
        final double spread = 0.08;
        final double floor = 0.25;
        final double allowed = RegressionRule.allowedRatio(TOLERANCE, spread, floor);
        final PercentileVerdict verdict =
            new PercentileVerdict("", "p99", 1_000, 1_300, 1.30, spread, floor, allowed, true);
        final RegressionReport report = new RegressionReport("last", 12L, "scenario", List.of(12L, 11L), TOLERANCE,
            RegressionRule.NOISE_FACTOR, List.of(verdict), true);

        final List<String> lines = print(report);

        final List<String> header = List.of(lines.get(1).trim().split("\\s+"));
        final String[] row = lines.get(2).trim().split("\\s+");
        final double printedSpread = Double.parseDouble(row[header.indexOf("spread")]);
        final double printedFloor = Double.parseDouble(row[header.indexOf("floor")]);
        final double printedAllowed = Double.parseDouble(row[header.indexOf("allowed")]);
        assertEquals(printedAllowed, 1 + Math.max(TOLERANCE, RegressionRule.NOISE_FACTOR * printedSpread) +
            printedFloor, 0.005, String.join("\n", lines));
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
