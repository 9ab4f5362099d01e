package io.sonde.history;

import io.sonde.loadgen.confidence.IntervalHistograms;
import io.sonde.loadgen.record.RequestSeries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the gate resamples of a result's interval logs: each step's measured intervals of a series, by the step's
 * folder, each log of a step one run, never the warm-up or its empty measured intervals.
 */
class StepIntervalsTest
{
    private static final Set<String> CORRECTED = Set.of(RequestSeries.CORRECTED);

    @TempDir
    Path dir;

    @Test
    void eachStepsMeasuredIntervalsAreReadFromItsOwnFolderWithoutTheWarmUp() throws Exception
    {
        RunFolders.withLogs(dir.resolve("step-01-200"), List.of(RunFolders.latencies(1, 12, 50, 0)));
        RunFolders.withLogs(dir.resolve("step-02-400"), List.of(RunFolders.latencies(2, 15, 50, 0)));

        final StepIntervals steps = StepIntervals.read(files(), CORRECTED);

        final IntervalHistograms first = steps.get("step-01-200", RequestSeries.CORRECTED);
        assertEquals(12, first.intervals(), "the two warm-up seconds' empty measured intervals are left out");
        assertEquals(12 * 50, first.totalCount());
        assertTrue(first.valueAtPercentile(100) < RunFolders.WARMUP_NANOS, "no warm-up sample");
        assertEquals(15, steps.get("step-02-400", RequestSeries.CORRECTED).intervals());
        assertNull(steps.get("", RequestSeries.CORRECTED), "no log at the sweep's own folder");
        assertEquals(1, steps.mostRuns());
    }

    @Test
    void eachLogOfAStepIsOneRunOfIt() throws Exception
    {
        RunFolders.withLogs(dir, List.of(RunFolders.latencies(1, 12, 50, 0), RunFolders.latencies(2, 10, 50, 0)));

        final StepIntervals run = StepIntervals.read(files(), CORRECTED);

        assertEquals(2, run.get("", RequestSeries.CORRECTED).runs());
        assertEquals(22, run.get("", RequestSeries.CORRECTED).intervals());
        assertEquals(2, run.mostRuns());
    }

    @Test
    void aLogCutShortGivesTheIntervalsBeforeTheCut() throws Exception
    {
        RunFolders.withLogs(dir, List.of(RunFolders.latencies(1, 12, 50, 0)));
        final Map<String, String> files = files();
        final String log = files.get(RecordedFolder.INTERVAL_LOG);
        final int hiccupLine = log.lastIndexOf('\n', log.length() - 2);
        final int lastMeasuredLine = log.lastIndexOf('\n', hiccupLine - 1) + 1;
        files.put(RecordedFolder.INTERVAL_LOG, log.substring(0, lastMeasuredLine + 40));

        final IntervalHistograms cut = StepIntervals.read(files, CORRECTED).get("", RequestSeries.CORRECTED);

        assertEquals(11, cut.intervals(), "the last interval's line is cut in its middle");
    }

    /**
     * @return every file under the folder by its path relative to it, with {@code /}, as the history keeps them.
     */
    private Map<String, String> files() throws Exception
    {
        final Map<String, String> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(dir))
        {
            for (final Path file : paths.filter(Files::isRegularFile).toList())
            {
                files.put(dir.relativize(file).toString().replace('\\', '/'), Files.readString(file));
            }
        }
        return files;
    }
}
