package io.sonde.report;

import io.sonde.loadgen.record.IntervalLog;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class RecordedLogMergeTest
{
    @Test
    void twoGeneratorsLogsMergeIntoExactlyTheHistogramOfAllTheirSamples(@TempDir final Path dir)
    {
        final Histogram everything = new Histogram(3);
        final Path first = writeLog(dir.resolve("a.hlog"), 1, 3, everything);
        final Path second = writeLog(dir.resolve("b.hlog"), 2, 4, everything);

        final RecordedLog merged = new RecordedLog().add(first).add(second);

        assertEquals(everything, merged.total("corrected"));
        assertEquals(everything.getValueAtPercentile(99.99), merged.total("corrected").getValueAtPercentile(99.99));
        assertEquals(7, merged.intervals("corrected").size());
        assertNotEquals(everything, new RecordedLog().add(first).total("corrected"), "one log alone is not all");
    }

    /**
     * Write {@code intervals} one-second intervals of log-normal-ish latencies, adding every value to
     * {@code everything} as well.
     */
    private static Path writeLog(final Path file, final long seed, final int intervals, final Histogram everything)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final long startMs = 1_800_000_000_000L;
        try (IntervalLog log = new IntervalLog(file, startMs, "merge test " + seed))
        {
            for (int i = 0; i < intervals; i++)
            {
                final Histogram interval = new Histogram(3);
                interval.setTag("corrected");
                interval.setStartTimeStamp(startMs + i * 1000L);
                interval.setEndTimeStamp(startMs + (i + 1) * 1000L);
                for (int n = 0; n < 5_000; n++)
                {
                    final long nanos = (long)(10_000 * Math.exp(random.nextGaussian() * 1.5));
                    interval.recordValue(nanos);
                    everything.recordValue(nanos);
                }
                log.write(interval);
            }
        }
        return file;
    }
}
