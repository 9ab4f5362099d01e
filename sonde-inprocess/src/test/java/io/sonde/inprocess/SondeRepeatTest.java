package io.sonde.inprocess;

import io.sonde.api.ConfidenceInterval;
import io.sonde.api.RepeatedRun;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.history.RecordedFolder;
import io.sonde.report.ReportInput;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A repeated run measures its load several times back to back after one warm-up: each run has its own interval log
 * and its own figures, the run's figures pool them all, and a report and the history read every log.
 */
@Timeout(120)
class SondeRepeatTest
{
    private static final int RUNS = 2;

    @Test
    void aRunRepeatedTwiceWritesTwoLogsAndPoolsTheRunsItLists(@TempDir final Path dir)
    {
        final StringWriter console = new StringWriter();
        final RunReport report = Sonde.run(RunSpec.builder()
            .embedded(true)
            .sessions(1)
            .rate(300)
            .warmup(Duration.ofSeconds(1))
            .duration(Duration.ofSeconds(2))
            .repeat(RUNS)
            .maxSendLateness(Duration.ofSeconds(1))
            .maxHiccup(Duration.ofSeconds(1))
            .out(dir.resolve("run"))
            .build(), new PrintWriter(console));

        final Path folder = dir.resolve("run");
        assertEquals(List.of(folder.resolve("run.hlog"), folder.resolve("run-2.hlog")), report.intervalLogs());
        assertTrue(report.intervalLogs().stream().allMatch(Files::isRegularFile), report.intervalLogs().toString());
        assertEquals(4.0, report.measuredSeconds(), 1e-9, "two runs of 2 s");
        assertTrue(console.toString().contains("for 2 runs of 2s after 1s warm-up"), console.toString());

        final List<RepeatedRun> runs = report.runs();
        assertEquals(List.of(1, 2), runs.stream().map(RepeatedRun::run).toList());
        assertEquals(List.of("run.hlog", "run-2.hlog"), runs.stream().map(RepeatedRun::intervalLog).toList());
        assertEquals(report.corrected().count(), runs.stream().mapToLong(RepeatedRun::count).sum(),
            "the pooled count is the runs' together: " + runs);
        for (final RepeatedRun run : runs)
        {
            assertTrue(run.count() > 0 && run.p50() > 0 && run.p50() <= run.p99(), run.toString());
            final ConfidenceInterval p99 = run.interval(99).orElseThrow();
            assertTrue(p99.supported() || !p99.shortfall().isEmpty(), "an interval, or why it has none: " + p99);
            assertEquals(1, p99.runs());
        }
        assertEquals(runs, RunReport.read(folder).runs(), "the summary holds the runs");
        assertEquals(report.corrected().count(), ReportInput.read("run", List.of(folder)).rows().get(0).log()
            .total("corrected").getTotalCount(), "a report of the folder reads every run's log");
        assertTrue(RecordedFolder.read(folder).files().keySet().containsAll(List.of("run.hlog", "run-2.hlog")),
            "the history keeps every run's log");
    }
}
