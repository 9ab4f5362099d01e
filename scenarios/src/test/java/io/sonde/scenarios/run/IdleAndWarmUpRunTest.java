package io.sonde.scenarios.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.api.IdleMode;
import io.sonde.api.RunReport;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run says how its threads waited during the measurement, on the console and in {@code summary.json}, and how
 * long its warm-up took and why it ended; its interval log, JIT marks and all, still makes a report.
 */
@Timeout(60)
class IdleAndWarmUpRunTest
{
    private static final Pattern THREADS_LINE = Pattern.compile("\\[run] threads: busy-spin \\d+ %, " +
        "spin-window \\d+ % of the measured 3\\.0 s, (\\d+) switch(es)?");

    @Test
    void aRunTellsTheShareOfItsMeasurementInEachIdleModeAndHowItsWarmUpEnded(@TempDir final Path dir)
        throws Exception
    {
        final Path credentials = Files.writeString(dir.resolve("fix.properties"), "username=sonde\npassword=pw\n");
        final Path out = dir.resolve("run");
        final CliHarness cli;
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor("pw"))
        {
            cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + acceptor.port(), "--rate", "500",
                "--warmup", "1s", "--duration", "3s", "--credentials", credentials.toString(), "--no-history",
                "--out", out.toString());
        }

        assertEquals(0, cli.exitCode, cli.toString());
        final List<String> lines = cli.out.lines().toList();
        assertTrue(lines.stream().anyMatch(line -> line.matches("\\[run] warm-up [0-9.]+ s(: | \\(3 × 1 s\\): ).+")),
            cli.out);
        final Matcher threads = lines.stream().map(THREADS_LINE::matcher).filter(Matcher::matches).findFirst()
            .orElseThrow(() -> new AssertionError("no threads line: " + cli.out));

        final JsonNode idle = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("idle");
        assertEquals("auto", idle.get("mode").asText(), idle.toString());
        assertEquals(1.0, idle.get("busySpinShare").asDouble() + idle.get("spinWindowShare").asDouble(), 0.002,
            idle.toString());
        final int switches = idle.get("switches").asInt();
        assertEquals(Integer.parseInt(threads.group(1)), switches, "the console tells the switches summary.json holds");
        assertTrue(switches <= 1, "at most one switch per settling time (5 s) in a 3 s measurement: " + idle);
        final boolean oneModeThroughout =
            idle.get("busySpinShare").asDouble() == 0 || idle.get("spinWindowShare").asDouble() == 0;
        assertEquals(switches == 0, oneModeThroughout,
            "the measurement spent all its time in one mode exactly when its threads never switched: " + idle);
        final RunReport.Idle read = RunReport.read(out).idle().orElseThrow();
        assertEquals(IdleMode.AUTO, read.mode());
        assertEquals(idle.get("spinWindowShare").asDouble(), read.spinWindowShare());

        final CliHarness report = CliHarness.run("report", out.toString());
        assertEquals(0, report.exitCode, report.toString());
    }
}
