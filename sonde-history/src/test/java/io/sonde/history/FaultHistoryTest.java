package io.sonde.history;

import io.sonde.api.Slo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs with a fault schedule in the history: each fault's recovery and its orders are kept, and the regression gate
 * fails a result whose recovery from the same fault got slower, or never came.
 */
class FaultHistoryTest
{
    private static final String FAULT = "{\"at\": 5.0, \"kind\": \"kill-leader\", \"argument\": \"\", \"member\": 1, " +
        "\"wallClockStart\": \"2026-01-02T03:04:10Z\", \"recoveryMillis\": %s, \"reason\": %s, \"inFlight\": 12, " +
        "\"inFlightOutcomes\": {\"answered\": 12, \"settledByStatus\": 0, \"timedOut\": 0}, \"lost\": 0, " +
        "\"lostClOrdIds\": [], \"duplicated\": 0, \"duplicatedClOrdIds\": [], \"unknown\": 2, \"windows\": {}}";

    @TempDir
    Path dir;

    @Test
    void eachFaultsRecoveryAndOrdersAreKeptWithTheRun() throws Exception
    {
        try (HistoryDatabase history = open())
        {
            final long id = history.record(RecordedFolder.read(run("fault", "812.5")), "run", Map.of());

            assertEquals(List.of(new StepFault("", 1, "5s:kill-leader", 812.5, 0, 0, 2)), history.faults(id));
        }
    }

    @Test
    void aFaultThatNeverRecoveredReadsBackAsNeverRecoveredNotAsAnInstantRecovery() throws Exception
    {
        try (HistoryDatabase history = open())
        {
            final long id = history.record(RecordedFolder.read(run("never", null)), "run", Map.of());

            assertEquals(List.of(new StepFault("", 1, "5s:kill-leader", null, 0, 0, 2)), history.faults(id));
        }
    }

    @Test
    void aSlowerRecoveryFromTheSameFaultFailsTheGate() throws Exception
    {
        try (HistoryDatabase history = open())
        {
            final long baseline = history.record(RecordedFolder.read(run("base", "600.0")), "run", Map.of());
            final RecordedFolder slower = RecordedFolder.read(run("slower", "1500.0"));

            final RegressionReport report = RegressionGate.judge(history, BaselineChoice.parse("last"),
                history.run(baseline).orElseThrow(), slower, Slo.parse("p99=1ms,recovery=2s"), 0.1);

            final PercentileVerdict recovery = report.verdicts().get(report.verdicts().size() - 1);
            assertEquals("recovery 5s:kill-leader", recovery.percentile());
            assertEquals(600_000.0, recovery.baselineMicros());
            assertEquals(1_500_000.0, recovery.newMicros());
            assertFalse(recovery.passed());
            assertTrue(report.verdicts().get(0).passed(), "the latency itself did not move");
        }
    }

    @Test
    void aRecoveryThatNeverCameFailsTheGateAndAnEqualOnePasses() throws Exception
    {
        try (HistoryDatabase history = open())
        {
            final long baseline = history.record(RecordedFolder.read(run("base", "600.0")), "run", Map.of());

            final RegressionReport never = RegressionGate.judge(history, BaselineChoice.parse("last"),
                history.run(baseline).orElseThrow(), RecordedFolder.read(run("never", null)), List.of(), 0.1);
            final RegressionReport same = RegressionGate.judge(history, BaselineChoice.parse("last"),
                history.run(baseline).orElseThrow(), RecordedFolder.read(run("same", "620.0")), List.of(), 0.1);

            assertFalse(never.verdicts().get(never.verdicts().size() - 1).passed());
            assertTrue(same.verdicts().get(same.verdicts().size() - 1).passed());
        }
    }

    /**
     * @param recoveryMillis the fault's recovery as JSON, or null for one that never recovered.
     */
    private Path run(final String name, final String recoveryMillis) throws Exception
    {
        return RunFolders.summaryOnly(dir.resolve(name), "\"faults\": [" + String.format(FAULT,
            recoveryMillis == null ? "null" : recoveryMillis,
            recoveryMillis == null ? "\"the interval p99 never came back\"" : "null") + "]");
    }

    private HistoryDatabase open()
    {
        return HistoryDatabase.open(HistoryLocation.resolve(dir.resolve("history.db").toString()));
    }
}
