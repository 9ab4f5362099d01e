package io.sonde.report;

import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.api.Percentiles;
import io.sonde.report.html.Html;
import io.sonde.report.html.SvgPlot;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The self-contained {@code report.html}: tables and inline SVG plots, no script, no network. Percentile
 * plots use the usual log "1/(1-p)" axis; every number comes from the merged histograms.
 */
final class HtmlReport
{
    private static final String STAGE_SUFFIX = "." + RequestSeries.CORRECTED;
    private static final double NANOS_PER_MICRO = 1000.0;

    private final StringBuilder html = new StringBuilder();

    private final List<HiccupLog> hiccups;

    private HtmlReport(final List<HiccupLog> hiccups)
    {
        this.hiccups = hiccups;
    }

    /**
     * @param hiccups other components' hiccup logs, overlaid on each step's latency over time by wall clock.
     */
    static String render(final List<ReportInput> inputs, final List<HiccupLog> hiccups)
    {
        return new HtmlReport(hiccups).build(inputs);
    }

    private String build(final List<ReportInput> inputs)
    {
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Sonde report</title>\n")
            .append("<style>body{font-family:sans-serif;margin:24px;color:#222}table{border-collapse:collapse;" +
                "margin:8px 0 20px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}" +
                "th{background:#f4f4f4}td.text,th.text{text-align:left}" +
                ".plots{display:flex;flex-wrap:wrap;gap:12px}.title{font-weight:bold;" +
                "font-size:13px}.tick,.legend,.marker-label{font-size:10px}.axis{font-size:11px}" +
                ".note{color:#555;font-size:13px}.ratio{white-space:nowrap}</style></head><body>\n")
            .append("<h1>Sonde report</h1>\n<p class=\"note\">Latency is <b>corrected</b> (from each request's " +
                "intended start, so stalls show in the tail) unless marked uncorrected (from the actual send). " +
                "Rows from several generators are merged by adding histograms, never by averaging percentiles.</p>\n");
        for (final ReportInput input : inputs)
        {
            section(input, inputs);
        }
        if (inputs.size() == 2)
        {
            comparison(inputs.get(0), inputs.get(1));
        }
        html.append("</body></html>\n");
        return html.toString();
    }

    private void section(final ReportInput input, final List<ReportInput> all)
    {
        final String key = slug(input.label());
        html.append("<h2>").append(Html.escape(input.label())).append(" <small>(").append(input.kind())
            .append(")</small></h2>\n");
        summaryTable(input, key);
        KneeSection.appendHtml(html, input, key);
        worstMoments(input, key);
        HiccupSection.append(html, input, key, hiccups);
        tailAtScaleTable(input, key);
        final PlotBands bands = new PlotBands();
        html.append("<div class=\"plots\">\n");
        if (input.rows().size() > 1)
        {
            html.append(latencyVersusRate(input, key, bands).render());
            html.append(everyStepsPercentiles(input, key).render());
        }
        for (final ReportRow row : input.rows())
        {
            html.append(percentilePlot(row, key, all, input).render());
            html.append(overTime(row, key, hiccups, bands).render());
        }
        final ReportRow focus = input.focusRow();
        html.append(stagePlot(focus, key).render());
        html.append("</div>\n");
        bands.appendNote(html, key);
        HopBreakdown.appendHtml(html, focus, key);
        MarketDataSection.appendHtml(html, input, key);
        FaultSection.appendHtml(html, input, key);
        BookSection.appendHtml(html, input, key);
        TickToTradeSection.appendHtml(html, input, key);
        failures(input, key);
        metadata(input.metadata(), key);
    }

