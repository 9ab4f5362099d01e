package io.sonde.loadgen.confidence;

import io.sonde.loadgen.record.PhasedSeries;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * What every interval is resampled from: the measured intervals of each series of a measurement's logs, one log a
 * run, never the warm-up's or an empty interval.
 */
class IntervalLogSeriesTest
{
    @TempDir
    Path dir;

    @Test
    void eachSeriesGetsItsMeasuredIntervalsWithEachLogOneRun() throws Exception
    {
        final Path first = log("run-1.hlog", 10, 3);
        final Path second = log("run-2.hlog", 12, 0);

        final IntervalLogSeries series = IntervalLogSeries.read(List.of(first, second), tag -> true);

        assertEquals(List.of("corrected", "new-ack.corrected"), List.copyOf(series.tags()),
            "warm-up series and series without a sample are not series");
        final IntervalHistograms corrected = series.get("corrected");
        assertEquals(2, corrected.runs());
        assertEquals(22, corrected.intervals(), "the empty intervals logged during the warm-up are left out");
        assertEquals(22 * 100, corrected.totalCount());
        assertEquals(2, series.mostRuns());
    }

    @Test
    void onlyTheSeriesAskedForAreKept() throws Exception
    {
        final IntervalLogSeries series =
            IntervalLogSeries.read(List.of(log("run.hlog", 10, 0)), Set.of("new-ack.corrected")::contains);

        assertNull(series.get("corrected"));
        assertEquals(10, series.get("new-ack.corrected").intervals());
        assertEquals(1, series.mostRuns());
    }

    /**
     * A log as a run writes it: warm-up intervals under {@code warmup-} tags with the measured series logging empty
     * intervals beside them, then measured intervals of 100 samples of the corrected series and of one stage.
     */
    private Path log(final String name, final int measured, final int warmup) throws Exception
    {
        final Path log = dir.resolve(name);
        try (PrintStream out = new PrintStream(Files.newOutputStream(log), false, "US-ASCII"))
        {
            final HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputStartTime(0);
            for (int second = 0; second < warmup + measured; second++)
            {
                final boolean warm = second < warmup;
                if (warm)
                {
                    write(writer, second, PhasedSeries.WARMUP_PREFIX + "corrected", 100);
                }
                write(writer, second, "corrected", warm ? 0 : 100);
                write(writer, second, "new-ack.corrected", warm ? 0 : 100);
                write(writer, second, "unused", 0);
            }
        }
        return log;
    }

    private static void write(final HistogramLogWriter writer, final int second, final String tag, final int samples)
    {
        final Histogram interval = new Histogram(3);
        for (int i = 1; i <= samples; i++)
        {
            interval.recordValue(1000L * i);
        }
        interval.setTag(tag);
        interval.setStartTimeStamp(second * 1000L);
        interval.setEndTimeStamp((second + 1) * 1000L);
        writer.outputIntervalHistogram(interval);
    }
}
