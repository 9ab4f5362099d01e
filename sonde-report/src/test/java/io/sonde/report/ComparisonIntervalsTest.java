package io.sonde.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code report --compare} gives each percentile's ratio B ÷ A its 95 % interval, from both folders' interval logs,
 * and says whether B differs beyond the noise: two draws of one distribution differ within it, a distribution half
 * as slow again differs beyond it, and a percentile the samples cannot support says what they lack. Each folder is
 * a minute at 1,000/s: enough for p99.9, short of the 100,000 samples p99.99 needs.
 */
class ComparisonIntervalsTest
{
    @TempDir
    static Path dir;

    private static ReportInput baseline;
    private static ReportInput sameDistribution;
    private static ReportInput slower;

    @BeforeAll
    static void threeRuns() throws Exception
    {
        baseline = input("A", SyntheticRun.write(dir.resolve("a"), 1000, 60, 100, 50, 1));
        sameDistribution = input("B", SyntheticRun.write(dir.resolve("same"), 1000, 60, 100, 50, 2));
        slower = input("B", SyntheticRun.write(dir.resolve("slower"), 1000, 60, 150, 75, 3));
    }

    @Test
    void twoDrawsOfOneDistributionDifferWithinTheNoiseAtEveryPercentile()
    {
        final ReportComparison.Ratio ratio = ReportComparison.ratios(baseline, sameDistribution).get(0);

        for (final String percentile : List.of("p50", "p90", "p99", "p99_9"))
        {
            final ReportComparison.Interval interval = ratio.intervals().get(percentile);
            assertEquals(RatioText.WITHIN_NOISE, interval.difference(), percentile + ": " + interval);
            assertTrue(interval.lower() < 1 && 1 < interval.upper(), percentile + ": " + interval);
        }
    }

    @Test
    void aDistributionHalfAsSlowAgainIsSlowerBeyondTheNoiseWithTheTrueRatioInside()
    {
        final ReportComparison.Ratio ratio = ReportComparison.ratios(baseline, slower).get(0);

        for (final String percentile : List.of("p50", "p90", "p99", "p99_9"))
        {
            final ReportComparison.Interval interval = ratio.intervals().get(percentile);
            assertEquals(RatioText.SLOWER, interval.difference(), percentile + ": " + interval);
            assertTrue(interval.lower() > 1, percentile + ": " + interval);
        }
        final ReportComparison.Interval p50 = ratio.intervals().get("p50");
        assertTrue(p50.lower() <= 1.5 && 1.5 <= p50.upper(), "every latency is 1.5 times A's: " + p50);
        assertEquals(RatioText.FASTER, ReportComparison.ratios(slower, baseline).get(0).intervals().get("p99")
            .difference(), "and A is faster than it");
    }

    @Test
    void aPercentileTheSamplesCannotSupportSaysWhatTheyLackNeverABareRatio()
    {
        final ReportComparison.Interval p9999 = ReportComparison.ratios(baseline, slower).get(0).intervals()
            .get("p99_99");

        assertEquals(RatioText.UNSUPPORTED, p9999.difference());
        assertEquals("A: p99.99: 60,000 samples, needs ≥ 100,000; B: p99.99: 60,000 samples, needs ≥ 100,000",
            p9999.shortfall());
        assertEquals(p9999.shortfall(), RatioText.of(p9999));
    }

    @Test
    void theTerminalPrintsEachPercentilesRatioItsIntervalAndWhatItSays()
    {
        final StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text))
        {
            ReportTables.printComparison(out, baseline, slower);
        }
        final String printed = text.toString();

        assertTrue(Pattern.compile(
            "\n  p99 {5}×1\\.[0-9]{2} \\(1\\.[0-9]{2}–1\\.[0-9]{2}\\) {2}slower, beyond the noise\n")
            .matcher(printed).find(), printed);
        assertTrue(printed.contains("\n  p99.99  A: p99.99: 60,000 samples, needs ≥ 100,000; B: p99.99: 60,000 " +
            "samples, needs ≥ 100,000\n"), printed);
        assertTrue(Pattern.compile("\n  max {5}×[0-9.]+ \\(no interval for max\\)\n").matcher(printed).find(), printed);
        assertTrue(printed.contains("within the noise: it holds 1"), "the rule is stated: " + printed);
    }

    @Test
    void theJsonAndHtmlCarryTheIntervalsAndTheSameFolderGivesTheSameIntervals() throws Exception
    {
        final Path html = dir.resolve("compare/report.html");

        ReportFiles.write(List.of(baseline, slower), List.of(), html);

        final JsonNode ratio = new ObjectMapper().readTree(ReportFiles.jsonBeside(html).toFile())
            .get("ratiosBOverA").get(0);
        final JsonNode p99 = ratio.get("intervals").get("p99");
        assertEquals("slower", p99.get("difference").asText());
        assertTrue(p99.get("lower").asDouble() > 1 && p99.get("upper").asDouble() > p99.get("lower").asDouble(),
            p99.toString());
        assertTrue(ratio.get("intervals").get("p99_99").get("lower").isNull(), "no bounds where unsupported");
        final String page = Files.readString(html);
        assertTrue(page.contains("<td class=\"slower\" data-percentile=\"p99\"><span class=\"ratio\">×"),
            "the HTML cell says it too");
        final ReportComparison.Interval again = ReportComparison.ratios(input("A", dir.resolve("a")),
            input("B", dir.resolve("slower"))).get(0).intervals().get("p99");
        assertEquals(p99.get("lower").asDouble(), again.lower(), "the same folders, the same interval");
        assertEquals(p99.get("upper").asDouble(), again.upper());
        assertFalse(page.contains("NaN"), "no number stands for a missing interval");
    }

    private static ReportInput input(final String label, final Path folder)
    {
        return ReportInput.read(label, List.of(folder));
    }
}