    private void summaryTable(final ReportInput input, final String key)
    {
        html.append("<table id=\"summary-").append(key).append("\"><tr><th>step</th><th>generators</th>" +
            "<th>achieved/s</th><th>p50</th><th>p90</th><th>p99</th><th>p99.9</th><th>p99.99</th><th>max</th>" +
            "<th>uncorrected p99</th><th>floor p99</th><th>p99 ÷ floor</th><th>Sonde FIX floor p99</th>" +
            "<th>p99 ÷ FIX floor</th><th>errors</th>" +
            "<th class=\"text\">flags</th></tr>\n");
        for (final ReportRow row : input.rows())
        {
            final Percentiles corrected = ReportStats.corrected(row);
            html.append(String.format(Locale.ROOT, "<tr data-step=\"%.0f\"><td>%s</td><td>%d</td><td>%.0f</td>" +
                "<td class=\"p50\">%s</td><td class=\"p90\">%s</td><td class=\"p99\">%s</td>" +
                "<td class=\"p99_9\">%s</td><td class=\"p99_99\">%s</td><td class=\"max\">%s</td>" +
                "<td>%s</td><td>%s</td><td>%s</td>" +
                "<td class=\"fix-floor-p99\">%s</td><td class=\"fix-floor-ratio\">%s</td><td>%s</td>" +
                "<td class=\"text\">%s</td></tr>%n", row.key(), Html.escape(row.label()), row.generators(),
                row.achievedRate(), Html.micros(corrected.p50()), Html.micros(corrected.p90()),
                Html.micros(corrected.p99()), Html.micros(corrected.p99_9()), Html.micros(corrected.p99_99()),
                Html.micros(corrected.max()), Html.micros(ReportStats.uncorrected(row).p99()),
                floorCell(row.floorP99()), ratioCell(corrected.p99(), row.floorP99()),
                floorCell(row.fixFloorP99()), ratioCell(corrected.p99(), row.fixFloorP99()),
                row.fromSummary() ? Long.toString(row.errors()) : "-",
                row.verdict() == null ? "" : Html.escape(row.verdict())));
        }
        html.append("</table>\n");
        final List<String> floorLines = new ArrayList<>(input.floorSources());
        floorLines.addAll(input.notFloors());
        if (!floorLines.isEmpty())
        {
            html.append("<p id=\"floor-").append(key).append("\" class=\"note\">")
                .append(Html.escape(String.join("; ", floorLines))).append("</p>\n");
        }
    }

    private void worstMoments(final ReportInput input, final String key)
    {
        html.append("<ul id=\"worst-").append(key).append("\" class=\"note\">\n");
        for (final ReportRow row : input.rows())
        {
            html.append("<li>Worst moment at ").append(Html.escape(row.label())).append(": ")
                .append(Html.escape(ReportStats.worstMoment(row))).append("</li>\n");
        }
        html.append("</ul>\n");
    }

