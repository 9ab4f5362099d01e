package io.sonde.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run's {@code summary.json} and a sweep's {@code sweep.json} read into typed results, with everything reports
 * and the results history need from them, and a file that is not a result refused naming it.
 */
class ReportReadingTest
{
    private static final String METADATA = "\"metadata\": {\"sondeVersion\": \"0.1.0\", \"commandLine\": [\"sweep\"," +
        " \"--rates\", \"500,1k\"], \"startedAt\": \"2026-01-02T03:04:05Z\", \"host\": {\"cpus\": 8, \"os\": " +
        "\"Linux\"}}";

    @TempDir
    Path dir;

    @Test
    void aRunReadsItsKindFiguresFailuresIntervalLogsAndMetadata() throws Exception
    {
        final Path run = Files.createDirectories(dir.resolve("run"));
        Files.writeString(run.resolve(RunReport.SUMMARY_FILE), "{\"kind\": \"run\", \"target\": \"127.0.0.1:9880\"," +
            " \"sent\": 1000, \"acknowledged\": 990, \"rejected\": 6, \"timedOut\": 4, \"targetRate\": 500.0," +
            " \"achievedRate\": 499.5, \"corrected\": {\"p50\": 10.0, \"p99\": 30.0, \"count\": 1000}," +
            " \"failures\": {\"rejected\": 6, \"timedOut\": 4}, \"intervalLogs\": [\"/elsewhere/run.hlog\"], " +
            METADATA + "}");

        final RunReport report = RunReport.read(run);

        assertEquals("run", report.kind());
        assertEquals("127.0.0.1:9880", report.target());
        assertEquals(new Outcomes(1000, 990, 6, 4, 0, 0), report.outcomes());
        assertEquals(500.0, report.targetRate());
        assertEquals(30.0, report.corrected().p99());
        assertEquals(Map.of("rejected", 6L, "timedOut", 4L), report.failures());
        assertEquals(List.of(run.resolve("run.hlog")), report.intervalLogs(), "named by the summary, in the folder");
        final ResultMetadata metadata = report.metadata().orElseThrow();
        assertEquals(Optional.of(Instant.parse("2026-01-02T03:04:05Z")), metadata.startedAt());
        assertEquals(List.of("sweep", "--rates", "500,1k"), metadata.commandLine());
        assertEquals(List.of("sondeVersion", "commandLine", "startedAt", "host.cpus", "host.os"),
            List.copyOf(metadata.disclosure().keySet()));
        assertEquals("[\"sweep\",\"--rates\",\"500,1k\"]", metadata.disclosure().get("commandLine"));
        assertEquals("8", metadata.disclosure().get("host.cpus"));
        assertEquals("Linux", metadata.disclosure().get("host.os"));
    }

    @Test
    void aRunThatNamesNoIntervalLogHasItsOwnAndOneWithoutMetadataNone() throws Exception
    {
        final Path run = Files.createDirectories(dir.resolve("bare"));
        Files.writeString(run.resolve(RunReport.SUMMARY_FILE), "{\"targetRate\": 1000}");

        final RunReport report = RunReport.read(run);

        assertEquals("", report.kind());
        assertEquals(List.of(report.intervalLog()), report.intervalLogs());
        assertEquals(Optional.empty(), report.metadata());
    }

