package io.sonde.scenarios.sweep;

import io.sonde.inprocess.run.SweepCsv;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(240)
class SweepCommandTest
{

    @Test
    void anEmbeddedSweepRunsEveryStepAndReportsTheKneeWithBothFloorsBeside(@TempDir final Path dir) throws Exception
    {
        final CliHarness floor = CliHarness.run("calibrate", "--rates", "1k", "--duration", "1s", "--warmup", "0s",
            "--idle", "backoff", "--fix-sessions", "2", "--out", dir.resolve("floor").toString());
        assertEquals(0, floor.exitCode, floor.toString());
        final Path out = dir.resolve("sweep");

        final CliHarness cli = CliHarness.runMechanics("sweep", "--embedded", "--idle",
            "backoff", "--rates", "500,1k", "--step-duration", "2s", "--warmup", "0s", "--sessions", "2", "--slo",
            "p99=1s", "--floor", dir.resolve("floor").toString(), "--out", out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("[sweep] step 2/2 at 1000/s"), cli.out);
        assertTrue(cli.out.contains("Knee: 1000/s"), cli.out);
        final List<String> csv = Files.readAllLines(out.resolve("sweep.csv"));
        assertEquals(3, csv.size(), csv.toString());
        assertTrue(csv.get(1).startsWith("500,") && csv.get(1).contains(",met,"), csv.get(1));
        assertEquals(SweepCsv.HEADER, csv.get(0));
        final String[] second = csv.get(2).split(",");
        assertEquals("1000", second[0]);
        assertEquals("1000", second[14], "the floor's rate beside the step: " + csv.get(2));
        assertTrue(Double.parseDouble(second[16]) > 0, "and the ratio to it: " + csv.get(2));
        assertTrue(SweepCsv.HEADER.endsWith(",p99_ratio_to_floor,fix_floor_p99_us,p99_ratio_to_fix_floor," +
            "meets_objectives_probability"), "columns are appended, so readers of the earlier columns keep working");
        assertTrue(Double.parseDouble(second[17]) > 0, "Sonde's FIX floor beside the step: " + csv.get(2));
        assertTrue(Double.parseDouble(second[18]) > 0, "and the ratio to it: " + csv.get(2));
        assertEquals(1.0, Double.parseDouble(second[19]), "p99 ≤ 1 s met in every resample: " + csv.get(2));
        assertTrue(cli.out.contains("x fix"), cli.out);

        final String report = Files.readString(out.resolve("report.html"));
        assertTrue(report.contains("Knee: <b>1000/s per generator</b>"), "the sweep leaves its report");
        assertTrue(report.contains("data-name=\"floor p99\""), "with the floor beside the rate plot");
        assertTrue(report.contains("data-name=\"Sonde FIX floor p99\""), "and Sonde's FIX floor");
        assertTrue(report.contains("<th>Sonde FIX floor p99</th><th>p99 ÷ FIX floor</th>"),
            "and both in the sweep table");
        final JsonNode sweep = new ObjectMapper().readTree(out.resolve("sweep.json").toFile());
        assertEquals(1000, sweep.get("knee").asDouble());
        assertTrue(sweep.get("stopReason").isNull());
        assertEquals(2, sweep.get("steps").size());
        for (final JsonNode step : sweep.get("steps"))
        {
            final Path stepFolder = out.resolve(step.get("folder").asText());
            assertTrue(Files.size(stepFolder.resolve("run.hlog")) > 0, stepFolder.toString());
            final JsonNode summary = new ObjectMapper().readTree(stepFolder.resolve("summary.json").toFile());
            assertEquals(summary.get("sent").asLong(), summary.get("acknowledged").asLong());
            assertTrue(step.get("p99RatioToFloor").asDouble() > 0);
            assertTrue(step.get("fixFloorP99").asDouble() > 0, step.toString());
            assertTrue(step.get("p99RatioToFixFloor").asDouble() > 0, step.toString());
        }
    }

    @Test
    void aSweepStopsAfterTheFirstBreachAndExitsOne(@TempDir final Path dir) throws Exception
    {
        final Path out = dir.resolve("sweep");

        final CliHarness cli = CliHarness.runMechanics("sweep", "--embedded", "--idle", "backoff", "--rates",
            "500,1k,2k",
            "--step-duration", "1s", "--warmup", "0s", "--slo", "p50=1ns", "--out", out.toString());

        assertEquals(1, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("No knee"), cli.out);
        final JsonNode sweep = new ObjectMapper().readTree(out.resolve("sweep.json").toFile());
        assertEquals(1, sweep.get("steps").size(), "stopped after the first step");
        assertEquals("slo-breached", sweep.get("stopReason").asText());
        assertTrue(sweep.get("knee").isNull());
    }

    @Test
    void aSizeSweepPadsEveryNewOrderSingleToEachSize(@TempDir final Path dir) throws Exception
    {
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(null))
        {
            final Path out = dir.resolve("sizes");

            final CliHarness cli = CliHarness.runMechanics("sweep", "--target",
                "127.0.0.1:" + acceptor.port(), "--sizes", "256,1024", "--rate", "500", "--step-duration", "1s",
                "--warmup", "0s", "--slo", "p99=1s", "--out", out.toString());

            assertEquals(0, cli.exitCode, cli.toString());
            assertTrue(cli.out.contains("[sweep] step 2/2 at 1024 B"), cli.out);
            assertTrue(cli.out.contains("Largest message size that kept the rate and met p99=1.00s: 1024 bytes"),
                cli.out);
            assertEquals(1_000, acceptor.ordersReceived());
            final double meanSize = acceptor.orderBytesReceived() / (double)acceptor.ordersReceived();
            assertEquals((256 + 1024) / 2.0, meanSize, 1.0, "each order within a byte of its step's size");
            final JsonNode sweep = new ObjectMapper().readTree(out.resolve("sweep.json").toFile());
            assertEquals(1024, sweep.get("largestSizeMet").asInt());
            assertEquals(256, sweep.get("steps").get(0).get("messageSize").asInt());
            final String report = Files.readString(out.resolve("report.html"));
            assertTrue(report.contains("1024 B at 500/s") && report.contains("Latency versus message size"),
                "the report has a row per size and plots latency against size");
        }
    }

    @Test
    void badUsageIsNamedExitsTwoAndWritesNothing(@TempDir final Path dir)
    {
        final Path out = dir.resolve("never");
        assertUsageError(out, "abc", "sweep", "--embedded", "--rates", "1k,abc", "--out", out.toString());
        assertUsageError(out, "5000 after 10000", "sweep", "--embedded", "--rates", "10k,5k", "--out", out.toString());
        assertUsageError(out, "not both", "sweep", "--embedded", "--rates", "1k", "--from", "1k", "--to", "2k",
            "--out", out.toString());
        assertUsageError(out, "no summary.json", "sweep", "--embedded", "--rates", "1k", "--floor",
            dir.resolve("missing").toString(), "--out", out.toString());
        assertUsageError(out, "--target HOST:PORT or --embedded", "sweep", "--rates", "1k", "--out", out.toString());
        assertUsageError(out, "--sizes needs --rate", "sweep", "--embedded", "--sizes", "256", "--out", out.toString());
        assertUsageError(out, "message size 10 is not in", "sweep", "--embedded", "--sizes", "10", "--rate", "1k",
            "--out", out.toString());
    }

    private static void assertUsageError(final Path out, final String expected, final String... args)
    {
        final CliHarness cli = CliHarness.run(args);
        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains(expected), cli.err);
        assertFalse(Files.exists(out), "nothing written for a usage error");
    }
}
