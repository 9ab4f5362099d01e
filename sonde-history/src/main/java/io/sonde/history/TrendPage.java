package io.sonde.history;

import io.sonde.report.html.Html;
import io.sonde.report.html.SvgPlot;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The HTML page of {@code sonde history trend}: one scenario's percentiles run after run, the host's floor beside
 * them, as a table and an inline SVG plot (no script, no network, like the report).
 */
public final class TrendPage
{
    private static final int MOST_TICKS = 12;

    /**
     * One recorded run.
     *
     * @param run     e.g. {@code #12}.
     * @param started when it started, as people read it.
     * @param labels  its labels.
     * @param p50     µs.
     * @param p99     µs.
     * @param p99_9   µs.
     * @param floor   the host's own stall in the same session (the hiccup meter's p99.9), µs.
     */
    public record Point(String run, String started, String labels, double p50, double p99, double p99_9, double floor)
    {
    }

    private TrendPage()
    {
    }

    /**
     * @param title  what is plotted, e.g. the scenario and series.
     * @param points oldest first.
     */
    public static String render(final String title, final List<Point> points)
    {
        final StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Sonde trend</title>\n")
            .append("<style>body{font-family:sans-serif;margin:24px;color:#222}table{border-collapse:collapse;" +
                "margin:8px 0 20px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}" +
                "th{background:#f4f4f4}td.text,th.text{text-align:left}.title{font-weight:bold;font-size:13px}" +
                ".tick,.legend,.marker-label{font-size:10px}.axis{font-size:11px}.note{color:#555;font-size:13px}" +
                "</style></head><body>\n")
            .append("<h1>Sonde trend</h1>\n<p class=\"note\">").append(Html.escape(title))
            .append(". Latency is corrected (from each request's intended start). The floor is the hiccup " +
                "meter's p99.9 in the same run: what the host alone added, so a rise shared with it is the " +
                "host's.</p>\n");
        html.append(plot(points).render());
        html.append("<table id=\"trend\"><tr><th class=\"text\">run</th><th class=\"text\">started</th>" +
            "<th class=\"text\">labels</th><th>p50</th><th>p99</th><th>p99.9</th><th>floor</th></tr>\n");
        for (final Point point : points)
        {
            html.append(String.format(Locale.ROOT, "<tr><td class=\"text\">%s</td><td class=\"text\">%s</td>" +
                "<td class=\"text\">%s</td><td class=\"p50\">%s</td><td class=\"p99\">%s</td>" +
                "<td class=\"p99_9\">%s</td><td class=\"floor\">%s</td></tr>%n",
                Html.escape(point.run()), Html.escape(point.started()), Html.escape(point.labels()),
                Html.micros(point.p50()), Html.micros(point.p99()), Html.micros(point.p99_9()),
                Html.micros(point.floor())));
        }
        html.append("</table>\n</body></html>\n");
        return html.toString();
    }

    private static SvgPlot plot(final List<Point> points)
    {
        final SvgPlot plot = new SvgPlot("trend-plot", "Percentiles per run", "run", "latency");
        final List<SvgPlot.Point> p50 = new ArrayList<>();
        final List<SvgPlot.Point> p99 = new ArrayList<>();
        final List<SvgPlot.Point> p999 = new ArrayList<>();
        final List<SvgPlot.Point> floor = new ArrayList<>();
        final int every = Math.max(1, (points.size() + MOST_TICKS - 1) / MOST_TICKS);
        for (int i = 0; i < points.size(); i++)
        {
            final Point point = points.get(i);
            p50.add(new SvgPlot.Point(i, point.p50()));
            p99.add(new SvgPlot.Point(i, point.p99()));
            p999.add(new SvgPlot.Point(i, point.p99_9()));
            floor.add(new SvgPlot.Point(i, point.floor()));
            if (i % every == 0)
            {
                plot.xTick(i, point.run());
            }
        }
        return plot.series("p50", p50, false).series("p99", p99, false).series("p99.9", p999, false)
            .series("floor (hiccup p99.9)", floor, true);
    }
}
