package io.sonde.scenarios.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sonde.scenarios.CliHarness;
import io.sonde.scenarios.HeadlessChromium;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A report marks each fault of a run on its latency over time, at the fault's wall-clock start, lists them with
 * their recovery, orders and windows, and sets two runs' recoveries side by side. The faults are written into the
 * summaries by hand, as a run with a schedule writes them, so the report is tested on its own; a fault another
 * process applied comes from a {@code faults.json} beside the summary.
 */
@Timeout(180)
class FaultReportTest
{
    @TempDir
    static Path dir;
    private static Path slow;
    private static Path fast;

    @BeforeAll
    static void runOnceAndGiveTwoCopiesFaults() throws Exception
    {
        final Path run = dir.resolve("run");
        final CliHarness cli = CliHarness.runMechanics("run", "--embedded", "--idle", "backoff", "--rate", "500",
            "--duration", "3s", "--warmup", "0s", "--out", run.toString());
        assertEquals(0, cli.exitCode, cli.toString());
        final long startMs = firstIntervalStartMs(run.resolve("run.hlog"));
        slow = copy(run, dir.resolve("slow"));
        fast = copy(run, dir.resolve("fast"));
        addFault(slow, "kill-leader", startMs + 1000, 840.5, 0);
        addFault(fast, "kill-leader", startMs + 1000, 420.25, 0);
        final ArrayNode applied = new ObjectMapper().createArrayNode();
        applied.addObject().put("kind", "pause-leader").put("argument", "2s").put("at", 2.0)
            .put("wallClockStart", Instant.ofEpochMilli(startMs + 2000).toString())
            .put("wallClockEnd", Instant.ofEpochMilli(startMs + 4000).toString()).put("member", 2)
            .put("appliedBy", "sonde exchange (pid 4242)");
        new ObjectMapper().writeValue(slow.resolve("faults.json").toFile(), applied);
    }

    @Test
    void eachFaultIsMarkedOnLatencyOverTimeAndListedWithItsRecoveryInTheBrowser() throws Exception
    {
        final HeadlessChromium chromium = HeadlessChromium.require();
        final Path out = dir.resolve("report/report.html");
        final CliHarness cli = CliHarness.run("report", slow.toString(), "--out", out.toString());
        assertEquals(0, cli.exitCode, cli.toString());

        final String dom = chromium.dom(out);

        final String overTime = svg(dom, "time-");
        final List<String> markers = markerLabels(overTime);
        assertEquals(List.of("kill-leader", "pause-leader:2s"), markers, overTime);
        final String table = table(dom, "faults-");
        assertTrue(table.contains("<td class=\"recovery\">840 ms</td>") ||
            table.contains("<td class=\"recovery\">841 ms</td>"), table);
        assertTrue(table.contains("<td class=\"lost\">0</td>") && table.contains("<td class=\"duplicated\">0</td>"),
            table);
        assertTrue(table.contains("<td class=\"text\">member 1</td>"), "the summary's fault names its member");
        assertTrue(table.contains("applied by sonde exchange (pid 4242)"), "the other process's fault: " + table);
        assertTrue(table.contains("<td>1.0 s</td>") && table.contains("<td>2.0 s</td>"),
            "each at its wall-clock time on the run's axis: " + table);
    }

    @Test
    void aComparisonSetsTheTwoRunsRecoveriesSideBySide() throws Exception
    {
        final Path out = dir.resolve("compare/report.html");
        final CliHarness cli = CliHarness.run("report", "--compare", slow.toString(), fast.toString(), "--out",
            out.toString());
        assertEquals(0, cli.exitCode, cli.toString());

        final String comparison = table(Files.readString(out), "fault-comparison");
        assertTrue(comparison.contains("<td class=\"recovery-a\">841 ms</td>") ||
            comparison.contains("<td class=\"recovery-a\">840 ms</td>"), comparison);
        assertTrue(comparison.contains("<td class=\"recovery-b\">420 ms</td>"), comparison);
        assertTrue(comparison.contains("<td>0.50×</td>"), "B's recovery took half A's: " + comparison);
        assertTrue(comparison.contains("<td class=\"recovery-b\">-</td>"),
            "the pause only A's faults.json records has no recovery in B: " + comparison);
    }

    @Test
    void aFaultsFileThatIsNotAListIsNamedAndExitsTwo() throws Exception
    {
        final Path broken = copy(fast, dir.resolve("broken"));
        Files.writeString(broken.resolve("faults.json"), "{\"kind\":\"kill-leader\"}");

        final CliHarness cli = CliHarness.run("report", broken.toString(), "--out",
            dir.resolve("broken-report/report.html").toString());

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains(broken.resolve("faults.json") + " is not a list of faults"), cli.err);
    }

    private static void addFault(final Path run, final String kind, final long startMs, final double recoveryMillis,
        final int lost) throws Exception
    {
        final ObjectMapper json = new ObjectMapper();
        final File file = run.resolve("summary.json").toFile();
        final ObjectNode summary = (ObjectNode)json.readTree(file);
        final ObjectNode fault = summary.putArray("faults").addObject();
        fault.put("at", 1.0).put("kind", kind).put("argument", "").put("member", 1)
            .put("wallClockStart", Instant.ofEpochMilli(startMs).toString()).put("recovered", true)
            .put("recoveryMillis", recoveryMillis).putNull("reason").put("inFlight", 12);
        fault.putObject("inFlightOutcomes").put("answered", 10).put("settledByStatus", 2).put("timedOut", 0);
        fault.put("lost", lost).putArray("lostClOrdIds");
        fault.put("duplicated", 0).putArray("duplicatedClOrdIds");
        fault.put("unknown", 0);
        final ObjectNode windows = fault.putObject("windows");
        for (final String window : List.of("before", "during", "after"))
        {
            windows.putObject(window).put("count", 400).put("p50", 80.0).put("p90", 120.0).put("p99", 300.0)
                .put("p99_9", 900.0).put("p99_99", 900.0).put("max", 950.0);
        }
        json.writeValue(file, summary);
    }

    private static long firstIntervalStartMs(final Path log) throws Exception
    {
        final HistogramLogReader reader = new HistogramLogReader(log.toFile());
        try
        {
            return reader.nextIntervalHistogram().getStartTimeStamp();
        }
        finally
        {
            reader.close();
        }
    }

    private static Path copy(final Path from, final Path to) throws Exception
    {
        Files.createDirectories(to);
        try (var files = Files.list(from))
        {
            for (final Path file : files.filter(Files::isRegularFile).toList())
            {
                Files.copy(file, to.resolve(file.getFileName()));
            }
        }
        return to;
    }

    private static List<String> markerLabels(final String svg)
    {
        final Matcher labels = Pattern.compile("class=\"marker-label\"[^>]*>([^<]*)<").matcher(svg);
        return labels.results().map(match -> match.group(1)).toList();
    }

    private static String svg(final String html, final String id)
    {
        final int start = html.indexOf("<svg class=\"plot\" id=\"" + id);
        assertTrue(start >= 0, "no plot " + id);
        return html.substring(start, html.indexOf("</svg>", start));
    }

    private static String table(final String html, final String id)
    {
        final int start = html.indexOf("<table id=\"" + id);
        assertTrue(start >= 0, "no table " + id);
        return html.substring(start, html.indexOf("</table>", start));
    }
}
