package io.sonde.scenarios.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.scenarios.CliHarness;
import io.sonde.scenarios.HeadlessChromium;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogProcessor;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reports over two real sweeps of the embedded exchange, as if two generators had driven it.
 */
@Timeout(300)
class ReportCommandTest
{
    @TempDir
    static Path dir;

    private static Path generatorA;
    private static Path generatorB;
    private static Path marketData;

    @BeforeAll
    static void sweepTwice() throws Exception
    {
        generatorA = sweep("a", "1", "--floor", calibrateFolder().toString());
        generatorB = sweep("b", "2");
        marketData = marketDataRun();
    }

    @Test
    void aSweepReportOverlaysEveryStepWithTheFloorOnOnePercentilePlot() throws Exception
    {
        final Path out = dir.resolve("overlay/report.html");
        assertEquals(0, CliHarness.run("report", generatorA.toString(), "--out", out.toString()).exitCode);
        final String html = Files.readString(out);

        final String overlay = svg(html, "overlay-");
        assertEquals(List.of("500/s", "1000/s", "Sonde FIX floor at 500/s", "TCP floor at 500/s"),
            seriesNames(overlay), "one curve per step, then the floor's");
        assertTrue(svg(html, "percentiles-").contains("data-name=\"TCP floor at 500/s\""),
            "the floor beside each step's own distribution");
        assertFalse(svg(html, "percentiles-").contains("stroke-dasharray=\"2,3\""), "no marker on percentile plots");
        final Matcher knee = Pattern.compile("<text x=\"([0-9.]+)\" y=\"[0-9]+\" class=\"marker-label\" " +
            "text-anchor=\"end\">knee 1000/s").matcher(svg(html, "rate-"));
        assertTrue(knee.find(), "the knee at the right edge is labelled leftwards, clear of the legend");
    }

    @Test
    void latencyOverTimeLeavesOutTheRunsPartialClosingInterval() throws Exception
    {
        final Path out = dir.resolve("over-time/report.html");
        assertEquals(0, CliHarness.run("report", generatorB.toString(), "--out", out.toString()).exitCode);
        final String html = Files.readString(out);

        int partials = 0;
        for (final String step : List.of("500", "1000"))
        {
            final List<double[]> intervals = correctedIntervals(generatorB.resolve("step-0" +
                (step.equals("500") ? "1-500" : "2-1000") + "/run.hlog"));
            final double longest = intervals.stream().mapToDouble(i -> i[1] - i[0]).max().orElseThrow();
            final long full = intervals.stream().filter(i -> i[1] - i[0] >= longest / 2).count();
            partials += intervals.size() - (int)full;
            final Matcher p99 = Pattern.compile("data-name=\"corrected p99\" d=\"([^\"]+)\"")
                .matcher(svg(html, "time-[^\"]*-" + step + "\""));
            assertTrue(p99.find(), html);
            assertEquals(full, p99.group(1).split(" L").length, "one point per full interval at " + step + "/s");
        }
        assertTrue(partials > 0, "the runs closed with a partial interval, which the plots left out");
    }

