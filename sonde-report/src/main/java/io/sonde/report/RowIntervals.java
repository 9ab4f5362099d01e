package io.sonde.report;

import io.sonde.loadgen.confidence.BlockBootstrap;
import io.sonde.loadgen.confidence.IntervalHistograms;
import io.sonde.loadgen.confidence.IntervalLogSeries;
import io.sonde.loadgen.confidence.PercentileInterval;
import io.sonde.loadgen.confidence.RatioInterval;
import io.sonde.loadgen.record.RequestSeries;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The 95 % intervals of one report row's percentiles (corrected, order-to-tick where it read market data, and each
 * action's stage where it ran the book flow), and
 * of their ratios to another row's, from a
 * {@link BlockBootstrap} with the default seed over the interval logs of the row's runs: the same folders give the
 * same intervals. Each log is one run, so the logs of a {@code --repeat} are pooled as its runs, and so are the logs
 * of several generators at one rate: a resample draws logs, then blocks within them, and the interval holds how
 * the generators differ as well as how each is noisy.
 * <p>
 * The logs are read once, when an interval is first asked for, and every interval is kept once computed: a report
 * asks for the same ones for its terminal, HTML and JSON. Used by one thread.
 */
final class RowIntervals
{
    private static final BlockBootstrap BOOTSTRAP = new BlockBootstrap();
    private static final Set<String> SERIES = Stream.concat(Stream.of(RequestSeries.CORRECTED,
        MarketDataSection.ORDER_TO_TICK), BookComparison.STAGE_TAGS.stream()).collect(Collectors.toUnmodifiableSet());
    private static final IntervalHistograms NO_SAMPLES = IntervalHistograms.of(List.of());

    private final List<Path> logs = new ArrayList<>();
    private final Map<String, PercentileInterval> intervals = new HashMap<>();
    private final Map<RowIntervals, Map<String, RatioInterval>> ratios = new HashMap<>();
    private IntervalLogSeries series;

    /**
     * Add the interval logs of one generator's run (all of them, with {@code --repeat}).
     */
    void addLogs(final List<Path> runLogs)
    {
        logs.addAll(runLogs);
        series = null;
    }

    /**
     * @param tag        {@code corrected}, order-to-tick's ({@link MarketDataSection#ORDER_TO_TICK}) or a book
     *                   action's stage ({@link BookComparison#STAGE_TAGS}).
     * @param percentile in (0, 100].
     * @return the percentile and its 95 % interval, or what the samples lack to support one.
     */
    PercentileInterval at(final String tag, final double percentile)
    {
        return intervals.computeIfAbsent(tag + "@" + percentile, key -> BOOTSTRAP.interval(series(tag), percentile));
    }

    /**
     * @param baseline the row this one is divided by (A's in a comparison, this being B's).
     * @return this row's percentile ÷ the baseline's, with the 95 % interval of the ratio.
     */
    RatioInterval over(final RowIntervals baseline, final String tag, final double percentile)
    {
        return ratios.computeIfAbsent(baseline, b -> new HashMap<>()).computeIfAbsent(tag + "@" + percentile,
            key -> BOOTSTRAP.ratio(baseline.series(tag), series(tag), percentile));
    }

    /**
     * @return the tag's measured intervals of every log, none when the logs hold no sample of it.
     * @throws ReportException naming the log when one cannot be read.
     */
    private IntervalHistograms series(final String tag)
    {
        if (series == null)
        {
            try
            {
                series = IntervalLogSeries.read(logs, SERIES::contains);
            }
            catch (final UncheckedIOException ex)
            {
                throw new ReportException(ex.getMessage());
            }
        }
        final IntervalHistograms read = series.get(tag);
        return read != null ? read : NO_SAMPLES;
    }
}
