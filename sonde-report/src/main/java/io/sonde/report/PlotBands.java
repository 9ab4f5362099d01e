package io.sonde.report;

import io.sonde.loadgen.confidence.PercentileInterval;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.report.html.Html;
import io.sonde.report.html.SvgPlot;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The 95 % confidence bands of the HTML report's plots: on latency over time, the corrected (and order-to-tick)
 * p99 of the {@link TimeBand moving window} around each interval; on latency versus rate, each step's percentile
 * from its own interval logs ({@link RowIntervals}). Where the samples cannot support a band it is left out, and
 * the note under the plots says what they lacked: a band is never drawn where it would mean nothing.
 */
final class PlotBands
{
    /** What a band is, in the legend of each plot that has one; the note under the plots says more. */
    static final String LEGEND = "95 % interval";
    private static final double NANOS_PER_MICRO = 1000.0;

    private final List<String> gaps = new ArrayList<>();

    /**
     * Band a p99 over time, the line {@code series} of {@code plot}.
     *
     * @param tag the series of the row's interval logs the line plots, e.g. {@code corrected}.
     */
    void overTime(final SvgPlot plot, final String series, final ReportRow row, final String tag)
    {
        final TimeBand.Band band = TimeBand.of(PlotCurves.fullIntervals(row.log(), tag), 99);
        band.stretches().forEach(stretch -> plot.band(series, stretch, LEGEND));
        if (band.without() > 0)
        {
            gaps.add(String.format(Locale.ROOT, "%s over time at %s: no band at %d of its points (%s in a window)",
                series, row.label(), band.without(), band.shortfall()));
        }
    }

    /**
     * Band each step's percentile, the line {@code series} of {@code plot}, from the step's own interval logs.
     */
    void byRate(final SvgPlot plot, final String series, final double percentile, final List<ReportRow> rows)
    {
        List<SvgPlot.Span> stretch = new ArrayList<>();
        for (final ReportRow row : rows)
        {
            final PercentileInterval interval = row.intervals().at(RequestSeries.CORRECTED, percentile);
            if (interval.supported())
            {
                stretch.add(new SvgPlot.Span(row.key(), interval.lower() / NANOS_PER_MICRO,
                    interval.upper() / NANOS_PER_MICRO));
                continue;
            }
            gaps.add(String.format(Locale.ROOT, "%s at %s: no band (%s)", series, row.label(), interval.shortfall()));
            if (!stretch.isEmpty())
            {
                plot.band(series, stretch, LEGEND);
                stretch = new ArrayList<>();
            }
        }
        if (!stretch.isEmpty())
        {
            plot.band(series, stretch, LEGEND);
        }
    }

    /**
     * The note under the plots: what the bands are, and where a band was left out, why.
     */
    void appendNote(final StringBuilder html, final String key)
    {
        html.append("<p id=\"bands-").append(key).append("\" class=\"note\">Shaded bands are 95 % confidence " +
            "intervals from a seeded block bootstrap of the run's own interval histograms (docs/measuring.md). Over " +
            "time: the interval of p99 over the ").append(TimeBand.WINDOW).append(" intervals around " +
            "each point; the line is each interval's own p99, so a point outside its band is an interval unlike " +
            "those around it. Against rate: each step's percentile from that step's interval logs.");
        for (final String gap : gaps)
        {
            html.append("<br>").append(Html.escape(gap));
        }
        html.append("</p>\n");
    }
}
