package io.sonde.scenarios.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.scenarios.CliHarness;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CalibrateCommandTest
{
    private static final List<String> PERCENTILE_KEYS = List.of("p50", "p90", "p99", "p99_9", "p99_99", "max", "count");

    @Test
    @Timeout(120)
    void calibrateForTwoSecondsPerRatePrintsTheFloorAndWritesSummaryAndLogs(@TempDir final Path dir) throws Exception
    {
        final Path out = dir.resolve("floor");
        final CliHarness cli = CliHarness.run("calibrate", "--duration", "2s", "--warmup", "500ms", "--out",
            out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("Platform floor"), cli.out);
        assertTrue(cli.out.contains("measure"), "prints progress per interval: " + cli.out);

        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        for (final String field : List.of("sent", "acknowledged", "rejected", "timedOut", "inFlight", "targetRate",
            "achievedRate"))
        {
            assertTrue(summary.has(field), "summary has " + field);
        }
        assertEquals(summary.get("sent").asLong(), summary.get("acknowledged").asLong() +
            summary.get("rejected").asLong() + summary.get("timedOut").asLong() + summary.get("inFlight").asLong());
        for (final String series : List.of("corrected", "uncorrected", "lateness", "hiccup"))
        {
            PERCENTILE_KEYS.forEach(key -> assertTrue(summary.get(series).has(key), series + " has " + key));
        }
        assertTrue(summary.get("metadata").get("host").has("clocksource"));

        final JsonNode floor = summary.get("floor");
        assertEquals(5, floor.size(), "one entry per default rate");
        final double[] defaultRates = { 5_000, 10_000, 20_000, 50_000, 100_000 };
        for (int i = 0; i < defaultRates.length; i++)
        {
            final JsonNode entry = floor.get(i);
            assertEquals(defaultRates[i], entry.get("rate").asDouble());
            PERCENTILE_KEYS.forEach(key -> assertTrue(entry.get("corrected").has(key), "corrected " + key));
            PERCENTILE_KEYS.forEach(key -> assertTrue(entry.get("uncorrected").has(key), "uncorrected " + key));
            assertEquals(entry.get("sent").asLong(), entry.get("corrected").get("count").asLong());
            assertTrue(entry.get("corrected").get("p99").asDouble() >= entry.get("corrected").get("p50").asDouble());

            final Path log = out.resolve(entry.get("intervalLog").asText());
            assertEquals(entry.get("sent").asLong(), countTagged(log, "corrected"), "log of " + log);
        }
    }

    @Test
    @Timeout(30)
    void badValuesExitWithUsageCodeNamingTheValue(@TempDir final Path dir) throws Exception
    {
        final CliHarness duration = CliHarness.run("calibrate", "--duration", "banana");
        assertEquals(2, duration.exitCode, duration.toString());
        assertTrue(duration.err.contains("banana"), duration.err);

        final CliHarness rate = CliHarness.run("calibrate", "--rates", "5k,ten");
        assertEquals(2, rate.exitCode, rate.toString());
        assertTrue(rate.err.contains("ten"), rate.err);

        final CliHarness unknown = CliHarness.run("calibrate", "--frobnicate");
        assertEquals(2, unknown.exitCode, unknown.toString());
        assertTrue(unknown.err.contains("--frobnicate"), unknown.err);

        final Path file = Files.writeString(dir.resolve("a-file"), "not a folder");
        final CliHarness notAFolder = CliHarness.run("calibrate", "--duration", "1s", "--out", file.toString());
        assertEquals(2, notAFolder.exitCode, notAFolder.toString());
        assertTrue(notAFolder.err.contains("not a folder"), notAFolder.err);

        final CliHarness zero = CliHarness.run("calibrate", "--duration", "0s");
        assertEquals(2, zero.exitCode, zero.toString());
        assertTrue(zero.err.contains("--duration"), zero.err);
    }

    @Test
    void helpTeachesAndExitsZero()
    {
        final CliHarness help = CliHarness.run("calibrate", "--help");
        assertEquals(0, help.exitCode);
        assertTrue(help.out.contains("--rates"), help.out);
        assertTrue(help.out.contains("floor"), help.out);

        final CliHarness top = CliHarness.run("--help");
        assertEquals(0, top.exitCode);
        assertTrue(top.out.contains("calibrate"), top.out);

        final CliHarness none = CliHarness.run();
        assertEquals(2, none.exitCode, none.toString());
    }

    private static long countTagged(final Path log, final String tag) throws Exception
    {
        final Histogram total = new Histogram(3);
        final HistogramLogReader reader = new HistogramLogReader(log.toFile());
        Histogram interval;
        while ((interval = (Histogram)reader.nextIntervalHistogram()) != null)
        {
            if (tag.equals(interval.getTag()))
            {
                total.add(interval);
            }
        }
        return total.getTotalCount();
    }
}
