package io.sonde.history;

import io.sonde.loadgen.confidence.IntervalHistograms;
import io.sonde.loadgen.record.PhasedSeries;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The measured interval histograms of each step of a result, read from the interval logs the history keeps
 * ({@code run.hlog}), for the series the regression gate compares: what its intervals are resampled from.
 * <p>
 * Every log of a step is one run of it: a step has one today, and a step measured several times (the runs of a
 * repeat, each its own log) has its runs pooled, so that a resample draws runs, then blocks within them. Warm-up
 * intervals (tagged {@code warmup-...}) are left out, and so are intervals without a sample: the measured series
 * logs one every second of the warm-up. A log that stops in the middle of a line (a run killed while writing it)
 * gives the intervals before it, and the intervals say how many they used. Each log is read once, for every series
 * at once.
 */
final class StepIntervals
{
    /** How an interval log's name ends. */
    static final String LOG_SUFFIX = ".hlog";

    private final Map<String, Map<String, IntervalHistograms>> bySteps;

    private StepIntervals(final Map<String, Map<String, IntervalHistograms>> bySteps)
    {
        this.bySteps = bySteps;
    }

    /**
     * @param files a result's files by path relative to its folder, with {@code /}: the interval logs among them
     *              ({@value #LOG_SUFFIX}) are read, each in its step's folder.
     * @param tags  the series to keep, e.g. {@code corrected}.
     * @return each step's measured intervals of those series.
     */
    static StepIntervals read(final Map<String, String> files, final Set<String> tags)
    {
        final Map<String, Map<String, IntervalHistograms.Builder>> builders = new TreeMap<>();
        new TreeMap<>(files).forEach((path, text) ->
        {
            if (!path.endsWith(LOG_SUFFIX))
            {
                return;
            }
            final String step = path.contains("/") ? path.substring(0, path.lastIndexOf('/')) : "";
            final Map<String, IntervalHistograms.Builder> series = builders.computeIfAbsent(step, s ->
            {
                final Map<String, IntervalHistograms.Builder> byTag = new LinkedHashMap<>();
                tags.forEach(tag -> byTag.put(tag, IntervalHistograms.builder()));
                return byTag;
            });
            readLog(text, series);
            series.values().forEach(IntervalHistograms.Builder::endRun);
        });
        final Map<String, Map<String, IntervalHistograms>> bySteps = new TreeMap<>();
        builders.forEach((step, series) ->
        {
            final Map<String, IntervalHistograms> built = new LinkedHashMap<>();
            series.forEach((tag, builder) ->
            {
                final IntervalHistograms intervals = builder.build();
                if (intervals.totalCount() > 0)
                {
                    built.put(tag, intervals);
                }
            });
            bySteps.put(step, built);
        });
        return new StepIntervals(bySteps);
    }

    /**
     * @param step the step's folder ({@code ""} for a run).
     * @return the step's measured intervals of the series, or null when it has no interval log or its logs hold no
     *         sample of that series.
     */
    IntervalHistograms get(final String step, final String tag)
    {
        return bySteps.getOrDefault(step, Map.of()).get(tag);
    }

    /**
     * @return how many runs the step with the most were measured in: 1 for a run or sweep measured once, 0 without
     *         any interval log.
     */
    int mostRuns()
    {
        int most = 0;
        for (final Map<String, IntervalHistograms> series : bySteps.values())
        {
            for (final IntervalHistograms intervals : series.values())
            {
                most = Math.max(most, intervals.runs());
            }
        }
        return most;
    }

    private static void readLog(final String text, final Map<String, IntervalHistograms.Builder> series)
    {
        final HistogramLogReader reader =
            new HistogramLogReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII)));
        try
        {
            EncodableHistogram interval;
            while ((interval = next(reader)) != null)
            {
                final String tag = interval.getTag() == null ? "" : interval.getTag();
                final IntervalHistograms.Builder builder = series.get(tag);
                if (builder != null && !tag.startsWith(PhasedSeries.WARMUP_PREFIX) &&
                    interval instanceof AbstractHistogram histogram && histogram.getTotalCount() > 0)
                {
                    builder.add(histogram);
                }
            }
        }
        finally
        {
            reader.close();
        }
    }

    /**
     * @return the log's next interval, or null at its end or at a line it cannot decode (a log cut short).
     */
    private static EncodableHistogram next(final HistogramLogReader reader)
    {
        try
        {
            return reader.nextIntervalHistogram();
        }
        catch (final RuntimeException ex)
        {
            return null;
        }
    }
}
