package io.sonde.inprocess;

import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.api.Verdict;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run in this process against an acceptor hands back its result as objects, the same as reading its folder.
 */
@Timeout(120)
class SondeRunTest
{
    private static ReferenceAcceptor acceptor;

    @BeforeAll
    static void startAcceptor()
    {
        acceptor = new ReferenceAcceptor(null);
    }

    @AfterAll
    static void stopAcceptor()
    {
        acceptor.close();
    }

    @Test
    void aRunReturnsItsBalanceItsPercentilesItsChecksAndItsVerdict(@TempDir final Path dir)
    {
        final StringWriter console = new StringWriter();
        final RunReport report = Sonde.run(RunSpec.builder()
            .target("127.0.0.1", acceptor.port())
            .sessions(2)
            .rate(300)
            .warmup(Duration.ofSeconds(1))
            .duration(Duration.ofSeconds(2))
            .slo("p99=10s")
            // Sonde's own health limits are loosened: this test is of the API, not of this shared host's stalls.
            .maxSendLateness(Duration.ofSeconds(1))
            .maxHiccup(Duration.ofSeconds(1))
            .maxMissPercent(10)
            .out(dir.resolve("run"))
            .build(), new PrintWriter(console));

        assertEquals(Verdict.PASSED, report.verdict(), report.checks() + "\n" + console);
        assertTrue(report.outcomes().balances(), report.outcomes().toString());
        assertEquals(600, report.outcomes().sent(), 1, "300/s for 2 s");
        assertEquals(report.outcomes().sent(), report.outcomes().acknowledged());
        assertEquals(report.outcomes().sent(), report.corrected().count());
        assertTrue(report.corrected().p50() > 0 && report.corrected().p50() <= report.corrected().p99());
        assertTrue(report.corrected().p99() >= report.uncorrected().p99() * 0.999,
            "corrected time starts earlier than the send, never later");
        assertEquals(report.outcomes().sent(), report.stage("new-ack").corrected().count(), "every order acked");
        assertEquals(Set.of("new-ack", "new-fill", "replace", "cancel"), report.stages().keySet());
        assertEquals(2, report.sessions());
        assertEquals(report.toString(), RunReport.read(dir.resolve("run")).toString());
        assertTrue(report.intervalLog().toFile().isFile());
        assertEquals(List.of(report.intervalLog()), report.intervalLogs());
        assertEquals("run", report.kind());
        assertTrue(report.metadata().orElseThrow().startedAt().isPresent(), report.metadata().toString());
        assertTrue(console.toString().contains("[run] logged on 2 session(s)"), console.toString());
    }

    /**
     * What a user's first run gets: every limit at its default (Sonde's own send lateness and hiccups, the rate's
     * miss, the error rate), warmed up, at a modest rate.
     */
    @Test
    void aFirstRunUnderTheDefaultLimitsPassesAndSendsItsRate(@TempDir final Path dir)
    {
        final StringWriter console = new StringWriter();
        final RunReport report = Sonde.run(RunSpec.builder()
            .target("127.0.0.1", acceptor.port())
            .sessions(1)
            .rate(200)
            .warmup(Duration.ofSeconds(2))
            .duration(Duration.ofSeconds(5))
            .out(dir.resolve("run"))
            .build(), new PrintWriter(console));

        assertEquals(Verdict.PASSED, report.verdict(), report.checks() + "\n" + console);
        assertEquals(1_000, report.outcomes().sent(), 50, "200/s for 5 s, within 5 %: " + report.outcomes());
        assertEquals(report.outcomes().sent(), report.outcomes().acknowledged(), report.outcomes().toString());
    }

    @Test
    void anOptionOnlyFoundWrongOnceReadFailsBeforeAnythingConnects(@TempDir final Path dir)
    {
        final long ordersBefore = acceptor.ordersReceived();
        final InvalidOptionException refused = assertThrows(InvalidOptionException.class, () -> Sonde.run(
            RunSpec.builder().target("127.0.0.1", acceptor.port()).venue(dir.resolve("missing.yaml"))
                .duration(Duration.ofSeconds(1)).out(dir).build(), new PrintWriter(new StringWriter())));

        assertTrue(refused.getMessage().startsWith("--venue "), refused.getMessage());
        assertEquals(ordersBefore, acceptor.ordersReceived(), "nothing was sent");
    }
}
