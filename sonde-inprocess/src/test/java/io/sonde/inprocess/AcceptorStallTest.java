package io.sonde.inprocess;

import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.acceptor.StallCycle;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code sonde acceptor --stall}: the reference acceptor stops answering for the stall at the start of every period
 * and answers what arrived when it ends, dropping nothing: every order of a run against it is answered, and the
 * orders that met a stall were answered no sooner than its end.
 */
@Timeout(60)
class AcceptorStallTest
{
    private static final StallCycle STALL = new StallCycle(Duration.ofMillis(40), Duration.ofMillis(500));

    @Test
    void ordersThatArriveDuringAStallAreHeldUntilItEndsAndNoneIsDropped(@TempDir final Path dir)
    {
        final StringWriter console = new StringWriter();
        final RunReport report;
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(null, "127.0.0.1", 0, new BackoffIdleStrategy(),
            Duration.ZERO, STALL))
        {
            report = Sonde.run(RunSpec.builder()
                .target("127.0.0.1", acceptor.port())
                .rate(200)
                .warmup(Duration.ZERO)
                .duration(Duration.ofSeconds(2))
                .out(dir.resolve("run"))
                .build(), new PrintWriter(console));
        }

        assertEquals(report.outcomes().sent(), report.outcomes().acknowledged(), report.failures() + "\n" + console);
        final double spacingMicros = 1e6 / 200;
        assertTrue(report.corrected().max() >= STALL.length().toNanos() / 1e3 - spacingMicros,
            "the first order of a stall waited nearly all of it: " + report.corrected());
        assertTrue(report.corrected().p50() < STALL.length().toNanos() / 1e3,
            "most orders met no stall: " + report.corrected());
    }
}