    @Test
    void twoGeneratorsMergeIntoOneRowPerRateByAddingHistograms() throws Exception
    {
        final Path out = dir.resolve("merged/report.html");

        final CliHarness cli = CliHarness.run("report", generatorA.toString(), generatorB.toString(), "--out",
            out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        final JsonNode report = new ObjectMapper().readTree(out.resolveSibling("report.json").toFile());
        final JsonNode rows = report.get("inputs").get(0).get("rows");
        assertEquals(2, rows.size());
        for (final JsonNode row : rows)
        {
            assertEquals(2, row.get("generators").asInt());
            final long merged = row.get("corrected").get("count").asLong();
            assertEquals(stepCount(generatorA, row.get("rate").asDouble()) + stepCount(generatorB,
                row.get("rate").asDouble()), merged, "every sample of both generators, once");
        }
        assertEquals(3, Files.readAllLines(out.resolveSibling("report.csv")).size());
        final String html = Files.readString(out);
        assertTrue(html.contains("id=\"rate-"), "latency versus rate plot");
        assertTrue(html.contains("Tail at scale"));
    }

    @Test
    void theHopBarsShowWhatBothGeneratorsAnswersAtTheMedianAndAtP99SpentInEachHop() throws Exception
    {
        final Path out = dir.resolve("hops/report.html");

        final CliHarness cli = CliHarness.run("report", generatorA.toString(), generatorB.toString(), "--out",
            out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        final String html = Files.readString(out);
        assertTrue(html.contains("A bar is what the answers at the median (or at p99) spent in each hop"), html);
        for (final String bar : List.of("median", "p99"))
        {
            assertTrue(Pattern.compile("id=\"hop-bar-[^\"]*-" + bar + "\"").matcher(html).find(), bar + " bar");
        }
        final Matcher atMedian = Pattern.compile("<td class=\"at-p50\">([^<]+)</td>").matcher(html);
        int hops = 0;
        while (atMedian.find())
        {
            assertTrue(atMedian.group(1).matches("[0-9.]+ ?(µs|ms|s)"), "a time, not a dash: " + atMedian.group(1));
            hops++;
        }
        assertEquals(8, hops, "the embedded exchange's eight hops, at the row the report looks at closely");
    }

    @Test
    void aComparisonShowsBothAndTheRatioPerPercentile() throws Exception
    {
        final Path out = dir.resolve("compare/report.html");

        final CliHarness cli = CliHarness.run("report", "--compare", generatorA.toString(), generatorB.toString(),
            "--out", out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("B: " + generatorB + " ÷ A: " + generatorA), cli.out);
        assertTrue(cli.out.contains("(what the answers at the median and at p99 spent in each hop)"), cli.out);
        assertTrue(Pattern.compile("consensus +[0-9.]+(µs|ms|s) +[0-9.]+(µs|ms|s) +[0-9.]+x").matcher(cli.out).find(),
            "consensus compared hop by hop: " + cli.out);
        final String html = Files.readString(out);
        assertTrue(html.contains("id=\"comparison\""));
        assertTrue(html.contains("<th>A at p50</th><th>B at p50</th>"), "the hops compared in HTML");
        assertTrue(html.contains("data-name=\"B: " + generatorB + " corrected\""), "B's curve on A's plots");
        final JsonNode report = new ObjectMapper().readTree(out.resolveSibling("report.json").toFile());
        assertEquals(2, report.get("ratiosBOverA").size());
    }

    @Test
    void aReportPrintsTheHopsOfTheStepItLooksAtClosely()
    {
        final CliHarness cli = CliHarness.run("report", generatorA.toString(), "--out",
            dir.resolve("hop-table/report.html").toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("hops of each new order's answer at 1000/s"), cli.out);
        assertTrue(Pattern.compile("\\n  consensus +[0-9.]+(µs|ms|s) +[0-9.]+(µs|ms|s) .* [0-9]+%\\n")
            .matcher(cli.out).find(), "consensus, its percentiles and its share: " + cli.out);
    }

    @Test
    void aRunAndASweepAreNotMergedAsTwoGenerators()
    {
        final Path run = generatorA.resolve("step-01-500");
        final Path out = dir.resolve("run-and-sweep/report.html");

        final CliHarness cli = CliHarness.run("report", run.toString(), generatorB.toString(), "--out",
            out.toString());

        assertEquals(2, cli.exitCode, cli.toString());
        assertEquals(1, cli.err.strip().lines().count(), "one line: " + cli.err);
        assertTrue(cli.err.contains(run + " is a run") && cli.err.contains(generatorB + " is a sweep"), cli.err);
        assertFalse(Files.exists(out), "no report of a mixture");
    }

    @Test
    void theCsvAndJsonGoBesideTheOutFileAndAreNamedAfterIt()
    {
        final Path out = dir.resolve("some/where/X.html");

        final CliHarness cli = CliHarness.run("report", generatorA.toString(), "--out", out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(Files.isRegularFile(out.resolveSibling("X.csv")) && Files.isRegularFile(
            out.resolveSibling("X.json")), cli.out);
        assertTrue(cli.out.contains("Wrote " + out + ", " + out.resolveSibling("X.csv") + " and " +
            out.resolveSibling("X.json")), cli.out);
        assertFalse(Files.exists(generatorA.resolve("X.csv")), "nothing beside the input");
    }

    @Test
    void twoRunsAtDifferentRatesAreComparedAsTheyAreAndTheirOwnReportsAreLeftAlone() throws Exception
    {
        final Path slower = generatorA.resolve("step-01-500");
        final Path faster = generatorB.resolve("step-02-1000");
        final Path own = Files.writeString(slower.resolve("report.html"), "the run's own report");

        final CliHarness cli = CliHarness.run("report", "--compare", slower.toString(), faster.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("A ran at 500/s, B at 1000/s"), "says what differs: " + cli.out);
        assertTrue(Pattern.compile("\\n1000/s ÷ 500/s\\n  p50 +A: p50: [0-9]+ intervals make [0-9]+ blocks of " +
            "[0-9]+, needs ≥ 10 blocks; B: p50: ").matcher(cli.out).find(),
            "B's run divided by A's, whose 2.25 s are too few blocks for an interval: " + cli.out);
        assertEquals("the run's own report", Files.readString(own), "A's own report.html is not overwritten");
        final Path comparison = generatorA.resolve("compare-step-01-500-step-02-1000.html");
        assertTrue(cli.out.contains("Wrote " + comparison + ", "), cli.out);
        final JsonNode report = new ObjectMapper().readTree(comparison.resolveSibling(
            "compare-step-01-500-step-02-1000.json").toFile());
        assertEquals(1, report.get("ratiosBOverA").size());
    }

    @Test
    void theHtmlReportRendersInAHeadlessBrowser() throws Exception
    {
        final HeadlessChromium chromium = HeadlessChromium.require();
        final Path out = dir.resolve("browser/report.html");
        assertEquals(0, CliHarness.run("report", generatorA.toString(), "--out", out.toString()).exitCode);

        final String dom = chromium.dom(out);
        final Path screenshot = Path.of("target", "report-screenshot.png").toAbsolutePath();
        chromium.screenshot(out, screenshot, 1400, 2600);

        final Matcher plots = Pattern.compile("<svg class=\"plot\"").matcher(dom);
        int count = 0;
        while (plots.find())
        {
            count++;
        }
        assertEquals(7, count, "rate plot, every step's percentiles, a percentile and an over-time plot per " +
            "rate, the stage plot");
        final JsonNode report = new ObjectMapper().readTree(out.resolveSibling("report.json").toFile());
        final double p99 = report.get("inputs").get(0).get("rows").get(1).get("corrected").get("p99").asDouble();
        assertTrue(dom.contains("class=\"p99\">" + io.sonde.loadgen.time.Latency.formatMicros(p99) + "<"),
            "the p99 of the top rate is in the rendered table");
        assertTrue(dom.contains("Knee: <b>1000/s per generator</b>"), "the knee is stated");
        assertTrue(Pattern.compile("<tr data-step=\"1000\"><td>1000/s</td><td class=\"text\">met</td>" +
            "<td class=\"p-met\">\\d+ %</td>").matcher(dom).find(), "with each step's probability of meeting");
        assertTrue(dom.contains("The knee is the highest rate, below the first step that missed,"), "and the rule");
        assertTrue(Files.size(screenshot) > 10_000, "screenshot kept at " + screenshot);
    }

    @Test
    void aRunWithMarketDataShowsOrderToTickBesideOrderToAckInTheBrowser() throws Exception
    {
        final HeadlessChromium chromium = HeadlessChromium.require();
        final Path out = dir.resolve("market-data/report.html");
        final CliHarness cli = CliHarness.run("report", marketData.toString(), "--out", out.toString());
        assertEquals(0, cli.exitCode, cli.toString());

        final String dom = chromium.dom(out);

        final String overTime = svg(dom, "time-");
        assertTrue(seriesNames(overTime).containsAll(List.of("corrected p99", "order-to-tick p99")),
            "order-to-tick on order-to-ack's time axis: " + seriesNames(overTime));
        assertTrue(dom.contains("<tr data-series=\"order-to-tick\">"), "order-to-tick in a table");
        assertTrue(dom.contains("<tr data-hop=\"publish\">") && dom.contains("<tr data-hop=\"wire\">"),
            "the feed's hops");
        assertTrue(dom.contains("id=\"market-data-counts-"), "the feed's counts");
        assertTrue(Pattern.compile("\n  order-to-tick +[0-9.]+(µs|ms|s) ").matcher(cli.out).find(), cli.out);
    }

    @Test
    void aComparisonOfARunWithMarketDataAndOneWithoutSaysSoInOneLine()
    {
        final Path without = generatorB.resolve("step-01-500");

        final CliHarness cli = CliHarness.run("report", "--compare", marketData.toString(), without.toString(),
            "--out", dir.resolve("compare-market-data/report.html").toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("\norder-to-tick only in A: " + marketData + ": B: " + without + " measured " +
            "none at 500/s, so there is nothing to divide\n"), cli.out);
    }

    @Test
    void runLogsStayReadableByHdrHistogramsOwnLogProcessor() throws Exception
    {
        final Path log = generatorA.resolve("step-01-500/run.hlog");
        final Path output = dir.resolve("processed");

        new HistogramLogProcessor(new String[]{"-i", log.toString(), "-o", output.toString(), "-tag", "corrected"})
            .run();

        final List<String> distribution = Files.readAllLines(Path.of(output + ".hgrm"));
        assertTrue(distribution.stream().anyMatch(line -> line.startsWith("#[Max")), distribution.toString());
        final String totalLine = distribution.stream().filter(line -> line.startsWith("#[Max")).findFirst()
            .orElseThrow();
        final long count = Long.parseLong(totalLine.replaceAll(".*Total count\\s*=\\s*(\\d+).*", "$1"));
        assertEquals(stepCount(generatorA, 500), count, "the processor sees every measured sample");
    }

    @Test
    void unusableInputIsNamedExitsTwoAndNoReportIsWritten() throws Exception
    {
        final Path missing = dir.resolve("nowhere");
        assertUsageError(missing.toString(), "does not exist");

        final Path empty = Files.createDirectories(dir.resolve("empty"));
        assertUsageError(empty.toString(), "holds neither sweep.json nor a run's summary.json");

        final Path corrupt = dir.resolve("corrupt");
        copy(generatorA.resolve("step-01-500"), corrupt);
        Files.writeString(corrupt.resolve("run.hlog"), "#[StartTime: 1 (seconds since epoch)]\n" +
            "Tag=corrected,0.000,1.000,1.0,HISTFAAAAnotbase64!!\n");
        assertUsageError(corrupt.toString(), "corrupt");
    }

    private static void assertUsageError(final String folder, final String expected)
    {
        final Path out = dir.resolve("should-not-exist-" + Math.abs(folder.hashCode()) + "/report.html");
        final CliHarness cli = CliHarness.run("report", folder, "--out", out.toString());
        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains(expected), cli.err);
        assertFalse(Files.exists(out), "no report for unusable input");
    }

    private static Path sweep(final String name, final String seed, final String... more)
    {
        final Path out = dir.resolve(name);
        // 2.25 s: the closing interval is a quarter of a full one, so it is partial even when the drain is slow;
        // and 2.25 is exact in binary, so each step's rate reads back as the rate asked for.
        final List<String> args = new ArrayList<>(List.of("sweep", "--embedded", "--idle",
            "backoff", "--rates", "500,1k", "--step-duration", "2250ms", "--warmup", "0s", "--sessions", "2", "--seed",
            seed, "--sender-comp-id", name.toUpperCase() + "%d", "--slo", "p99=10s", "--flow", "mix", "--tif", "day",
            "--out", out.toString()));
        args.addAll(List.of(more));
        // The merging of reports is under test, not latency: a generous SLO keeps a host stall from moving the knee.
        final CliHarness cli = CliHarness.runMechanics(args.toArray(new String[0]));
        assertEquals(0, cli.exitCode, cli.toString());
        return out;
    }

    /**
     * A run that times each order's first event on the embedded exchange's UDP feed. Its verdict is not under
     * test: a run whose feed missed an order's event still writes everything a report reads, so it may exit 1.
     */
    private static Path marketDataRun()
    {
        final Path out = dir.resolve("md");
        final CliHarness cli = CliHarness.runMechanics("run", "--embedded", "--idle", "backoff", "--rate", "500",
            "--duration", "2250ms", "--warmup", "0s", "--sessions", "2", "--market-data", "udp", "--out",
            out.toString());
        assertTrue(cli.exitCode == 0 || cli.exitCode == 1, cli.toString());
        assertTrue(Files.isRegularFile(out.resolve("summary.json")), cli.toString());
        return out;
    }

    /**
     * A calibrate folder as {@code sonde calibrate} leaves it, with a made-up floor of 20..30 µs at 500/s, so the
     * sweep's report has a floor to draw without a calibration's minutes.
     */
    private static Path calibrateFolder() throws Exception
    {
        final Path folder = Files.createDirectories(dir.resolve("calibrate"));
        final String entry = "{\"rate\": 500, \"corrected\": {\"p50\": 25, \"p90\": 29, \"p99\": 30, " +
            "\"p99_9\": 30, \"p99_99\": 30, \"max\": 30, \"count\": 1000}}";
        Files.writeString(folder.resolve("summary.json"), "{\"floor\": [" + entry + "], \"fixFloor\": [" + entry +
            "]}");
        for (final String log : List.of("floor-500.hlog", "fix-floor-500.hlog"))
        {
            final Histogram corrected = new Histogram(3);
            for (int i = 0; i < 1000; i++)
            {
                corrected.recordValue(20_000 + i * 10);
            }
            corrected.setTag("corrected");
            corrected.setStartTimeStamp(1_000_000);
            corrected.setEndTimeStamp(1_001_000);
            final HistogramLogWriter writer = new HistogramLogWriter(folder.resolve(log).toFile());
            writer.outputLogFormatVersion();
            writer.outputIntervalHistogram(corrected);
            writer.close();
        }
        return folder;
    }

    /**
     * @param id a regular expression the plot's id starts with.
     * @return the first such plot's svg.
     */
    private static String svg(final String html, final String id)
    {
        final Matcher plot = Pattern.compile("<svg class=\"plot\" id=\"" + id).matcher(html);
        assertTrue(plot.find(), "a plot " + id + " in the report");
        return html.substring(plot.start(), html.indexOf("</svg>", plot.start()));
    }

    private static List<String> seriesNames(final String svg)
    {
        final Matcher names = Pattern.compile("<path class=\"series\" data-name=\"([^\"]+)\"").matcher(svg);
        final List<String> found = new ArrayList<>();
        while (names.find())
        {
            found.add(names.group(1));
        }
        return found;
    }

    /**
     * @return each {@code corrected} interval of the log as {start, end} in seconds.
     */
    private static List<double[]> correctedIntervals(final Path log) throws Exception
    {
        final List<double[]> intervals = new ArrayList<>();
        final HistogramLogReader reader = new HistogramLogReader(log.toFile());
        EncodableHistogram histogram;
        while ((histogram = reader.nextIntervalHistogram()) != null)
        {
            if ("corrected".equals(histogram.getTag()))
            {
                intervals.add(new double[]{histogram.getStartTimeStamp() / 1000.0,
                    histogram.getEndTimeStamp() / 1000.0});
            }
        }
        reader.close();
        return intervals;
    }

    private static long stepCount(final Path sweep, final double rate) throws Exception
    {
        for (final JsonNode step : new ObjectMapper().readTree(sweep.resolve("sweep.json").toFile()).get("steps"))
        {
            if (step.get("rate").asDouble() == rate)
            {
                return step.get("corrected").get("count").asLong();
            }
        }
        throw new AssertionError("no step at " + rate);
    }

    private static void copy(final Path from, final Path to) throws Exception
    {
        Files.createDirectories(to);
        try (var files = Files.list(from))
        {
            for (final Path file : files.toList())
            {
                Files.copy(file, to.resolve(file.getFileName()));
            }
        }
    }
}
