package io.sonde.report;

import io.sonde.report.html.SvgPlot;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * The curves the HTML report's plots draw from histograms and interval logs: percentile distributions on the
 * log "1/(1-p)" axis and one percentile per interval over time.
 */
final class PlotCurves
{
    private static final double NANOS_PER_MICRO = 1000.0;
    /** An interval shorter than this share of the log's longest is the run's partial closing one. */
    private static final double PARTIAL_BELOW = 0.5;
    private static final String[] PERCENTILE_LABELS = {"0%", "90%", "99%", "99.9%", "99.99%", "99.999%", "99.9999%"};

    private PlotCurves()
    {
    }

    static void percentileAxis(final SvgPlot plot)
    {
        for (int i = 0; i < PERCENTILE_LABELS.length; i++)
        {
            plot.xTick(i, PERCENTILE_LABELS[i]);
        }
    }

    /**
     * Points at x = log10(1/(1-p)) up to where the sample count still resolves the percentile.
     */
    static List<SvgPlot.Point> percentileCurve(final Histogram histogram)
    {
        final List<SvgPlot.Point> points = new ArrayList<>();
        final long count = histogram.getTotalCount();
        if (count == 0)
        {
            return points;
        }
        final double maxX = Math.log10(count);
        for (double x = 0; x <= maxX + 1e-9; x += 0.05)
        {
            final double percentile = 100.0 * (1 - Math.pow(10, -x));
            points.add(new SvgPlot.Point(x, histogram.getValueAtPercentile(percentile) / NANOS_PER_MICRO));
        }
        points.add(new SvgPlot.Point(maxX, histogram.getMaxValue() / NANOS_PER_MICRO));
        return points;
    }

    /**
     * One point per {@link #fullIntervals full interval}: its value at {@code percentile}.
     */
    static List<SvgPlot.Point> intervalValues(final RecordedLog log, final String tag, final double percentile)
    {
        final List<SvgPlot.Point> points = new ArrayList<>();
        for (final RecordedLog.Interval interval : fullIntervals(log, tag))
        {
            points.add(new SvgPlot.Point(interval.endSeconds(),
                interval.histogram().getValueAtPercentile(percentile) / NANOS_PER_MICRO));
        }
        return points;
    }

    /**
     * The intervals of {@code tag} plotted over time, in time order: those with samples, less the run's closing
     * interval. That one is partial (from the last tick to the end of the drain, often a few milliseconds holding
     * only the last answers): its percentile is of a handful of samples and plotted as a cliff at the end of every
     * run, so it is left out here rather than scaled (scaling by its length would suit a count or a rate, not a
     * percentile). Its samples stay in every total and distribution.
     */
    static List<RecordedLog.Interval> fullIntervals(final RecordedLog log, final String tag)
    {
        final List<RecordedLog.Interval> intervals = log.intervals(tag);
        final double fullSeconds = intervals.stream().mapToDouble(PlotCurves::lengthSeconds).max().orElse(0);
        return intervals.stream().filter(interval -> interval.histogram().getTotalCount() > 0 &&
            lengthSeconds(interval) >= fullSeconds * PARTIAL_BELOW).toList();
    }

    private static double lengthSeconds(final RecordedLog.Interval interval)
    {
        return interval.endSeconds() - interval.startSeconds();
    }
}
