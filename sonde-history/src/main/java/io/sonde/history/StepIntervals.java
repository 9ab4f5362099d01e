package io.sonde.history;

import io.sonde.loadgen.confidence.IntervalHistograms;
import io.sonde.loadgen.confidence.IntervalLogSeries;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The measured interval histograms of each step of a result, read from the interval logs the history keeps
 * ({@code run.hlog}), for the series the regression gate compares: what its intervals are resampled from. Every log
 * of a step is one run of it, pooled as {@link IntervalLogSeries} describes.
 */
final class StepIntervals
{
    /** How an interval log's name ends. */
    static final String LOG_SUFFIX = ".hlog";

    private final Map<String, Map<String, IntervalHistograms>> bySteps;
    private final int mostRuns;

    private StepIntervals(final Map<String, Map<String, IntervalHistograms>> bySteps, final int mostRuns)
    {
        this.bySteps = bySteps;
        this.mostRuns = mostRuns;
    }

    /**
     * @param files a result's files by path relative to its folder, with {@code /}: the interval logs among them
     *              ({@value #LOG_SUFFIX}) are read, each in its step's folder.
     * @param tags  the series to keep, e.g. {@code corrected}.
     * @return each step's measured intervals of those series.
     */
    static StepIntervals read(final Map<String, String> files, final Set<String> tags)
    {
        final Map<String, List<String>> logsBySteps = new TreeMap<>();
        new TreeMap<>(files).forEach((path, text) ->
        {
            if (path.endsWith(LOG_SUFFIX))
            {
                final String step = path.contains("/") ? path.substring(0, path.lastIndexOf('/')) : "";
                logsBySteps.computeIfAbsent(step, s -> new ArrayList<>()).add(text);
            }
        });
        final Map<String, Map<String, IntervalHistograms>> bySteps = new TreeMap<>();
        int mostRuns = 0;
        for (final Map.Entry<String, List<String>> step : logsBySteps.entrySet())
        {
            final IntervalLogSeries series = IntervalLogSeries.readTexts(step.getValue(), tags::contains);
            final Map<String, IntervalHistograms> byTag = new LinkedHashMap<>();
            series.tags().forEach(tag -> byTag.put(tag, series.get(tag)));
            bySteps.put(step.getKey(), byTag);
            mostRuns = Math.max(mostRuns, series.mostRuns());
        }
        return new StepIntervals(bySteps, mostRuns);
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
        return mostRuns;
    }
}
