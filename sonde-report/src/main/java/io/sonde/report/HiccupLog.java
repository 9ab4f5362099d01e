package io.sonde.report;

import io.sonde.loadgen.hiccup.HiccupMeter;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * One component's stalls on the wall clock: a jHiccup-format log ({@code sonde-agent.jar}, the bundled exchange's
 * own, jHiccup itself) or Sonde's own hiccup series of a run. Intervals carry epoch milliseconds, so the logs of
 * processes on one host line up with the run's latency whatever moment each started.
 *
 * @param component what stalled, e.g. {@code exchange-member-1}; from the log's file name.
 * @param intervals each interval's hiccups in nanoseconds, in time order.
 */
public record HiccupLog(String component, List<Timed> intervals)
{
    /** The component name of Sonde's own hiccups. */
    public static final String SONDE = "sonde";
    static final String SUFFIX = ".hlog";
    private static final String HICCUP_SUFFIX = ".hiccup" + SUFFIX;

    /**
     * One interval of a log, on the wall clock.
     */
    public record Timed(long startMs, long endMs, Histogram histogram)
    {
    }

    /**
     * Every {@code .hlog} in each folder, a component each.
     *
     * @throws ReportException naming a folder that is missing or holds no log, or a log that is not one.
     */
    public static List<HiccupLog> readFolders(final List<Path> folders)
    {
        final List<HiccupLog> logs = new ArrayList<>();
        for (final Path folder : folders)
        {
            final List<Path> files = logsIn(folder);
            if (files.isEmpty())
            {
                throw new ReportException("--hiccups " + folder + " holds no hiccup log (*" + SUFFIX + ")");
            }
            files.forEach(file -> logs.add(read(file)));
        }
        return logs;
    }

    /**
     * @throws ReportException naming the file when it is missing or no interval log.
     */
    public static HiccupLog read(final Path file)
    {
        final String name = file.getFileName().toString();
        final String component = name.endsWith(HICCUP_SUFFIX) ?
            name.substring(0, name.length() - HICCUP_SUFFIX.length()) :
            name.substring(0, name.length() - SUFFIX.length());
        final List<Timed> intervals = new ArrayList<>();
        for (final EncodableHistogram next : IntervalLogFile.read(file, "hiccup log"))
        {
            if (next instanceof Histogram histogram && isHiccups(next.getTag()))
            {
                intervals.add(new Timed(next.getStartTimeStamp(), next.getEndTimeStamp(), histogram));
            }
        }
        intervals.sort((a, b) -> Long.compare(a.startMs(), b.startMs()));
        return new HiccupLog(component, List.copyOf(intervals));
    }

    /**
     * @return Sonde's own hiccups during a run (and, with {@code --embedded}, the exchange's: one JVM), on the wall
     * clock.
     */
    public static HiccupLog ofRun(final RecordedLog log)
    {
        final List<Timed> intervals = new ArrayList<>();
        for (final RecordedLog.Interval interval : log.intervals(HiccupMeter.TAG))
        {
            intervals.add(new Timed(log.epochMs(interval.startSeconds()), log.epochMs(interval.endSeconds()),
                interval.histogram()));
        }
        return new HiccupLog(SONDE, List.copyOf(intervals));
    }

    /**
     * @return the hiccups of every interval that overlaps {@code [fromMs, toMs]}, added.
     */
    public Histogram within(final long fromMs, final long toMs)
    {
        final Histogram total = new Histogram(3);
        for (final Timed interval : intervals)
        {
            if (overlaps(interval, fromMs, toMs))
            {
                total.add(interval.histogram());
            }
        }
        return total;
    }

    /**
     * @return the longest hiccup of any interval overlapping {@code [fromMs, toMs]}, in nanoseconds; 0 for none.
     */
    public long maxWithin(final long fromMs, final long toMs)
    {
        long max = 0;
        for (final Timed interval : intervals)
        {
            if (overlaps(interval, fromMs, toMs))
            {
                max = Math.max(max, interval.histogram().getMaxValue());
            }
        }
        return max;
    }

    private static boolean overlaps(final Timed interval, final long fromMs, final long toMs)
    {
        return interval.endMs() > fromMs && interval.startMs() < toMs;
    }

    /**
     * jHiccup writes untagged intervals; Sonde's agent and meter tag theirs {@code hiccup}.
     */
    private static boolean isHiccups(final String tag)
    {
        return tag == null || tag.equals(HiccupMeter.TAG);
    }

    private static List<Path> logsIn(final Path folder)
    {
        if (!Files.isDirectory(folder))
        {
            throw new ReportException("--hiccups " + folder + " is not a folder");
        }
        try (Stream<Path> files = Files.list(folder))
        {
            return files.filter(file -> file.getFileName().toString().endsWith(SUFFIX)).sorted().toList();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot list " + folder, ex);
        }
    }
}