    @Test
    void aSweepReadsItsStepsVerdictsSizesFloorsAndStopReason() throws Exception
    {
        final Path sweep = Files.createDirectories(dir.resolve("sweep"));
        step(sweep, "step-01-500");
        step(sweep, "step-02-1000");
        Files.writeString(sweep.resolve(SweepReport.SWEEP_FILE), "{\"kind\": \"sweep\", \"target\": \"venue:9878\"," +
            " \"knee\": 500.0, \"stopReason\": \"slo-breached\", \"floor\": \"results/calibrate\", " + METADATA +
            ", \"steps\": [" +
            "{\"rate\": 500, \"verdict\": \"MET\", \"floorP99\": 20.0, \"p99RatioToFloor\": 1.5," +
            " \"fixFloorP99\": 40.0, \"folder\": \"step-01-500\"}, " +
            "{\"rate\": 1000, \"verdict\": \"SLO_BREACHED\", \"floorP99\": null, \"folder\": \"step-02-1000\"}]}");

        final SweepReport report = SweepReport.read(sweep);

        assertEquals(OptionalDouble.of(500), report.knee());
        assertEquals(OptionalInt.empty(), report.largestSizeMet());
        assertEquals(Optional.of(StepVerdict.SLO_BREACHED), report.stopReason());
        assertEquals(Optional.of(Path.of("results/calibrate")), report.floor());
        assertEquals(List.of("sweep", "--rates", "500,1k"), report.metadata().orElseThrow().commandLine());
        final SweepReport.Step met = report.steps().get(0);
        assertEquals(StepVerdict.MET, met.stepVerdict());
        assertEquals(OptionalInt.empty(), met.messageSize());
        assertEquals(OptionalDouble.of(20.0), met.floorP99());
        assertEquals(OptionalDouble.of(1.5), met.p99RatioToFloor());
        assertEquals(OptionalDouble.of(40.0), met.fixFloorP99());
        assertEquals(sweep.resolve("step-01-500"), met.run().folder());
        final SweepReport.Step breached = report.steps().get(1);
        assertEquals("slo-breached", breached.stepVerdict().label());
        assertEquals(OptionalDouble.empty(), breached.floorP99());
        assertEquals(Verdict.MISSED, report.verdict(), "the breached step's check failed");
    }

    @Test
    void aSweepKeepsEachStepsProbabilityOfMeetingItsObjectivesWrittenAndReadBack() throws Exception
    {
        final Path sweep = Files.createDirectories(dir.resolve("probable"));
        step(sweep, "step-01-500");
        step(sweep, "step-02-1000");
        Files.writeString(sweep.resolve(SweepReport.SWEEP_FILE), "{\"kind\": \"sweep\", \"knee\": 500.0, \"steps\": [" +
            "{\"rate\": 500, \"verdict\": \"MET\", \"meetsObjectives\": {\"probability\": 0.99, " +
            "\"objectives\": [\"p99=1.00ms\"], \"resamples\": 2000}, \"folder\": \"step-01-500\"}, " +
            "{\"rate\": 1000, \"verdict\": \"MET\", \"fixFloorP99\": 40.0, \"meetsObjectives\": {\"probability\": " +
            "0.62, \"objectives\": [\"p99=1.00ms\"], \"resamples\": 2000, \"shortfall\": \"p99: 600 samples, " +
            "needs ≥ 1,000\"}, \"folder\": \"step-02-1000\"}]}");

        SweepReport.read(sweep).write();
        final SweepReport report = SweepReport.read(sweep);

        final SweepReport.Step knee = report.steps().get(0);
        assertEquals(Optional.of(new StepProbability(0.99, List.of("p99=1.00ms"), 2000, "")), knee.meetsObjectives());
        assertTrue(StepProbability.kneeWorthy(knee.stepVerdict(), knee.meetsObjectives()));
        final SweepReport.Step above = report.aboveKnee().orElseThrow();
        assertEquals(1000, above.rate());
        assertEquals("p99: 600 samples, needs ≥ 1,000", above.meetsObjectives().orElseThrow().shortfall());
        assertFalse(StepProbability.kneeWorthy(above.stepVerdict(), above.meetsObjectives()),
            "met by its own figures, but only in 62 % of the resamples");
        assertEquals(OptionalDouble.of(40.0), above.fixFloorP99());
        final String written = Files.readString(sweep.resolve(SweepReport.SWEEP_FILE));
        assertTrue(written.matches("(?s).*\"verdict\" : \"MET\",\\s*\"meetsObjectives\" : \\{.*\"errors\" : 0,\\s*" +
            "\"floorRate\" : null,\\s*\"floorP99\" : null,\\s*\"p99RatioToFloor\" : null,\\s*\"fixFloorP99\" : " +
            "40.0,\\s*\"p99RatioToFixFloor\" : 0.0,\\s*\"folder\" : \"step-02-1000\".*"), written);
    }

