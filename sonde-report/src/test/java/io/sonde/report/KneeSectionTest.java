package io.sonde.report;

import io.sonde.loadgen.record.IntervalLog;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sweep's report shows how likely each step was to meet its objectives and the knee rule, and its knee follows the
 * rule: a step met by its own figures but less than 95 % likely to have met is not the knee, whichever generator it
 * was.
 */
class KneeSectionTest
{
    @TempDir
    Path dir;

    @Test
    void theReportShowsEachStepsProbabilityAndTheKneeRuleAndItsKneeFollowsIt() throws IOException
    {
        final ReportInput input = ReportInput.read("A", List.of(sweep("a", 0.62)));

        final String html = HtmlReport.render(List.of(input), List.of());

        assertEquals(1000.0, input.knee(), "2000/s met by its own p99 but only in 62 % of the resamples");
        assertTrue(html.contains("<p id=\"knee-A\" class=\"knee\">Knee: <b>1000/s per generator</b>, the highest " +
            "step every generator sustained within its objectives with ≥ 95 % probability (100 %); 2000/s: 62 %.</p>"),
            html);
        assertTrue(html.contains("<tr data-step=\"2000\"><td>2000/s</td><td class=\"text\">met</td>" +
            "<td class=\"p-met\">62 %</td><td class=\"text\">p99=1.00ms</td><td class=\"text\">enough</td></tr>"),
            html);
        assertTrue(html.contains("<td class=\"p-met\">0 %</td>"), "the breached step: " + html);
        assertTrue(html.contains("<p id=\"knee-rule-A\" class=\"note\">P(met): how likely the step was to meet its " +
            "objectives on the corrected latency, the share of 2000 resamples of its own interval log that met them " +
            "all. The knee is the highest rate, below the first step that missed,"), html);
    }

    @Test
    void mergedGeneratorsShowTheirLeastLikelyAndTheKneeNeedsEveryOne() throws IOException
    {
        final ReportInput input = ReportInput.read("A", List.of(sweep("sure", 1.0), sweep("unsure", 0.62)));

        assertEquals(1000.0, input.knee());
        assertEquals(0.62, input.rows().get(1).meetsObjectives().orElseThrow().probability());
        assertEquals(2000.0, ReportInput.read("B", List.of(sweep("alone", 0.99))).knee(),
            "one generator 99 % sure of 2000/s");
    }

    @Test
    void aSweepWrittenBeforeProbabilitiesReportsItsKneeAsItDidThen() throws IOException
    {
        final Path sweep = sweep("old", 0.62);
        Files.writeString(sweep.resolve("sweep.json"), Files.readString(sweep.resolve("sweep.json"))
            .replaceAll("\"meetsObjectives\": \\{[^}]*\\}, ", ""));

        final ReportInput input = ReportInput.read("A", List.of(sweep));
        final String html = HtmlReport.render(List.of(input), List.of());

        assertEquals(2000.0, input.knee());
        assertTrue(html.contains("Knee: <b>2000/s per generator</b>, the highest step every generator sustained " +
            "within its objectives.</p>"), html);
        assertFalse(html.contains("P(met)"), html);
    }

    /**
     * A sweep of three steps, 1000/s, 2000/s and 3000/s, met, met and breached by their own figures, that met p99 ≤
     * 1 ms with probability 1, {@code middle} and 0.
     */
    private Path sweep(final String name, final double middle) throws IOException
    {
        final Path sweep = Files.createDirectories(dir.resolve(name));
        final double[] probabilities = {1.0, middle, 0.0};
        final String[] verdicts = {"MET", "MET", "SLO_BREACHED"};
        final StringBuilder steps = new StringBuilder();
        for (int i = 0; i < 3; i++)
        {
            final int rate = 1000 * (i + 1);
            final String folder = "step-" + rate;
            step(Files.createDirectories(sweep.resolve(folder)), rate);
            steps.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "{\"rate\": %d, \"verdict\": \"%s\", " +
                "\"meetsObjectives\": {\"probability\": %s, \"objectives\": [\"p99=1.00ms\"], \"resamples\": 2000}, " +
                "\"folder\": \"%s\"}", rate, verdicts[i], probabilities[i], folder));
        }
        Files.writeString(sweep.resolve("sweep.json"), "{\"kind\": \"sweep\", \"slo\": [\"p99=1.00ms\"], " +
            "\"knee\": " + (middle >= 0.95 ? 2000.0 : 1000.0) + ", \"stopReason\": \"slo-breached\", \"steps\": [" +
            steps + "]}");
        return sweep;
    }

    private static void step(final Path folder, final int rate) throws IOException
    {
        Files.writeString(folder.resolve("summary.json"), "{\"kind\": \"run\", \"targetRate\": " + rate +
            ", \"achievedRate\": " + rate + ", \"sent\": " + rate + ", \"acknowledged\": " + rate +
            ", \"intervalLogs\": [\"run.hlog\"]}");
        final long startMs = 1_800_000_000_000L;
        try (IntervalLog log = new IntervalLog(folder.resolve("run.hlog"), startMs, "step"))
        {
            final Histogram interval = new Histogram(3);
            interval.setTag("corrected");
            interval.setStartTimeStamp(startMs);
            interval.setEndTimeStamp(startMs + 1000);
            interval.recordValueWithCount(500_000, rate);
            log.write(interval);
        }
    }
}
