package io.sonde.scenarios.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.history.HistoryDatabase;
import io.sonde.history.HistoryLocation;
import io.sonde.history.StepPercentiles;
import io.sonde.scenarios.CliHarness;
import io.sonde.scenarios.HeadlessChromium;
import io.sonde.loadgen.time.Latency;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The results history against one kind of database: two runs and a sweep of the reference acceptor are recorded,
 * listed, shown, re-reported exactly as their folders, and plotted as a trend. Each database runs the same suite.
 */
@Timeout(300)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class HistorySuite
{
    private static final Pattern RECORDED = Pattern.compile("Recorded as run (\\d+) ");

    @TempDir
    static Path dir;

    private ReferenceAcceptor acceptor;
    private Path credentials;
    private String history;
    private long firstRun;
    private long secondRun;
    private long sweep;

    /**
     * @return the JDBC URL of a new, empty history.
     */
    abstract String startDatabase() throws Exception;

    abstract void stopDatabase() throws Exception;

    @BeforeAll
    void recordTwoRunsAndASweep() throws Exception
    {
        history = startDatabase();
        acceptor = new ReferenceAcceptor("pw");
        credentials = Files.writeString(dir.resolve("fix.properties"), "username=sonde\npassword=pw\n");
        firstRun = recorded(run("first", "--label", "build=1,branch=main"));
        secondRun = recorded(run("second", "--label", "build=2", "--label", "branch=main"));
        sweep = recorded(CliHarness.runMechanics("sweep", "--target", target(), "--rates",
            "200,400", "--step-duration", "1s", "--warmup", "0s", "--idle", "backoff", "--slo", "p99=10s",
            "--credentials", credentials.toString(), "--history", history, "--label", "branch=sweeps", "--out",
            dir.resolve("sweep").toString()));
    }

    @AfterAll
    void stop() throws Exception
    {
        if (acceptor != null)
        {
            acceptor.close();
        }
        stopDatabase();
    }

    @Test
    void everyResultIsListedNewestFirstAndLabelsSelectThem()
    {
        final CliHarness all = CliHarness.run("history", "list", "--history", history);
        assertEquals(0, all.exitCode, all.toString());
        assertTrue(all.out.indexOf(row(sweep)) < all.out.indexOf(row(secondRun)) &&
            all.out.indexOf(row(secondRun)) < all.out.indexOf(row(firstRun)) && all.out.contains(row(firstRun)),
            all.out);

        final CliHarness main = CliHarness.run("history", "list", "--history", history, "--label", "branch=main");
        assertTrue(main.out.contains(row(firstRun)) && main.out.contains(row(secondRun)), main.out);
        assertFalse(main.out.contains(row(sweep)), main.out);

        final CliHarness build = CliHarness.run("history", "list", "--history", history, "--label",
            "branch=main,build=2");
        assertTrue(build.out.contains(row(secondRun)), build.out);
        assertFalse(build.out.contains(row(firstRun)), build.out);
    }

    @Test
    void aRecordedRunKeepsItsFilesItsScenarioAndPercentilesAsWritten() throws Exception
    {
        final Path folder = dir.resolve("first");
        try (HistoryDatabase database = HistoryDatabase.open(HistoryLocation.resolve(history)))
        {
            final Map<String, String> files = database.files(firstRun);
            assertEquals(Files.readString(folder.resolve("run.hlog")), files.get("run.hlog"));
            assertEquals(Files.readString(folder.resolve("summary.json")), files.get("summary.json"));
            assertEquals(Files.readString(folder.resolve("scenario.yaml")), files.get("scenario.yaml"),
                "the effective scenario, to run it again");
            final JsonNode summary = new ObjectMapper().readTree(folder.resolve("summary.json").toFile());
            final StepPercentiles step = database.percentiles(firstRun).get(0);
            assertEquals(summary.get("corrected").get("p99").asDouble(), step.get("corrected").p99());
            assertEquals(summary.get("corrected").get("count").asLong(), step.get("corrected").count());
            assertEquals(summary.get("stages").get("new-ack").get("corrected").get("p50").asDouble(),
                step.get("new-ack.corrected").p50());
            assertEquals(Map.of("build", "1", "branch", "main"), database.run(firstRun).orElseThrow().labels());
        }
    }

    @Test
    void theRegressionGateReadsBackEveryIntervalLogOfARecordedSweepAndNothingElse() throws Exception
    {
        try (HistoryDatabase database = HistoryDatabase.open(HistoryLocation.resolve(history)))
        {
            final Map<String, String> logs = database.intervalLogs(sweep);
            assertEquals(List.of("step-01-200/run.hlog", "step-02-400/run.hlog"), List.copyOf(logs.keySet()));
            assertEquals(Files.readString(dir.resolve("sweep/step-01-200/run.hlog")), logs.get("step-01-200/run.hlog"));
        }
    }

    @Test
    void aRecordedRunReportsExactlyAsItsFolder() throws Exception
    {
        assertSameReport(firstRun, dir.resolve("first"), "run-report");
    }

    @Test
    void aRecordedSweepReportsExactlyAsItsFolder() throws Exception
    {
        final JsonNode rows = assertSameReport(sweep, dir.resolve("sweep"), "sweep-report");
        assertEquals(2, rows.size(), "both steps");
    }

    @Test
    void aComparisonOfRecordedRunsShowsTheSameHopsAsTheComparisonOfTheirFolders() throws Exception
    {
        final CliHarness recorded = CliHarness.run("report", "--compare", Long.toString(firstRun),
            Long.toString(secondRun), "--history", history, "--out",
            dir.resolve("compare-history/compare.html").toString());
        final CliHarness original = CliHarness.run("report", "--compare", dir.resolve("first").toString(),
            dir.resolve("second").toString(), "--out", dir.resolve("compare-folders/compare.html").toString());
        assertEquals(0, recorded.exitCode, recorded.toString());
        assertEquals(0, original.exitCode, original.toString());

        final String hops = hopComparison(original.out);
        assertTrue(hops.contains("what the answers at the median and at p99 spent in each hop"), original.out);
        assertEquals(hops, hopComparison(recorded.out), "the hops compared from the history, as from the folders");
        try (HistoryDatabase database = HistoryDatabase.open(HistoryLocation.resolve(history)))
        {
            assertEquals(Files.readString(dir.resolve("first/hops-by-latency.csv")),
                database.files(firstRun).get("hops-by-latency.csv"));
            assertEquals(Files.readString(dir.resolve("sweep/step-02-400/hops-by-latency.csv")),
                database.files(sweep).get("step-02-400/hops-by-latency.csv"), "each step's too");
        }
    }

    @Test
    void showPrintsTheHopsOfTheRunsAnswers()
    {
        final CliHarness cli = CliHarness.run("history", "show", Long.toString(firstRun), "--history", history);

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("hops of each new order's answer"), cli.out);
        for (final String hop : List.of("send", "receive"))
        {
            assertTrue(Pattern.compile("\\n  " + hop + " +[0-9]+ +[0-9.]+(µs|ms|s) ").matcher(cli.out).find(),
                hop + " with its count and maximum: " + cli.out);
        }
    }

    @Test
    void showPrintsEverySeriesOfEveryStep()
    {
        final CliHarness cli = CliHarness.run("history", "show", Long.toString(sweep), "--history", history);

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("Run " + sweep + ": a sweep"), cli.out);
        assertTrue(cli.out.contains("step-01-200 at 200/s") && cli.out.contains("step-02-400 at 400/s"), cli.out);
        assertTrue(cli.out.contains("new-ack.corrected") && cli.out.contains("hiccup"), cli.out);
        assertTrue(cli.out.contains("branch=sweeps"), cli.out);
    }

    @Test
    void listAndTrendTakeAScenarioByItsNameNotAScenarioFile()
    {
        final CliHarness list = CliHarness.run("history", "list", "--history", history, "--scenario", "no-such");
        assertEquals(0, list.exitCode, list.toString());
        assertFalse(list.out.contains(row(firstRun)) || list.out.contains(row(sweep)), list.out);

        final CliHarness trend = CliHarness.run("history", "trend", "--history", history, "--scenario", "no-such",
            "--html", dir.resolve("trend-of-nothing.html").toString());
        assertFalse(trend.err.contains("no such file"), trend.toString());
        assertTrue(trend.err.contains("no recorded runs of scenario 'no-such'"), trend.toString());
    }

    @Test
    void anUnknownRunIsNamedAndExitsTwo()
    {
        final CliHarness show = CliHarness.run("history", "show", "999", "--history", history);
        assertEquals(2, show.exitCode, show.toString());
        assertTrue(show.err.contains("no run 999"), show.err);

        final CliHarness report = CliHarness.run("report", "999", "--history", history, "--out",
            dir.resolve("none/report.html").toString());
        assertEquals(2, report.exitCode, report.toString());
        assertTrue(report.err.contains("no run 999"), report.err);
    }

    @Test
    void theTrendRendersInAHeadlessBrowser() throws Exception
    {
        final Path page = dir.resolve("trend/trend.html");
        final CliHarness cli = CliHarness.run("history", "trend", "--history", history, "--label", "branch=main",
            "--html", page.toString());
        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.indexOf("#" + firstRun) < cli.out.indexOf("#" + secondRun), "oldest first: " + cli.out);

        final String dom = HeadlessChromium.require().dom(page);
        assertEquals(1, count(dom, "<svg class=\"plot\""), "one plot");
        assertEquals(4, count(dom, "<path class=\"series\""), "p50, p99, p99.9 and the floor");
        final JsonNode second = new ObjectMapper().readTree(dir.resolve("second/summary.json").toFile());
        final String p99 = Latency.formatMicros(second.get("corrected").get("p99").asDouble());
        final String floor = Latency.formatMicros(second.get("hiccup").get("p99_9").asDouble());
        assertTrue(dom.contains("class=\"p99\">" + p99 + "<"), "the second run's p99 is in the rendered table");
        assertTrue(dom.contains("class=\"floor\">" + floor + "<"), "its floor beside it");
    }

    @Test
    void aRunWithNoHistoryIsNotRecorded()
    {
        final CliHarness cli = run("unrecorded", "--no-history");
        assertFalse(cli.out.contains("Recorded as run"), cli.out);

        final CliHarness list = CliHarness.run("history", "list", "--history", history);
        assertFalse(list.out.contains(row(sweep + 1)), list.out);
    }

    private JsonNode assertSameReport(final long id, final Path folder, final String name) throws Exception
    {
        final Path fromHistory = dir.resolve(name + "-history/report.html");
        final Path fromFolder = dir.resolve(name + "-folder/report.html");
        final CliHarness recorded = CliHarness.run("report", Long.toString(id), "--history", history, "--out",
            fromHistory.toString());
        final CliHarness original = CliHarness.run("report", folder.toString(), "--out", fromFolder.toString());
        assertEquals(0, recorded.exitCode, recorded.toString());
        assertEquals(0, original.exitCode, original.toString());

        final JsonNode historyRows = rows(fromHistory);
        assertEquals(rows(fromFolder), historyRows, "every number of the report, from the same histograms");
        assertEquals("run " + id, new ObjectMapper().readTree(fromHistory.resolveSibling("report.json").toFile())
            .get("inputs").get(0).get("label").asText());
        assertTrue(historyRows.get(0).get("corrected").get("count").asLong() > 0);
        return historyRows;
    }

    /**
     * @return the comparison's hops side by side, as printed.
     */
    private static String hopComparison(final String out)
    {
        final int from = out.indexOf("\nhops, A: ");
        assertTrue(from >= 0, "a comparison of the hops: " + out);
        return out.substring(from, out.indexOf("\nWrote ", from));
    }

    private static JsonNode rows(final Path html) throws Exception
    {
        return new ObjectMapper().readTree(html.resolveSibling("report.json").toFile()).get("inputs").get(0)
            .get("rows");
    }

    private CliHarness run(final String name, final String... extra)
    {
        final List<String> args = new java.util.ArrayList<>(List.of("run", "--target", target(), "--rate", "200",
            "--duration", "2s", "--warmup", "1s", "--idle", "backoff", "--slo", "p99=10s", "--credentials",
            credentials.toString(), "--out", dir.resolve(name).toString()));
        if (!List.of(extra).contains("--no-history"))
        {
            args.addAll(List.of("--history", history));
        }
        args.addAll(List.of(extra));
        final CliHarness cli = CliHarness.runMechanics(args.toArray(new String[0]));
        assertEquals(0, cli.exitCode, cli.toString());
        return cli;
    }

    private String target()
    {
        return "127.0.0.1:" + acceptor.port();
    }

    private static long recorded(final CliHarness cli)
    {
        assertEquals(0, cli.exitCode, cli.toString());
        final Matcher matcher = RECORDED.matcher(cli.out);
        assertTrue(matcher.find(), cli.out);
        return Long.parseLong(matcher.group(1));
    }

    private static String row(final long id)
    {
        return String.format("%6d  ", id);
    }

    private static int count(final String text, final String what)
    {
        int count = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1))
        {
            count++;
        }
        return count;
    }

}
