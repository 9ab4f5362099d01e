package io.sonde.probe.measure;

import io.sonde.loadgen.record.IntervalLog;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The probe's {@code .hlog}, one file per UTC day ({@code probe-2026-11-22.hlog}), so a 24&times;7 probe keeps
 * files of a size tools open quickly and old days can be archived. A new day's file starts at the first
 * interval that ends in it; a restart on the same day appends a numbered file rather than overwrite.
 */
final class DailyIntervalLog implements AutoCloseable
{
    private final Path folder;
    private final String description;
    private LocalDate day;
    private IntervalLog log;

    DailyIntervalLog(final Path folder, final String description)
    {
        this.folder = folder;
        this.description = description;
    }

    /**
     * Write one interval of every series, rotating first when the interval ends on a new UTC day.
     */
    void write(final List<Histogram> intervals, final long intervalStartMs, final long intervalEndMs)
    {
        final LocalDate intervalDay = LocalDate.ofInstant(Instant.ofEpochMilli(intervalEndMs), ZoneOffset.UTC);
        if (!intervalDay.equals(day))
        {
            close();
            day = intervalDay;
            log = new IntervalLog(
                freshFile(intervalDay), Math.max(intervalStartMs, dayStartMs(intervalDay)), description);
        }
        for (final Histogram interval : intervals)
        {
            log.write(interval);
        }
    }

    Path currentFile()
    {
        return log == null ? null : log.file();
    }

    public void close()
    {
        if (log != null)
        {
            log.close();
            log = null;
        }
    }

    private Path freshFile(final LocalDate intervalDay)
    {
        Path file = folder.resolve("probe-" + intervalDay + ".hlog");
        for (int restart = 1; file.toFile().exists(); restart++)
        {
            file = folder.resolve("probe-" + intervalDay + "." + restart + ".hlog");
        }
        return file;
    }

    private static long dayStartMs(final LocalDate day)
    {
        return day.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    }
}
