package io.sonde.scenarios.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.scenarios.CliHarness;
import org.HdrHistogram.HistogramLogProcessor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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

    @BeforeAll
    static void sweepTwice()
    {
        generatorA = sweep("a", "1");
        generatorB = sweep("b", "2");
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
    void aComparisonShowsBothAndTheRatioPerPercentile() throws Exception
    {
        final Path out = dir.resolve("compare/report.html");

        final CliHarness cli = CliHarness.run("report", "--compare", generatorA.toString(), generatorB.toString(),
            "--out", out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("B: " + generatorB + " ÷ A: " + generatorA), cli.out);
        final String html = Files.readString(out);
        assertTrue(html.contains("id=\"comparison\""));
        assertTrue(html.contains("data-name=\"B: " + generatorB + " corrected\""), "B's curve on A's plots");
        final JsonNode report = new ObjectMapper().readTree(out.resolveSibling("report.json").toFile());
        assertEquals(2, report.get("ratiosBOverA").size());
    }

    @Test
    void theHtmlReportRendersInAHeadlessBrowser() throws Exception
    {
        final String chromium = findChromium();
        assumeTrue(chromium != null || System.getenv("SONDE_REQUIRE_CHROMIUM") != null,
            "chromium is not installed (.ci/run installs it)");
        assertTrue(chromium != null, "SONDE_REQUIRE_CHROMIUM is set but no chromium is on the PATH");
        final Path out = dir.resolve("browser/report.html");
        assertEquals(0, CliHarness.run("report", generatorA.toString(), "--out", out.toString()).exitCode);

        final String dom = run(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
            out.toUri().toString());
        final Path screenshot = Path.of("target", "report-screenshot.png").toAbsolutePath();
        run(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1400,2600",
            "--screenshot=" + screenshot, out.toUri().toString());

        final Matcher plots = Pattern.compile("<svg class=\"plot\"").matcher(dom);
        int count = 0;
        while (plots.find())
        {
            count++;
        }
        assertEquals(6, count, "rate plot, a percentile and an over-time plot per rate, the stage plot");
        final JsonNode report = new ObjectMapper().readTree(out.resolveSibling("report.json").toFile());
        final double p99 = report.get("inputs").get(0).get("rows").get(1).get("corrected").get("p99").asDouble();
        assertTrue(dom.contains("class=\"p99\">" + io.sonde.scenarios.cli.Latency.formatMicros(p99) + "<"),
            "the p99 of the top rate is in the rendered table");
        assertTrue(dom.contains("Knee: <b>1000/s per generator</b>"), "the knee is stated");
        assertTrue(Files.size(screenshot) > 10_000, "screenshot kept at " + screenshot);
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

    private static Path sweep(final String name, final String seed)
    {
        final Path out = dir.resolve(name);
        // The merging of reports is under test, not latency: a generous SLO keeps a host stall from moving the knee.
        final CliHarness cli = CliHarness.run("sweep", "--embedded", "--idle",
            "backoff", "--rates", "500,1k", "--step-duration", "2s", "--warmup", "0s", "--sessions", "2", "--seed",
            seed, "--sender-comp-id", name.toUpperCase() + "%d", "--slo", "p99=10s", "--flow", "mix", "--tif", "day",
            "--out", out.toString());
        assertEquals(0, cli.exitCode, cli.toString());
        return out;
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

    private static String findChromium()
    {
        for (final String candidate : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser"))
        {
            if (Files.isExecutable(Path.of(candidate)))
            {
                return candidate;
            }
        }
        return null;
    }

    private static String run(final String... command) throws Exception
    {
        final Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        final String output = new String(process.getInputStream().readAllBytes());
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "browser finished");
        return output;
    }
}
