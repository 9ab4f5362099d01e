package io.sonde.inprocess;

import io.sonde.api.CalibrateSpec;
import io.sonde.api.FloorReport;
import io.sonde.api.IdleMode;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.SelfCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A user's test calibrates its host through the API and reads the floors as objects: the TCP round trip, the
 * one-way UDP floor and Sonde's own FIX floor at the rate asked for, every request accounted for, each with its
 * interval log, the self-check of the measurement, and how the calibration was made.
 */
class SondeCalibrateTest
{
    @Test
    @Timeout(120)
    void aCalibrationReturnsEveryFloorAtEachRateWithItsCountsPercentilesAndLogs(@TempDir final Path dir)
    {
        final Path out = dir.resolve("floor");
        final StringWriter console = new StringWriter();

        final FloorReport report = Sonde.calibrate(CalibrateSpec.builder()
            .rates(1_000)
            .warmup(Duration.ZERO)
            .duration(Duration.ofSeconds(1))
            .idle(IdleMode.BACKOFF)
            .fixSessions(1)
            .out(out)
            .build(), new PrintWriter(console, true));

        assertEquals(List.of(1_000.0), report.floor().stream().map(FloorReport.RoundTrip::rate).toList());
        final FloorReport.RoundTrip tcp = report.floor().get(0);
        assertTrue(tcp.sent() > 0, tcp.toString());
        assertEquals(tcp.sent(), tcp.acknowledged(), "every frame echoed: " + tcp);
        assertEquals(tcp.sent(), tcp.corrected().count());
        assertTrue(tcp.corrected().p99() >= tcp.corrected().p50() && tcp.corrected().p50() > 0, tcp.toString());
        assertTrue(Files.isRegularFile(out.resolve(tcp.intervalLog())), tcp.intervalLog());

        final FloorReport.OneWay udp = report.udpFloor().get(0);
        assertEquals(1, report.udpFloor().size());
        assertEquals(udp.sent(), udp.acknowledged(), "every datagram read: " + udp);
        assertEquals(0, udp.lost(), udp.toString());
        assertTrue(udp.mean() > 0 && udp.mean() <= udp.corrected().max(), udp.toString());
        assertTrue(report.udpTransport().contains("64-byte datagrams"), report.udpTransport());

        final FloorReport.RoundTrip fix = report.fixFloor().get(0);
        assertEquals(1, report.fixFloor().size());
        assertTrue(fix.sent() > 0 && fix.sent() == fix.acknowledged() && fix.timedOut() == 0,
            "every order filled: " + fix);
        assertTrue(report.fixTransport().contains("1 session,"), report.fixTransport());

        final SelfCheck check = report.selfCheck();
        assertEquals("50ms/1s", check.stall());
        assertEquals(List.of("p99", "p99.9", "max"),
            check.figures().stream().map(SelfCheck.Figure::percentile).toList(), check.toString());
        assertEquals(check.passed(), check.figures().stream().allMatch(figure -> figure.within(check.tolerance())),
            "passed when every figure lies within the tolerance: " + check);
        assertTrue(check.figures().stream().allMatch(figure -> figure.error() >= -check.tolerance()),
            "a host's noise never makes a stall look shorter: " + check);
        assertTrue(report.hiccup().count() > 0 && report.udpHiccup().count() > 0 && report.fixHiccup().count() > 0,
            "the hiccup meter ran beside each floor: " + report);
        assertEquals(List.of("calibrate", "--duration", "1s", "--warmup", "0s", "--rates", "1k", "--idle",
            "backoff", "--fix-sessions", "1", "--out", out.toString()), report.metadata().commandLine(),
            "the options that reproduce it");
        assertTrue(report.metadata().disclosure().containsKey("host.clocksource"), report.metadata().toString());
        assertTrue(console.toString().contains("measure"), "progress per interval: " + console);
        assertEquals(report, FloorReport.read(out).withMetadata(report.metadata()), "the same as reading its folder");
    }

    @Test
    void optionsThatContradictOrCannotBeMeasuredAreRefusedBeforeAnythingRuns()
    {
        final String both = assertThrows(InvalidOptionException.class,
            () -> CalibrateSpec.builder().withoutFix().fixSessions(2).build()).getMessage();
        assertTrue(both.contains("--fix-sessions and --no-fix"), both);
        final String zero = assertThrows(InvalidOptionException.class,
            () -> CalibrateSpec.builder().duration(Duration.ZERO).build()).getMessage();
        assertTrue(zero.contains("--duration"), zero);
        final String noRate = assertThrows(InvalidOptionException.class,
            () -> CalibrateSpec.builder().set("rates", "5k,ten")).getMessage();
        assertTrue(noRate.contains("--rates") && noRate.contains("ten"), noRate);
    }
}
