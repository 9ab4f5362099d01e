package com.example.trading;

import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.api.IdleMode;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.api.inprocess.Sonde;
import io.sonde.api.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * (c) In-process: Sonde's API in the test's own JVM, against an acceptor started in the same JVM, judged on an SLO.
 */
@Timeout(180)
class InProcessRunTest
{
    @Test
    void aRunAt500PerSecondMeetsItsSlo(@TempDir final Path results)
    {
        // Sonde's reference acceptor on a free loopback port, any password, a thread that backs off when idle.
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(null))
        {
            final RunReport report = Sonde.run(RunSpec.builder()
                .target("127.0.0.1", acceptor.port())
                .targetCompId(ReferenceAcceptor.ACCEPTOR_COMP_ID)
                .rate(500)
                .warmup(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(3))
                .slo("p99=500ms")
                .idle(IdleMode.BACKOFF)
                // Sonde calls a run void when it fell behind its own schedule (send lateness) or its process
                // stalled (hiccups): the defaults, 20 ms and 50 ms, suit a quiet host. A shared 2-core CI machine
                // (GC in the test JVM, noisy neighbours) can stall longer than that without the acceptor being at
                // fault, so allow 200 ms and 500 ms: a worse stall still voids the run, and says so.
                .maxSendLateness(Duration.ofMillis(200))
                .maxHiccup(Duration.ofMillis(500))
                .out(results)
                .build());

            assertEquals(Verdict.PASSED, report.verdict(), report.checks().toString());
            assertTrue(report.corrected().p99() < 500_000);                      // µs, from each intended start
        }
    }
}
