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
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CalibrateCommandTest
{
    private static final List<String> PERCENTILE_KEYS = List.of("p50", "p90", "p99", "p99_9", "p99_99", "max", "count");

    @Test
    @Timeout(120)
    void calibrateForTwoSecondsPerRatePrintsTheFloorAndWritesSummaryAndLogs(@TempDir final Path dir) throws Exception
    {
        final Path out = dir.resolve("floor");
        final CliHarness cli = CliHarness.run("calibrate", "--duration", "2s", "--warmup", "500ms", "--no-fix",
            "--no-udp", "--no-self-check", "--out", out.toString());

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
        final double[] defaultRates = {5_000, 10_000, 20_000, 50_000, 100_000};
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

        assertEquals(0, summary.get("fixFloor").size(), "--no-fix measures no FIX floor");
        assertTrue(summary.get("fixTransport").isNull());
        assertFalse(cli.out.contains("Sonde's FIX floor"), cli.out);
        assertEquals(0, summary.get("udpFloor").size(), "--no-udp measures no UDP floor");
        assertTrue(summary.get("udpTransport").isNull());
        assertFalse(cli.out.contains("UDP floor"), cli.out);
        try (Stream<Path> files = Files.list(out))
        {
            assertTrue(files.map(file -> file.getFileName().toString())
                .noneMatch(name -> name.startsWith("fix-floor-") || name.startsWith("udp-floor-")),
                "and writes neither FIX nor UDP floor logs");
        }
    }

    @Test
    @Timeout(60)
    void calibrateMeasuresTheOneWayUdpFloorAfterTheTcpFloorAndLosesNoDatagram(@TempDir final Path dir)
        throws Exception
    {
        final Path out = dir.resolve("floor");
        final CliHarness cli = CliHarness.run("calibrate", "--rates", "1k", "--duration", "1s", "--warmup", "0s",
            "--idle", "backoff", "--no-fix", "--no-self-check", "--out", out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.indexOf("Platform floor") < cli.out.indexOf("UDP floor: one-way loopback UDP"),
            "the UDP floor's table follows the TCP one: " + cli.out);
        assertTrue(cli.out.contains("TCP p50") && cli.out.contains("mean") && cli.out.contains("one-way"),
            "beside the TCP round trip, with its mean: " + cli.out);
        assertTrue(cli.out.contains("[udp    1000/s]") && cli.out.contains(" 0 lost"),
            "the step says what it lost: " + cli.out);
        assertFalse(cli.out.contains("WARNING"), cli.out);

        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertTrue(summary.get("udpTransport").asText().contains("64-byte datagrams"), summary.toString());
        assertEquals(1, summary.get("floor").size(), "the TCP floor is still measured");
        final JsonNode udpFloor = summary.get("udpFloor");
        assertEquals(1, udpFloor.size(), "one UDP floor entry per rate");
        final JsonNode entry = udpFloor.get(0);
        assertEquals(1_000, entry.get("rate").asDouble());
        assertTrue(entry.get("sent").asLong() > 0, entry.toString());
        assertEquals(entry.get("sent").asLong(), entry.get("acknowledged").asLong(), "every datagram read");
        assertEquals(0, entry.get("lost").asLong(), entry.toString());
        assertEquals(0, entry.get("outOfOrder").asLong(), entry.toString());
        assertEquals(entry.get("sent").asLong(), entry.get("corrected").get("count").asLong());
        PERCENTILE_KEYS.forEach(key -> assertTrue(entry.get("corrected").has(key), "corrected " + key));
        PERCENTILE_KEYS.forEach(key -> assertTrue(entry.get("uncorrected").has(key), "uncorrected " + key));
        final double mean = entry.get("mean").asDouble();
        assertTrue(mean > 0 && mean <= entry.get("corrected").get("max").asDouble(), entry.toString());
        assertTrue(entry.get("corrected").get("p99_9").asDouble() >= entry.get("corrected").get("p50").asDouble());

        final String logName = entry.get("intervalLog").asText();
        assertEquals("udp-floor-1000.hlog", logName);
        assertEquals(entry.get("sent").asLong(), countTagged(out.resolve(logName), "corrected"));
        assertTrue(summary.get("metadata").get("threadLayout").toString().contains("UDP receiver"),
            "the thread layout names the UDP floor's threads");
    }

    @Test
    @Timeout(120)
    void calibrateAlsoMeasuresSondesOwnFixFloorAtTheSameRatesAndEveryOrderBalances(@TempDir final Path dir)
        throws Exception
    {
        final Path out = dir.resolve("floor");
        final CliHarness cli = CliHarness.run("calibrate", "--rates", "1k,2k", "--duration", "1s", "--warmup",
            "500ms", "--idle", "backoff", "--fix-sessions", "2", "--no-self-check", "--out", out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.indexOf("Platform floor") < cli.out.indexOf("Sonde's FIX floor"),
            "the FIX floor's table follows the TCP one: " + cli.out);
        assertTrue(cli.out.contains("x TCP"), "with its p50 as a multiple of the TCP floor's: " + cli.out);
        assertEquals(2, cli.out.lines().filter(line -> line.contains("logged on")).count(),
            "one logon line per measured rate, none for the JIT's warm-up: " + cli.out);

        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        final String fixTransport = summary.get("fixTransport").asText();
        assertTrue(fixTransport.contains("reference acceptor") && fixTransport.contains("2 sessions") &&
            fixTransport.contains("NewOrderSingle"), fixTransport);
        assertEquals(2, summary.get("floor").size(), "the TCP floor is still measured at every rate");
        final JsonNode fixFloor = summary.get("fixFloor");
        assertEquals(2, fixFloor.size(), "one FIX floor entry per rate");
        final double[] rates = {1_000, 2_000};
        for (int i = 0; i < rates.length; i++)
        {
            final JsonNode entry = fixFloor.get(i);
            assertEquals(rates[i], entry.get("rate").asDouble());
            assertTrue(entry.get("sent").asLong() > 0, entry.toString());
            assertEquals(entry.get("sent").asLong(), entry.get("acknowledged").asLong(), "every order filled");
            assertEquals(0, entry.get("timedOut").asLong(), entry.toString());
            PERCENTILE_KEYS.forEach(key -> assertTrue(entry.get("corrected").has(key), "corrected " + key));
            PERCENTILE_KEYS.forEach(key -> assertTrue(entry.get("uncorrected").has(key), "uncorrected " + key));
            PERCENTILE_KEYS.forEach(key -> assertTrue(entry.get("lateness").has(key), "lateness " + key));
            assertEquals(entry.get("sent").asLong(), entry.get("corrected").get("count").asLong());

            final String logName = entry.get("intervalLog").asText();
            assertTrue(logName.startsWith("fix-floor-") && logName.endsWith(".hlog"), logName);
            assertEquals(entry.get("sent").asLong(), countTagged(out.resolve(logName), "corrected"),
                "log of " + logName);
        }
        assertTrue(summary.get("metadata").get("threadLayout").toString().contains("reference acceptor"),
            "the thread layout names both floors' threads");
    }

    @Test
    @Timeout(120)
    void calibrateChecksItsMeasurementAgainstAStalledAcceptorAndSaysWhetherThisHostCanBeBelieved(
        @TempDir final Path dir) throws Exception
    {
        final Path out = dir.resolve("floor");
        final CliHarness cli = CliHarness.run("calibrate", "--rates", "1k", "--duration", "1s", "--warmup", "0s",
            "--idle", "backoff", "--no-fix", "--no-udp", "--out", out.toString());

        assertEquals(0, cli.exitCode, "a host that fails the check is named, not an error: " + cli);
        assertTrue(cli.out.indexOf("Platform floor") < cli.out.indexOf("Self-check: Sonde's FIX client against " +
            "the reference acceptor stalled 50ms/1s, 1000 orders/s, at most 8 in flight"), cli.out);
        for (final String percentile : List.of("p99 ", "p99.9 ", "max "))
        {
            assertTrue(cli.out.lines().anyMatch(line -> line.startsWith(percentile) && line.contains("%")),
                percentile + "with its truth, measured value and error: " + cli.out);
        }
        final JsonNode check = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("selfCheck");
        assertEquals("50ms/1s", check.get("stall").asText());
        assertEquals("corrected", check.get("series").asText());
        assertEquals(3, check.get("figures").size(), check.toString());
        assertTrue(check.get("figures").get(0).get("truth").asDouble() > 39_500, "p99 of the stall, µs: " + check);
        final boolean passed = check.get("passed").asBoolean();
        assertEquals(passed, cli.out.contains("Self-check passed"), cli.out);
        assertEquals(!passed, cli.out.contains("SELF-CHECK FAILED on " + check.get("host").asText() + ": "),
            "a host that fails is named: " + cli.out);
        assertTrue(Files.isRegularFile(out.resolve("self-check-1000.hlog")), "its interval log");
        assertTrue(summaryLayout(out).contains("(self-check)"), "the thread layout names its acceptor");
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

        final Path never = dir.resolve("never");
        final CliHarness noSessions = CliHarness.run("calibrate", "--fix-sessions", "0", "--out", never.toString());
        assertEquals(2, noSessions.exitCode, noSessions.toString());
        assertTrue(noSessions.err.contains("--fix-sessions"), noSessions.err);

        final CliHarness contradiction = CliHarness.run("calibrate", "--no-fix", "--fix-sessions", "2", "--out",
            never.toString());
        assertEquals(2, contradiction.exitCode, contradiction.toString());
        assertTrue(contradiction.err.contains("--fix-sessions and --no-fix"), contradiction.err);
        assertFalse(Files.exists(never), "nothing written for a usage error");
    }

    @Test
    void helpTeachesAndExitsZero()
    {
        final CliHarness help = CliHarness.run("calibrate", "--help");
        assertEquals(0, help.exitCode);
        assertTrue(help.out.contains("--rates"), help.out);
        assertTrue(help.out.contains("--fix-sessions") && help.out.contains("--no-fix"), help.out);
        assertTrue(help.out.contains("--no-udp") && help.out.contains("UDP"), help.out);
        assertTrue(help.out.contains("--no-self-check") && help.out.contains("self-check"), help.out);
        assertTrue(help.out.contains("floor"), help.out);

        final CliHarness top = CliHarness.run("--help");
        assertEquals(0, top.exitCode);
        assertTrue(top.out.contains("calibrate"), top.out);

        final CliHarness none = CliHarness.run();
        assertEquals(2, none.exitCode, none.toString());
    }

    private static String summaryLayout(final Path out) throws Exception
    {
        return new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("metadata").get("threadLayout")
            .toString();
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
