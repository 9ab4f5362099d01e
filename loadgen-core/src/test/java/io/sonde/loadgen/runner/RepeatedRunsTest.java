package io.sonde.loadgen.runner;

import io.sonde.loadgen.confidence.IntervalHistograms;
import io.sonde.loadgen.confidence.IntervalLogSeries;
import io.sonde.loadgen.record.SeriesTotals;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.agrona.concurrent.SystemNanoClock;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A measured window split into runs writes one interval log per run, and nothing is lost or counted twice at the
 * boundaries: the runs' logs together hold exactly what the one run recorded.
 */
@Timeout(60)
class RepeatedRunsTest
{
    private static final int RUNS = 2;

    @Test
    void eachRunHasItsOwnLogAndTheLogsTogetherHoldTheWholeMeasurement(@TempDir final Path dir)
        throws FileNotFoundException
    {
        final RunConfig config = new RunConfig(
            new ConstantRateSchedule(2_000),
            RunTiming.of(Duration.ofMillis(400), Duration.ofMillis(1_200), Duration.ofSeconds(1)))
            .idleStrategy(new YieldingIdleStrategy())
            .intervalNanos(Duration.ofMillis(200).toNanos())
            .outputDir(dir)
            .runs(RUNS);

        final RunResult result = new LoadRun(config).execute(new EchoingTransport(SystemNanoClock.INSTANCE));

        assertEquals(List.of(dir.resolve("run.hlog"), dir.resolve("run-2.hlog")), result.intervalLogs());
        final SeriesTotals first = readLog(result.intervalLogs().get(0));
        final SeriesTotals second = readLog(result.intervalLogs().get(1));
        assertTrue(first.get("warmup-corrected").getTotalCount() > 0, "the warm-up is in the first run's log");
        assertEquals(0, second.get("warmup-corrected").getTotalCount(), "and only there");
        final long firstCount = first.get("corrected").getTotalCount();
        final long secondCount = second.get("corrected").getTotalCount();
        assertTrue(firstCount > 0 && secondCount > 0, firstCount + " and " + secondCount);
        assertEquals(result.totals().get("corrected").getTotalCount(), firstCount + secondCount);
        assertEquals(result.measurement().sent(), firstCount + secondCount);

        final IntervalHistograms runs = IntervalLogSeries.read(result.intervalLogs(), Set.of("corrected")::contains)
            .get("corrected");
        assertEquals(RUNS, runs.runs());
        assertEquals(firstCount, runs.run(0).totalCount());
        assertEquals(secondCount, runs.run(1).totalCount());
    }

    @Test
    void aRunMeasuredOnceWritesOneLogAsBefore(@TempDir final Path dir)
    {
        final RunConfig config = new RunConfig(
            new ConstantRateSchedule(1_000),
            RunTiming.of(Duration.ZERO, Duration.ofMillis(500), Duration.ofSeconds(1)))
            .idleStrategy(new YieldingIdleStrategy())
            .intervalNanos(Duration.ofMillis(100).toNanos())
            .outputDir(dir);

        final RunResult result = new LoadRun(config).execute(new EchoingTransport(SystemNanoClock.INSTANCE));

        assertEquals(List.of(dir.resolve("run.hlog")), result.intervalLogs());
        assertEquals(dir.resolve("run.hlog"), result.intervalLog());
        assertFalse(dir.resolve("run-2.hlog").toFile().exists());
    }

    private static SeriesTotals readLog(final Path log) throws FileNotFoundException
    {
        final SeriesTotals totals = new SeriesTotals();
        final HistogramLogReader reader = new HistogramLogReader(log.toFile());
        EncodableHistogram interval;
        while ((interval = reader.nextIntervalHistogram()) != null)
        {
            totals.add((Histogram)interval);
        }
        return totals;
    }
}
