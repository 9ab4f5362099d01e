package io.sonde.report;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one or more {@code .hlog} files recorded, by tag: the whole-run histogram (the sum of every
 * interval) and the intervals themselves, timed from the run's measured start when it is known. Adding another log
 * adds histograms, never percentiles, so logs from several generators merge into exactly the histogram of all their
 * samples. Warm-up tags are left out.
 */
public final class RecordedLog
{
    private static final String WARMUP_PREFIX = "warmup-";

    /**
     * One interval of one tag: seconds since the earliest log start, and its histogram.
     */
    public record Interval(double startSeconds, double endSeconds, Histogram histogram)
    {
    }

    private final Map<String, Histogram> totals = new LinkedHashMap<>();
    private final Map<String, List<Interval>> intervals = new LinkedHashMap<>();
    private Double firstStartMs;
    private Long measuredStartMs;

    /**
     * Read and add {@code file}.
     *
     * @throws ReportException naming the file when it is missing or not an interval log.
     */
    public RecordedLog add(final Path file)
    {
        final List<EncodableHistogram> read = readAll(file);
        for (final EncodableHistogram encodable : read)
        {
            if (!(encodable instanceof Histogram histogram) || encodable.getTag() == null ||
                encodable.getTag().startsWith(WARMUP_PREFIX))
            {
                continue;
            }
            final String tag = encodable.getTag();
            totals.computeIfAbsent(tag, t -> new Histogram(3)).add(histogram);
            if (firstStartMs == null || encodable.getStartTimeStamp() < firstStartMs)
            {
                firstStartMs = (double)encodable.getStartTimeStamp();
            }
            intervals.computeIfAbsent(tag, t -> new ArrayList<>()).add(new Interval(encodable.getStartTimeStamp(),
                encodable.getEndTimeStamp(), histogram));
        }
        return this;
    }

    /**
     * Add everything {@code other} read.
     */
    public RecordedLog add(final RecordedLog other)
    {
        other.totals.forEach((tag, total) -> totals.computeIfAbsent(tag, t -> new Histogram(3)).add(total));
        other.intervals.forEach((tag, own) -> intervals.computeIfAbsent(tag, t -> new ArrayList<>()).addAll(own));
        if (other.firstStartMs != null && (firstStartMs == null || other.firstStartMs < firstStartMs))
        {
            firstStartMs = other.firstStartMs;
        }
        if (other.measuredStartMs != null)
        {
            measuredFrom(other.measuredStartMs);
        }
        return this;
    }

    /**
     * Count every time from a run's measured start, as {@code --fault AT} and the run's own lines do, instead of
     * from the earliest interval (the run's start, warm-up included); of several runs', the earliest.
     *
     * @param epochMs the measured window's start on the wall clock.
     */
    public void measuredFrom(final long epochMs)
    {
        measuredStartMs = measuredStartMs == null ? epochMs : Math.min(measuredStartMs, epochMs);
    }

    /**
     * @return whether times count from a run's measured start ({@link #measuredFrom}), not from the earliest interval.
     */
    public boolean fromMeasuredStart()
    {
        return measuredStartMs != null;
    }

    /**
     * @return the whole-run histogram of {@code tag}, empty when the logs never recorded it.
     */
    public Histogram total(final String tag)
    {
        return totals.getOrDefault(tag, new Histogram(3));
    }

    public boolean has(final String tag)
    {
        return totals.containsKey(tag) && totals.get(tag).getTotalCount() > 0;
    }

    public Map<String, Histogram> totals()
    {
        return totals;
    }

    /**
     * Intervals of {@code tag} with times relative to the origin (the measured start, else the earliest interval of
     * any tag), in order.
     */
    public List<Interval> intervals(final String tag)
    {
        final double origin = originMs();
        return intervals.getOrDefault(tag, List.of()).stream()
            .map(i -> new Interval((i.startSeconds() - origin) / 1000.0, (i.endSeconds() - origin) / 1000.0,
                i.histogram()))
            .sorted((a, b) -> Double.compare(a.startSeconds(), b.startSeconds()))
            .toList();
    }

    /**
     * @param secondsSinceStart a time as {@link #intervals(String)} gives it.
     * @return that time on the wall clock, epoch milliseconds.
     */
    public long epochMs(final double secondsSinceStart)
    {
        return Math.round(originMs() + secondsSinceStart * 1000.0);
    }

    private double originMs()
    {
        return measuredStartMs != null ? measuredStartMs : firstStartMs == null ? 0 : firstStartMs;
    }

    private static List<EncodableHistogram> readAll(final Path file)
    {
        final List<EncodableHistogram> histograms = IntervalLogFile.read(file, "interval log");
        if (histograms.isEmpty())
        {
            throw new ReportException("interval log " + file + " holds no histograms");
        }
        return histograms;
    }
}
