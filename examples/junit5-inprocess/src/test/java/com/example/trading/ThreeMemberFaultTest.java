package com.example.trading;

import io.sonde.api.Fault;
import io.sonde.api.FaultKind;
import io.sonde.api.FaultResult;
import io.sonde.api.IdleMode;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.inprocess.Sonde;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A failover under load, through the API alone: the bundled exchange as three cluster members (processes Sonde
 * starts from io.sonde:exchange-host, with the gateway in this JVM), its leader killed two seconds into the measured
 * window. The build has sonde-inprocess and exchange-host, and nothing of Sonde's command line.
 */
@Timeout(240)
class ThreeMemberFaultTest
{
    @Test
    void killingTheLeaderLosesAndDuplicatesNoOrder(@TempDir final Path results)
    {
        final RunReport report = Sonde.run(RunSpec.builder()
            .embedded(true)
            .nodes(3)
            .rate(100)
            .warmup(Duration.ofSeconds(1))
            .duration(Duration.ofSeconds(6))
            .fault(Fault.parse("2s:kill-leader"))
            // Three member processes, the gateway and the load share the machine's cores: they back off.
            .idle(IdleMode.BACKOFF)
            // A failover and member processes starting beside the test JVM stall a shared CI machine: allow it.
            .maxSendLateness(Duration.ofMillis(500))
            .maxHiccup(Duration.ofSeconds(1))
            .out(results)
            .build());

        assertEquals(1, report.faults().size(), report.faults().toString());
        final FaultResult fault = report.faults().get(0);
        assertEquals(FaultKind.KILL_LEADER, fault.kind());
        assertTrue(fault.member().isPresent(), "the member killed is named: " + fault);
        assertEquals(0, fault.lost(), fault.toString());
        assertEquals(0, fault.duplicated(), fault.toString());
    }
}