    private void tailAtScaleTable(final ReportInput input, final String key)
    {
        html.append("<h3>Tail at scale</h3><p class=\"note\">A request that fans out to K parallel calls of this " +
            "system waits for the slowest: its quantile q is the system's q<sup>1/K</sup>.</p>\n");
        html.append("<table id=\"tail-").append(key).append("\"><tr><th>step</th>");
        for (final int k : TailAtScale.FAN_OUTS)
        {
            html.append("<th>K=").append(k).append(" p50</th><th>K=").append(k).append(" p99</th>");
        }
        html.append("</tr>\n");
        for (final ReportRow row : input.rows())
        {
            html.append("<tr><td>").append(Html.escape(row.label())).append("</td>");
            for (final int k : TailAtScale.FAN_OUTS)
            {
                html.append("<td>").append(Html.micros(ReportStats.callerP50(row, k))).append("</td><td>")
                    .append(Html.micros(ReportStats.callerP99(row, k))).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    private static SvgPlot latencyVersusRate(final ReportInput input, final String key, final PlotBands bands)
    {
        final boolean sizes = input.rows().get(0).messageSize() != null;
        final SvgPlot plot = new SvgPlot("rate-" + key, sizes ? "Latency versus message size" :
            "Latency versus offered rate", sizes ? "NewOrderSingle size (bytes)" : "offered rate per generator (/s)",
            "corrected latency");
        final double[] percentiles = {50, 99, 99.9};
        final String[] names = {"p50", "p99", "p99.9"};
        for (int i = 0; i < percentiles.length; i++)
        {
            final List<SvgPlot.Point> points = new ArrayList<>();
            for (final ReportRow row : input.rows())
            {
                final Histogram corrected = row.log().total(RequestSeries.CORRECTED);
                points.add(new SvgPlot.Point(row.key(),
                    corrected.getValueAtPercentile(percentiles[i]) / NANOS_PER_MICRO));
            }
            plot.series(names[i], points, false);
            bands.byRate(plot, names[i], percentiles[i], input.rows());
        }
        final List<SvgPlot.Point> floor = new ArrayList<>();
        final List<SvgPlot.Point> fixFloor = new ArrayList<>();
        for (final ReportRow row : input.rows())
        {
            if (row.floorP99() != null)
            {
                floor.add(new SvgPlot.Point(row.key(), row.floorP99()));
            }
            if (row.fixFloorP99() != null)
            {
                fixFloor.add(new SvgPlot.Point(row.key(), row.fixFloorP99()));
            }
        }
        plot.series("floor p99", floor, true);
        plot.series("Sonde FIX floor p99", fixFloor, true);
        if (input.knee() != null)
        {
            plot.marker(input.knee(), "knee " + ReportTables.kneeLabel(input));
        }
        return plot;
    }

    /**
     * Every step's corrected distribution on one plot, the way STAC and wrk2 compare rates: where the curves part
     * is where the system starts to queue. The floor's curve goes beside them when the sweep had one.
     */
    private static SvgPlot everyStepsPercentiles(final ReportInput input, final String key)
    {
        final SvgPlot plot = new SvgPlot("overlay-" + key, "Percentile distribution of every step", "percentile",
            "corrected latency");
        PlotCurves.percentileAxis(plot);
        for (final ReportRow row : input.rows())
        {
            plot.series(row.label(), PlotCurves.percentileCurve(row.log().total(RequestSeries.CORRECTED)), false);
        }
        floorCurves(plot, input.focusRow());
        return plot;
    }

    private static void floorCurves(final SvgPlot plot, final ReportRow row)
    {
        row.floorCurves().forEach((name, histogram) -> plot.series(name, PlotCurves.percentileCurve(histogram), true));
    }

    private static SvgPlot percentilePlot(final ReportRow row, final String key, final List<ReportInput> all,
        final ReportInput owner)
    {
        final SvgPlot plot = new SvgPlot(String.format(Locale.ROOT, "percentiles-%s-%.0f", key, row.key()),
            "Percentile distribution at " + row.label(), "percentile",
            "latency");
        PlotCurves.percentileAxis(plot);
        plot.series("corrected", PlotCurves.percentileCurve(row.log().total(RequestSeries.CORRECTED)), false);
        plot.series("uncorrected", PlotCurves.percentileCurve(row.log().total(RequestSeries.UNCORRECTED)), true);
        for (final ReportInput other : all)
        {
            if (other == owner)
            {
                continue;
            }
            for (final ReportRow match : other.rows())
            {
                if (match.key() == row.key() && match.rate() == row.rate())
                {
                    plot.series(other.label() + " corrected",
                        PlotCurves.percentileCurve(match.log().total(RequestSeries.CORRECTED)), false);
                }
            }
        }
        floorCurves(plot, row);
        return plot;
    }

    private static SvgPlot overTime(
        final ReportRow row, final String key, final List<HiccupLog> others, final PlotBands bands)
    {
        final SvgPlot plot = new SvgPlot(String.format(Locale.ROOT, "time-%s-%.0f", key, row.key()),
            "Latency over time at " + row.label() + ", with " + (others.isEmpty() ? "Sonde's hiccups" : "hiccups"),
            row.log().fromMeasuredStart() ? "seconds into the measured window" : "seconds since start", "latency");
        plot.series("corrected p99", PlotCurves.intervalValues(row.log(), RequestSeries.CORRECTED, 99), false);
        bands.overTime(plot, "corrected p99", row, RequestSeries.CORRECTED);
        plot.series("corrected max", PlotCurves.intervalValues(row.log(), RequestSeries.CORRECTED, 100), true);
        if (row.log().has(MarketDataSection.ORDER_TO_TICK))
        {
            plot.series("order-to-tick p99", PlotCurves.intervalValues(row.log(), MarketDataSection.ORDER_TO_TICK,
                99), false);
            bands.overTime(plot, "order-to-tick p99", row, MarketDataSection.ORDER_TO_TICK);
        }
        plot.series("hiccup max", PlotCurves.intervalValues(row.log(), HiccupMeter.TAG, 100), false);
        for (final HiccupLog other : others)
        {
            plot.series("hiccup max " + other.component(), hiccupMaxima(row.log(), other), false);
        }
        FaultSection.mark(plot, row);
        return plot;
    }

    /**
     * The component's hiccup max per interval, placed on the step's time axis by wall clock; intervals outside
     * the step are left out.
     */
    private static List<SvgPlot.Point> hiccupMaxima(final RecordedLog log, final HiccupLog other)
    {
        final List<RecordedLog.Interval> step = log.intervals(RequestSeries.CORRECTED);
        final List<SvgPlot.Point> points = new ArrayList<>();
        if (step.isEmpty())
        {
            return points;
        }
        final long fromMs = Math.max(log.epochMs(0), log.epochMs(step.get(0).startSeconds()));
        final long toMs = log.epochMs(step.get(step.size() - 1).endSeconds());
        final long originMs = log.epochMs(0);
        for (final HiccupLog.Timed interval : other.intervals())
        {
            if (interval.endMs() > fromMs && interval.endMs() <= toMs)
            {
                points.add(new SvgPlot.Point((interval.endMs() - originMs) / 1000.0,
                    interval.histogram().getMaxValue() / NANOS_PER_MICRO));
            }
        }
        return points;
    }

    private static SvgPlot stagePlot(final ReportRow row, final String key)
    {
        final SvgPlot plot = new SvgPlot(String.format(Locale.ROOT, "stages-%s", key),
            "FIX lifecycle stages at " + row.label(), "percentile", "latency");
        PlotCurves.percentileAxis(plot);
        for (final Map.Entry<String, Histogram> tag : row.log().totals().entrySet())
        {
            if (tag.getKey().endsWith(STAGE_SUFFIX) && tag.getValue().getTotalCount() > 0)
            {
                plot.series(tag.getKey().substring(0, tag.getKey().length() - STAGE_SUFFIX.length()),
                    PlotCurves.percentileCurve(tag.getValue()), false);
            }
        }
        return plot;
    }

    private void comparison(final ReportInput a, final ReportInput b)
    {
        html.append("<h2>").append(Html.escape(b.label())).append(" ÷ ").append(Html.escape(a.label()))
            .append("</h2>\n");
        final String note = ReportComparison.note(a, b);
        if (note != null)
        {
            html.append("<p id=\"comparison-note\" class=\"note\">").append(Html.escape(note)).append("</p>\n");
        }
        html.append("<table id=\"comparison\"><tr><th>step</th><th>p50</th><th>p90</th><th>p99</th>" +
            "<th>p99.9</th><th>p99.99</th><th>max</th></tr>\n");
        ReportComparison.ratios(a, b).forEach(ratio -> ReportComparison.appendHtml(html, ratio));
        html.append("</table>\n<p class=\"note\">B ÷ A with the 95 % interval of each ratio, from a block " +
            "bootstrap of both runs' interval logs: beyond the noise when the whole interval lies above or below 1, " +
            "within the noise when it holds 1.</p>\n");
        final String onlyOne = MarketDataSection.onlyOne(a, b);
        final ReportComparison.Ratio tick = MarketDataSection.ratio(a.focusRow(), b.focusRow());
        if (onlyOne != null)
        {
            html.append("<p id=\"tick-comparison-note\" class=\"note\">").append(Html.escape(onlyOne))
                .append("</p>\n");
        }
        else if (tick != null)
        {
            html.append("<table id=\"tick-comparison\"><tr><th>series</th><th>p50</th><th>p90</th><th>p99</th>" +
                "<th>p99.9</th><th>p99.99</th><th>max</th></tr>\n");
            ReportComparison.appendHtml(html, tick);
            html.append("</table>\n");
        }
        BookComparison.appendHtml(html, a, b);
        HopBreakdown.appendComparisonHtml(html, a.focusRow(), b.focusRow());
        FaultSection.appendComparisonHtml(html, a.focusRow(), b.focusRow());
    }

    private void failures(final ReportInput input, final String key)
    {
        html.append("<h3>Failures</h3><table id=\"failures-").append(key)
            .append("\"><tr><th>step</th><th class=\"text\">kind</th><th>count</th></tr>\n");
        boolean any = false;
        for (final ReportRow row : input.rows())
        {
            final List<FailureCounts.Line> lines = new ArrayList<>(FailureCounts.failures(row.failures()));
            FailureCounts.notFailures(row.failures()).forEach(count ->
                lines.add(new FailureCounts.Line(count.kind() + " (a count, not a failure)", count.count())));
            for (final FailureCounts.Line line : lines)
            {
                any = true;
                html.append(String.format(Locale.ROOT, "<tr><td>%s</td><td class=\"text\">%s</td><td>%s</td></tr>%n",
                    Html.escape(row.label()), Html.escape(line.kind()), Html.escape(line.count())));
            }
        }
        if (!any)
        {
            html.append("<tr><td colspan=\"3\" class=\"text\">").append(input.rows().stream()
                .allMatch(ReportRow::fromSummary) ? "none at any rate" : "not recorded in interval logs")
                .append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private void metadata(final Map<String, String> metadata, final String key)
    {
        html.append("<h3>Configuration disclosure</h3><table id=\"metadata-").append(key).append("\">\n");
        metadata.forEach((name, value) -> html.append("<tr><th class=\"text\">").append(Html.escape(name))
            .append("</th><td class=\"text\">").append(DisclosureCell.html(value)).append("</td></tr>\n"));
        html.append("</table>\n");
    }

    private static String floorCell(final Double micros)
    {
        return micros == null ? "-" : Html.micros(micros);
    }

    private static String ratioCell(final double p99, final Double floorP99)
    {
        return floorP99 == null || floorP99 <= 0 ? "-" : String.format(Locale.ROOT, "%.1f×", p99 / floorP99);
    }

    private static String slug(final String label)
    {
        final String slug = label.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-|-$", "");
        return slug.isEmpty() ? "input" : slug;
    }
}
