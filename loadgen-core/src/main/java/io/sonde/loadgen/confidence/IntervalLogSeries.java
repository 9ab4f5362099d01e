package io.sonde.loadgen.confidence;

import io.sonde.loadgen.record.PhasedSeries;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The measured interval histograms of each series (each tag) of one or more interval logs ({@code run.hlog}) of one
 * measurement, laid out for {@link BlockBootstrap}: what every interval Sonde prints is resampled from.
 * <p>
 * Each log is one run: the logs of a repeat are pooled, so that a resample draws runs, then blocks within them.
 * Warm-up intervals (tagged {@code warmup-...}) are left out, and so are intervals without a sample: the measured
 * series log one every second of the warm-up. A log that stops in the middle of a line (a run killed while writing
 * it) gives the intervals before it, and the intervals say how many they used. Each log is read once, for every
 * series at once, and no decoded histogram is kept: each series keeps only its recorded buckets, and is laid on its
 * grid when asked for, so that a caller going series by series holds one grid at a time (a 10-minute run's dozen
 * series would otherwise hold a dozen grids of up to 600 × 14,000 counts at once).
 */
public final class IntervalLogSeries
{
    private final Map<String, IntervalHistograms.Builder> byTag;

    private IntervalLogSeries(final Map<String, IntervalHistograms.Builder> byTag)
    {
        this.byTag = byTag;
    }

    /**
     * @param logs the interval logs of the runs of one measurement, in run order.
     * @param tags which series to keep: e.g. {@code Set.of("corrected")::contains}, or {@code tag -> true} for all.
     * @return their measured intervals, series by series.
     * @throws UncheckedIOException when a log cannot be read.
     */
    public static IntervalLogSeries read(final List<Path> logs, final Predicate<String> tags)
    {
        final Map<String, IntervalHistograms.Builder> builders = new LinkedHashMap<>();
        for (final Path log : logs)
        {
            try (InputStream in = Files.newInputStream(log))
            {
                readRun(in, tags, builders);
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException("cannot read the interval log " + log, ex);
            }
        }
        return new IntervalLogSeries(builders);
    }

    /**
     * @param logTexts the text of each run's interval log, in run order (e.g. as a history database keeps them).
     * @param tags     which series to keep.
     * @return their measured intervals, series by series.
     */
    public static IntervalLogSeries readTexts(final List<String> logTexts, final Predicate<String> tags)
    {
        final Map<String, IntervalHistograms.Builder> builders = new LinkedHashMap<>();
        for (final String text : logTexts)
        {
            readRun(new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII)), tags, builders);
        }
        return new IntervalLogSeries(builders);
    }

    /**
     * @param tag a series, e.g. {@code corrected}.
     * @return its measured intervals, laid on their grid anew at each call (hold the result while using it), or null
     *         when no log holds a sample of it.
     */
    public IntervalHistograms get(final String tag)
    {
        final IntervalHistograms.Builder builder = byTag.get(tag);
        return builder == null ? null : builder.build();
    }

    /**
     * @return every series with a measured sample, in the order the logs first gave them.
     */
    public Set<String> tags()
    {
        return byTag.keySet();
    }

    /**
     * @return how many runs the series with the most were measured in: 1 for a single run, 0 without a sample.
     */
    public int mostRuns()
    {
        int most = 0;
        for (final IntervalHistograms.Builder builder : byTag.values())
        {
            most = Math.max(most, builder.runs());
        }
        return most;
    }

    private static void readRun(
        final InputStream in, final Predicate<String> tags, final Map<String, IntervalHistograms.Builder> builders)
    {
        final HistogramLogReader reader = new HistogramLogReader(in);
        try
        {
            EncodableHistogram interval;
            while ((interval = next(reader)) != null)
            {
                final String tag = interval.getTag() == null ? "" : interval.getTag();
                if (!tag.startsWith(PhasedSeries.WARMUP_PREFIX) && tags.test(tag) &&
                    interval instanceof AbstractHistogram histogram && histogram.getTotalCount() > 0)
                {
                    builders.computeIfAbsent(tag, t -> IntervalHistograms.builder()).add(histogram);
                }
            }
        }
        finally
        {
            reader.close();
        }
        builders.values().forEach(IntervalHistograms.Builder::endRun);
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
