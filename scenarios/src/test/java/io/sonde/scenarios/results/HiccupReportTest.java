package io.sonde.scenarios.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.scenarios.CliHarness;
import io.sonde.scenarios.HeadlessChromium;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every component's stalls on the run's time axis: a latency spike is pinned on the component that paused at
 * that moment, by wall clock, whenever each log started.
 */
@Timeout(120)
class HiccupReportTest
{
    private static final long RUN_START_MS = Instant.parse("2026-11-23T12:00:00Z").toEpochMilli();
    private static final int SECONDS = 10;
    private static final int SPIKE_SECOND = 5;
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long US = TimeUnit.MICROSECONDS.toNanos(1);

    @TempDir
    Path dir;

    @Test
    void aSpikeThatCoincidesWithAComponentsStallIsFlaggedInTheHtmlAndTheJson() throws Exception
    {
        final Path run = runWithASpikeAt(SPIKE_SECOND);
        final Path hiccups = Files.createDirectories(dir.resolve("hiccups"));
        // The member's log began three seconds before the run: only the wall clock lines them up.
        componentLog(hiccups.resolve("exchange-member-1.hiccup.hlog"), RUN_START_MS - 3_000, 15, "hiccup",
            RUN_START_MS + SPIKE_SECOND * 1000L, 14 * MS);
        // jHiccup's own logs carry no tag.
        componentLog(hiccups.resolve("gateway.hlog"), RUN_START_MS, SECONDS, null, -1, 0);
        final Path html = dir.resolve("report/report.html");

        final CliHarness cli = CliHarness.run("report", run.toString(), "--hiccups", hiccups.toString(), "--out",
            html.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        final JsonNode rowHiccups = new ObjectMapper().readTree(html.resolveSibling("report.json").toFile())
            .get("inputs").get(0).get("rows").get(0).get("hiccups");
        final List<String> components = new ArrayList<>();
        rowHiccups.get("components").forEach(component -> components.add(component.get("name").asText()));
        assertEquals(List.of("sonde", "exchange-member-1", "gateway"), components);
        assertEquals(14_000, rowHiccups.get("components").get(1).get("hiccups").get("max").asDouble(), 14);
        final JsonNode coincidences = rowHiccups.get("coincidences");
        assertEquals(1, coincidences.size(), coincidences.toString());
        final JsonNode coincidence = coincidences.get(0);
        assertEquals("exchange-member-1", coincidence.get("component").asText());
        assertEquals(RUN_START_MS + SPIKE_SECOND * 1000L, coincidence.get("atMs").asLong());
        final String description = coincidence.get("description").asText();
        assertTrue(description.startsWith("p99 spike at 12:00:05.000Z (30."), description);
        assertTrue(description.endsWith("coincides with a 14.0ms hiccup in exchange-member-1"), description);

        final String dom = HeadlessChromium.require().dom(html);
        assertTrue(dom.contains("data-name=\"hiccup max exchange-member-1\""), "the member's hiccups overlaid");
        assertTrue(dom.contains("data-name=\"hiccup max gateway\""), "the gateway's too");
        assertTrue(dom.contains("coincides with a 14.0ms hiccup in exchange-member-1"), "the spike flagged");
    }

    @Test
    void aSpikeNoComponentStalledForIsNotPinnedOnAny() throws Exception
    {
        final Path run = runWithASpikeAt(SPIKE_SECOND);
        final Path hiccups = Files.createDirectories(dir.resolve("quiet"));
        componentLog(hiccups.resolve("exchange-member-1.hiccup.hlog"), RUN_START_MS, SECONDS, "hiccup",
            RUN_START_MS + 2_000, 14 * MS);
        final Path html = dir.resolve("quiet-report/report.html");

        assertEquals(0, CliHarness.run("report", run.toString(), "--hiccups", hiccups.toString(), "--out",
            html.toString()).exitCode);

        final JsonNode rowHiccups = new ObjectMapper().readTree(html.resolveSibling("report.json").toFile())
            .get("inputs").get(0).get("rows").get(0).get("hiccups");
        assertEquals(0, rowHiccups.get("coincidences").size(), "the stall was three seconds before the spike");
        assertTrue(Files.readString(html).contains("No latency spike coincides with a hiccup."));
    }

    @Test
    void aHiccupFolderThatIsMissingOrHoldsNoLogIsNamed() throws Exception
    {
        final Path run = runWithASpikeAt(SPIKE_SECOND);
        final Path empty = Files.createDirectories(dir.resolve("empty"));

        final Path nowhere = dir.resolve("nope");
        final CliHarness missing = CliHarness.run("report", run.toString(), "--hiccups", nowhere.toString());
        final CliHarness none = CliHarness.run("report", run.toString(), "--hiccups", empty.toString());

        assertEquals(2, missing.exitCode, missing.toString());
        assertTrue(missing.err.contains("--hiccups " + nowhere + " is not a folder"), missing.err);
        assertEquals(2, none.exitCode, none.toString());
        assertTrue(none.err.contains("--hiccups " + empty + " holds no hiccup log"), none.err);
    }

    /**
     * A run folder of one-second intervals whose corrected p99 is 2 ms, but 30 ms in the spike's second; Sonde's
     * own hiccups stay at 50 µs throughout.
     */
    private Path runWithASpikeAt(final int spikeSecond) throws Exception
    {
        final Path run = Files.createDirectories(dir.resolve("run"));
        Files.writeString(run.resolve("summary.json"), "{\"kind\": \"run\", \"targetRate\": 1000, " +
            "\"achievedRate\": 1000, \"sent\": " + SECONDS * 1000 + ", \"rejected\": 0, \"timedOut\": 0}");
        final HistogramLogWriter log = writer(run.resolve("run.hlog"), RUN_START_MS);
        for (int second = 0; second < SECONDS; second++)
        {
            final long startMs = RUN_START_MS + second * 1000L;
            final Histogram corrected = new Histogram(3);
            corrected.recordValueWithCount(2 * MS, second == spikeSecond ? 900 : 1000);
            if (second == spikeSecond)
            {
                corrected.recordValueWithCount(30 * MS, 100);
            }
            write(log, corrected, "corrected", startMs);
            write(log, corrected.copy(), "uncorrected", startMs);
            final Histogram hiccup = new Histogram(3);
            hiccup.recordValueWithCount(50 * US, 1000);
            write(log, hiccup, "hiccup", startMs);
        }
        log.close();
        return run;
    }

    /**
     * One-second intervals of 100 µs hiccups from {@code startMs}, but {@code stallNanos} in the interval starting
     * at {@code stallAtMs}.
     */
    private static void componentLog(
        final Path file, final long startMs, final int seconds, final String tag, final long stallAtMs,
        final long stallNanos) throws Exception
    {
        final HistogramLogWriter log = writer(file, startMs);
        for (int second = 0; second < seconds; second++)
        {
            final long intervalStartMs = startMs + second * 1000L;
            final Histogram hiccups = new Histogram(3);
            hiccups.recordValueWithCount(100 * US, 1000);
            if (intervalStartMs == stallAtMs)
            {
                hiccups.recordValueWithExpectedInterval(stallNanos, MS);
            }
            write(log, hiccups, tag, intervalStartMs);
        }
        log.close();
    }

    private static HistogramLogWriter writer(final Path file, final long startMs) throws Exception
    {
        final HistogramLogWriter log = new HistogramLogWriter(file.toFile());
        log.outputLogFormatVersion();
        log.outputStartTime(startMs);
        log.setBaseTime(startMs);
        log.outputBaseTime(startMs);
        log.outputLegend();
        return log;
    }

    private static void write(final HistogramLogWriter log, final Histogram histogram, final String tag,
        final long startMs)
    {
        histogram.setStartTimeStamp(startMs);
        histogram.setEndTimeStamp(startMs + 1000);
        histogram.setTag(tag);
        log.outputIntervalHistogram(histogram);
    }
}
