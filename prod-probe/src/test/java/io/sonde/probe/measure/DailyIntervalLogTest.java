package io.sonde.probe.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DailyIntervalLogTest
{
    @TempDir
    Path folder;

    @Test
    void anIntervalEndingOnANewUtcDayStartsANewFileAndEverySampleIsKept() throws Exception
    {
        try (DailyIntervalLog log = new DailyIntervalLog(folder, "test"))
        {
            log.write(List.of(interval("2026-11-22T23:59:40Z", "2026-11-22T23:59:50Z", 3)),
                epochMs("2026-11-22T23:59:40Z"), epochMs("2026-11-22T23:59:50Z"));
            log.write(List.of(interval("2026-11-22T23:59:55Z", "2026-11-23T00:00:05Z", 4)),
                epochMs("2026-11-22T23:59:55Z"), epochMs("2026-11-23T00:00:05Z"));
        }

        assertEquals(3, countIn(folder.resolve("probe-2026-11-22.hlog")));
        assertEquals(4, countIn(folder.resolve("probe-2026-11-23.hlog")));
    }

    @Test
    void aRestartOnTheSameDayNeverOverwritesTheEarlierLog() throws Exception
    {
        for (int run = 0; run < 2; run++)
        {
            try (DailyIntervalLog log = new DailyIntervalLog(folder, "test"))
            {
                log.write(List.of(interval("2026-11-22T10:00:00Z", "2026-11-22T10:00:10Z", 2)),
                    epochMs("2026-11-22T10:00:00Z"), epochMs("2026-11-22T10:00:10Z"));
            }
        }

        assertTrue(Files.exists(folder.resolve("probe-2026-11-22.hlog")));
        assertEquals(2, countIn(folder.resolve("probe-2026-11-22.1.hlog")));
    }

    private static Histogram interval(final String start, final String end, final int samples)
    {
        final Histogram histogram = new Histogram(3);
        for (int i = 0; i < samples; i++)
        {
            histogram.recordValue(1_000_000L * (i + 1));
        }
        histogram.setStartTimeStamp(epochMs(start));
        histogram.setEndTimeStamp(epochMs(end));
        histogram.setTag("new-ack.corrected");
        return histogram;
    }

    private static long countIn(final Path file) throws Exception
    {
        final HistogramLogReader reader = new HistogramLogReader(file.toFile());
        long count = 0;
        Histogram interval;
        while ((interval = (Histogram)reader.nextIntervalHistogram()) != null)
        {
            count += interval.getTotalCount();
        }
        return count;
    }

    private static long epochMs(final String instant)
    {
        return Instant.parse(instant).toEpochMilli();
    }
}
