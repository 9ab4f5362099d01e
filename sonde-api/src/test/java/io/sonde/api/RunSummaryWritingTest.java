package io.sonde.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run's summary is one model, written and read by the same record: what the engine writes reads back the same, a run
 * not carried out writes only what it was to do and why not, and the idle figures keep their own layout.
 */
class RunSummaryWritingTest
{
    private static final Percentiles FIGURES = new Percentiles(10, 20, 30, 40, 50, 60, 1000);

    @TempDir
    Path dir;

    @Test
    void aWrittenSummaryReadsBackAndWritesTheSameFile() throws Exception
    {
        final RunSummary written = summary(List.of("run.hlog"), List.of());

        written.write(dir.resolve(RunReport.SUMMARY_FILE));

        final RunReport report = RunReport.read(dir);
        report.summary().write(dir.resolve("again.json"));
        assertEquals(Files.readString(dir.resolve(RunReport.SUMMARY_FILE)),
            Files.readString(dir.resolve("again.json")));
        assertEquals(new Outcomes(1000, 990, 6, 4, 0, 0), report.outcomes());
        assertEquals(Map.of("trades", 0L), report.exchange().orElseThrow());
        assertEquals(new WarmupCounts(100, 100, 0, 0, 0), report.summary().warmup());
        assertEquals(List.of(dir.resolve("run.hlog")), report.intervalLogs());
        assertEquals(List.of(), report.runs());
        assertFalse(Files.readString(dir.resolve(RunReport.SUMMARY_FILE)).contains("\"runs\""),
            "a run measured once writes no runs");
    }

    @Test
    void aRepeatedRunWritesEachRunWithItsIntervalsAndReadsThemBack() throws Exception
    {
        final List<RepeatedRun> runs = List.of(
            new RepeatedRun(1, "run.hlog", 500, 10, 30, Map.of("p50", new ConfidenceInterval(9, 11, 10, 10, 1, ""),
                "p99", new ConfidenceInterval(25, 35, 10, 10, 1, ""))),
            new RepeatedRun(2, "run-2.hlog", 500, 12, 31, Map.of("p50", new ConfidenceInterval(11, 13, 10, 10, 1, ""),
                "p99", new ConfidenceInterval(30, 30, 10, 10, 1, "p99: 500 samples, needs ≥ 1,000"))));
        summary(List.of("run.hlog", "run-2.hlog"), runs).write(dir.resolve(RunReport.SUMMARY_FILE));

        final RunReport report = RunReport.read(dir);

        assertEquals(runs, report.runs());
        assertEquals(List.of(dir.resolve("run.hlog"), dir.resolve("run-2.hlog")), report.intervalLogs());
        assertEquals(13, report.runs().get(1).interval(50).orElseThrow().upper());
        assertEquals(List.of(true, false), report.runs().stream()
            .map(run -> run.interval(99).orElseThrow().supported()).toList());
        report.summary().write(dir.resolve("again.json"));
        assertEquals(Files.readString(dir.resolve(RunReport.SUMMARY_FILE)),
            Files.readString(dir.resolve("again.json")));
    }

    @Test
    void aRunNotCarriedOutWritesOnlyWhatItWasToDoAndWhyNot() throws Exception
    {
        final Check check = new Check("run", "carried out", Check.Outcome.VOID, "connection refused");
        RunSummary.notCarriedOut("127.0.0.1:1", "new=100", 1, 200, check, metadata())
            .write(dir.resolve(RunReport.SUMMARY_FILE));

        assertEquals(List.of("kind", "target", "flows", "sessions", "targetRate", "sent", "notCarriedOut", "checks",
            "metadata"), topLevelFields(Files.readString(dir.resolve(RunReport.SUMMARY_FILE))));
        final RunReport report = RunReport.read(dir);
        assertEquals(Verdict.VOID, report.verdict());
        assertEquals("connection refused", report.summary().notCarriedOut());
        assertEquals(200, report.targetRate());
    }

    @Test
    void idleWritesBothSharesUnderAutoAndOnlyItsOwnUnderAnotherMode()
    {
        assertEquals(Map.of("mode", "auto", "busySpinShare", 0.97, "spinWindowShare", 0.03, "switches", 1),
            new RunReport.Idle(IdleMode.AUTO, 0.9704, 0.0296, 1).json());
        assertEquals(Map.of("mode", "backoff", "backoffShare", 1.0, "switches", 0),
            new RunReport.Idle(IdleMode.BACKOFF, 0, 0, 0).json());
        assertEquals(new RunReport.Idle(IdleMode.SPIN_WINDOW, 0, 1, 0),
            RunReport.Idle.of(Map.of("mode", "spin-window", "spinWindowShare", 1.0, "switches", 0)));
    }

    private static RunSummary summary(final List<String> intervalLogs, final List<RepeatedRun> runs)
    {
        return new RunSummary("run", 1000, 990, 6, 4, 0, 0, 500, 499.5, 2, false, FIGURES,
            FIGURES, FIGURES, FIGURES, new WarmupCounts(100, 100, 0, 0, 0), 1, 2, 3, 4, Map.of("99", 6L),
            Map.of("corrected", 1L), intervalLogs, runs, metadata(), "127.0.0.1:9880", "new=100", 2, 0,
            Map.of("new-ack", new RunReport.Stage(FIGURES, FIGURES, FIGURES)),
            List.of(new Hop("send", 1, 2, 3, 4, 5, 1000, 1, 2)), null, Map.of("orderRejected", 6L),
            List.of(), Map.of("fillReports", 0L), Map.of("trades", 0L), null, 1.5,
            new RunReport.Idle(IdleMode.AUTO, 0.97, 0.03, 1), List.of(), List.of(), List.of(),
            List.of(new Check("run", "rate", Check.Outcome.PASSED, "499.5/s")), null);
    }

    private static ResultMetadata metadata()
    {
        return ResultMetadata.of(Map.of("startedAt", "2026-01-02T03:04:05Z", "commandLine", List.of("run")));
    }

    private static List<String> topLevelFields(final String json)
    {
        final List<String> fields = new ArrayList<>();
        final Matcher field = Pattern.compile("(?m)^  \"(\\w+)\" :").matcher(json);
        while (field.find())
        {
            fields.add(field.group(1));
        }
        assertTrue(!fields.isEmpty(), json);
        return fields;
    }
}