    @Test
    void aStepWithoutAProbabilityIsJudgedByItsVerdictAlone()
    {
        assertTrue(StepProbability.kneeWorthy(StepVerdict.MET, Optional.empty()));
        assertFalse(StepProbability.kneeWorthy(StepVerdict.RATE_MISSED,
            Optional.of(new StepProbability(1.0, List.of("p99=1.00ms"), 2000, ""))), "a failure of its own stands");
        assertTrue(new StepProbability(0.95, List.of(), 2000, "").likely());
    }

    @Test
    void aSizeSweepReadsEachStepsMessageSizeAndTheLargestThatMet() throws Exception
    {
        final Path sweep = Files.createDirectories(dir.resolve("sizes"));
        step(sweep, "step-01-256B");
        Files.writeString(sweep.resolve(SweepReport.SWEEP_FILE), "{\"largestSizeMet\": 256, \"steps\": [" +
            "{\"rate\": 1000, \"messageSize\": 256, \"verdict\": \"MET\", \"folder\": \"step-01-256B\"}]}");

        final SweepReport report = SweepReport.read(sweep);

        assertEquals(OptionalInt.of(256), report.largestSizeMet());
        assertEquals(OptionalInt.of(256), report.steps().get(0).messageSize());
        assertEquals(OptionalDouble.empty(), report.knee());
        assertEquals(Optional.empty(), report.stopReason());
        assertEquals(Optional.empty(), report.floor());
    }

    @Test
    void aFolderThatHoldsNoResultOrABrokenOneIsRefusedNamingTheFile() throws Exception
    {
        final Path empty = Files.createDirectories(dir.resolve("empty"));
        assertRefused("no summary.json in " + empty, () -> RunReport.read(empty));

        final Path corrupt = Files.createDirectories(dir.resolve("corrupt"));
        Files.writeString(corrupt.resolve(RunReport.SUMMARY_FILE), "{\"kind\": ");
        assertRefused(corrupt.resolve(RunReport.SUMMARY_FILE) + " is not readable JSON: ",
            () -> RunReport.read(corrupt));

        final Path stepless = Files.createDirectories(dir.resolve("stepless"));
        Files.writeString(stepless.resolve(SweepReport.SWEEP_FILE), "{\"steps\": [{\"rate\": 500, \"verdict\": " +
            "\"MET\", \"folder\": \"step-01-500\"}]}");
        assertRefused("sweep step folder " + stepless.resolve("step-01-500") + " has no summary.json",
            () -> SweepReport.read(stepless));

        final Path unknown = Files.createDirectories(dir.resolve("unknown"));
        step(unknown, "step-01-500");
        Files.writeString(unknown.resolve(SweepReport.SWEEP_FILE), "{\"steps\": [{\"rate\": 500, \"verdict\": " +
            "\"FAST\", \"folder\": \"step-01-500\"}]}");
        assertRefused(unknown.resolve(SweepReport.SWEEP_FILE) + " has a step verdict 'FAST', none of [MET, ",
            () -> SweepReport.read(unknown));
    }

    private static void step(final Path sweep, final String name) throws Exception
    {
        final String outcome = name.startsWith("step-02") ? "FAILED" : "PASSED";
        Files.writeString(Files.createDirectories(sweep.resolve(name)).resolve(RunReport.SUMMARY_FILE),
            "{\"kind\": \"run\", \"checks\": [{\"group\": \"slo\", \"name\": \"p99 <= 1ms\", \"outcome\": \"" +
            outcome + "\", \"detail\": \"p99 0.5ms\"}]}");
    }

    private static void assertRefused(final String expected, final Runnable read)
    {
        final String message = assertThrows(IllegalArgumentException.class, read::run).getMessage();
        assertTrue(message.startsWith(expected), message);
    }
}
