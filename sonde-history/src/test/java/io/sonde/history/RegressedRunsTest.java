package io.sonde.history;

import io.sonde.api.Check;
import io.sonde.api.Slo;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A build that regressed is not the baseline's setup: the gate leaves it out of the recent runs whose spread says
 * how noisy that setup is, so that a history where a slow build was recorded between baselines still catches the
 * next slow build. Runs alternate as a CI job's do: a baseline, a build 100 µs slower judged against it, then the
 * next baseline and the next slow build.
 */
class RegressedRunsTest
{
    private static final String SCENARIO = "run --rate 400";
    private static final double TOLERANCE = 0.10;
    private static final double DELAY_MICROS = 100;

    @TempDir
    Path dir;

    @Test
    void aRunThatRegressedIsLeftOutOfTheNoiseOfTheRunsAfterIt() throws Exception
    {
        final HistoryLocation history = HistoryLocation.resolve(dir.resolve("history.db").toString());

        record(history, "base-1", latencies(1, 0), null);
        final List<Check> first = record(history, "slow-1", latencies(2, DELAY_MICROS), "last");
        record(history, "base-2", latencies(3, 0), null);
        final List<Check> second = record(history, "slow-2", latencies(4, DELAY_MICROS), "last");

        assertEquals(Check.Outcome.FAILED, first.get(0).outcome(), first.get(0).toString());
        assertEquals(Check.Outcome.FAILED, second.get(0).outcome(), "the first slow build's 3× p50 is not noise: " +
            second.get(0));
        try (HistoryDatabase database = HistoryDatabase.open(history))
        {
            assertTrue(database.regressed(2));
            assertFalse(database.regressed(1));
            assertFalse(database.regressed(3), "recorded without a baseline");
        }
    }

    @Test
    void theBaselineCountsEvenWhenItRegressedItself() throws Exception
    {
        final HistoryLocation location = HistoryLocation.resolve(dir.resolve("chosen.db").toString());
        record(location, "base", latencies(1, 0), null);
        record(location, "slow", latencies(2, DELAY_MICROS), "last");

        try (HistoryDatabase history = HistoryDatabase.open(location))
        {
            final RegressionReport report = RegressionGate.judge(history, BaselineChoice.parse("2"),
                history.run(2).orElseThrow(), RecordedFolder.read(RunFolders.withLogs(dir.resolve("next"),
                    List.of(latencies(3, DELAY_MICROS)))), Slo.parse("p50=1s"), TOLERANCE);

            assertEquals(List.of(2L, 1L), report.recentRuns());
        }
    }

    private List<Check> record(
        final HistoryLocation history, final String name, final List<Histogram> run, final String baseline)
        throws Exception
    {
        final Path folder = RunFolders.withLogs(dir.resolve(name), List.of(run));
        return new ResultRecording(history, Map.of(), SCENARIO, baseline == null ? null :
            BaselineChoice.parse(baseline), TOLERANCE).record(new PrintWriter(new StringWriter()), folder,
            Slo.parse("p50=1s"));
    }

    private static List<Histogram> latencies(final long seed, final double shiftMicros)
    {
        return RunFolders.latencies(seed, 30, 400, shiftMicros);
    }
}
