package com.example.trading;

import io.sonde.api.IdleMode;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.api.Verdict;
import io.sonde.inprocess.Sonde;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * In-process: Sonde's engine in the test's own JVM, against Sonde's bundled exchange started in the same JVM
 * ({@code embedded}), judged on an SLO. Against our own gateway, {@code target(host, port)} replaces
 * {@code embedded(true)}.
 */
@Timeout(180)
class InProcessRunTest
{
    private static final double RATE = 500;
    private static final Duration DURATION = Duration.ofSeconds(3);

    @Test
    void aRunAt500PerSecondMeetsItsSlo(@TempDir final Path results)
    {
        final RunReport report = Sonde.run(RunSpec.builder()
            // The exchange (an Artio gateway and a one-member Aeron Cluster) on a free loopback port in this JVM.
            .embedded(true)
            .rate(RATE)
            .warmup(Duration.ofSeconds(1))
            .duration(DURATION)
            .slo("p99=500ms")
            // The load's thread and the exchange's share the machine's cores with the test JVM: they back off.
            .idle(IdleMode.BACKOFF)
            // Sonde calls a run void when it fell behind its own schedule (send lateness) or its process stalled
            // (hiccups): the defaults, 20 ms and 50 ms, suit a quiet host. A shared 2-core CI machine (GC in the
            // test JVM, noisy neighbours) can stall longer than that without the exchange being at fault, so allow
            // 200 ms and 500 ms: a worse stall still voids the run, and says so.
            .maxSendLateness(Duration.ofMillis(200))
            .maxHiccup(Duration.ofMillis(500))
            .out(results)
            .build());

        assertEquals(Verdict.PASSED, report.verdict(), report.checks().toString());
        final double expected = RATE * DURATION.toSeconds();
        assertEquals(expected, report.outcomes().sent(), expected * 0.1, report.outcomes().toString());
        assertTrue(report.corrected().p99() < 500_000);                          // µs, from each intended start
    }
}
