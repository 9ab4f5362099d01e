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

/**
 * The 95 % intervals of one report row's corrected percentiles, and of their ratios to another row's, from a
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

    private final List<Path> logs = new ArrayList<>();
    private final Map<Double, PercentileInterval> intervals = new HashMap<>();
    private final Map<RowIntervals, Map<Double, RatioInterval>> ratios = new HashMap<>();
    private IntervalHistograms corrected;

    /**
     * Add the interval logs of one generator's run (all of them, with {@code --repeat}).
     */
    void addLogs(final List<Path> runLogs)
    {
        logs.addAll(runLogs);
        corrected = null;
    }

    /**
     * @param percentile in (0, 100].
     * @return the corrected percentile and its 95 % interval, or what the samples lack to support one.
     */
    PercentileInterval at(final double percentile)
    {
        return intervals.computeIfAbsent(percentile, p -> BOOTSTRAP.interval(corrected(), p));
    }

    /**
     * @param baseline the row this one is divided by (A's in a comparison, this being B's).
     * @return this row's corrected percentile ÷ the baseline's, with the 95 % interval of the ratio.
     */
    RatioInterval over(final RowIntervals baseline, final double percentile)
    {
        return ratios.computeIfAbsent(baseline, b -> new HashMap<>())
            .computeIfAbsent(percentile, p -> BOOTSTRAP.ratio(baseline.corrected(), corrected(), p));
    }

    /**
     * @throws ReportException naming the log when one cannot be read.
     */
    private IntervalHistograms corrected()
    {
        if (corrected == null)
        {
            try
            {
                final IntervalHistograms read = IntervalLogSeries.read(logs, RequestSeries.CORRECTED::equals)
                    .get(RequestSeries.CORRECTED);
                corrected = read != null ? read : IntervalHistograms.of(List.of());
            }
            catch (final UncheckedIOException ex)
            {
                throw new ReportException(ex.getMessage());
            }
        }
        return corrected;
    }
}
