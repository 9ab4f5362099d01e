package io.sonde.report;

import io.sonde.api.Hop;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.HopsByLatency;
import io.sonde.loadgen.record.HopsByLatencyCsv;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.time.Latency;
import io.sonde.report.html.Html;
import org.HdrHistogram.Histogram;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The hops of a report row's answers, read from its interval logs (tags {@code hop.NAME}, added across
 * generators like every other series) and its hops by latency ({@link HopsByLatencyCsv}), in path order: as
 * {@code sonde run}'s table on the terminal ({@link HopTable}); in HTML as a table and two stacked bars (what the
 * answers at the median and at p99 spent their time on: which hop owns the typical answer, which the slow ones);
 * and side by side for {@code --compare}, so a before/after of a change reads hop by hop.
 */
final class HopBreakdown
{
    private static final double NANOS_PER_MICRO = 1000.0;
    private static final String NEW_ACK = "new-ack." + RequestSeries.CORRECTED;
    private static final String[] COLOURS =
        {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f"};

    private HopBreakdown()
    {
    }

    /**
     * @return the row's measured hops in path order, in µs, as a run's summary gives them, but from the histograms
     *         and hops by latency of all its generators; {@code atP50} and {@code atP99} are NaN when its runs wrote
     *         no hops by latency; with their intervals when the row has one generator; empty when its runs split
     *         none.
     */
    static List<Hop> of(final ReportRow row)
    {
        final HopsByLatencyCsv.Loaded byLatency = row.hopsByLatency();
        final HopsByLatency.Composition atMedian = byLatency == null ? null : byLatency.byLatency().at(50);
        final HopsByLatency.Composition atTail = byLatency == null ? null : byLatency.byLatency().at(99);
        final List<Hop> hops = new ArrayList<>();
        for (final Map.Entry<String, Histogram> tag : row.log().totals().entrySet())
        {
            final Histogram total = tag.getValue();
            if (tag.getKey().startsWith(HopSeries.TAG_PREFIX) && total.getTotalCount() > 0)
            {
                final String name = tag.getKey().substring(HopSeries.TAG_PREFIX.length());
                final int index = byLatency == null ? -1 : byLatency.hopNames().indexOf(name);
                hops.add(new Hop(name, micros(total.getValueAtPercentile(50)),
                    micros(total.getValueAtPercentile(90)), micros(total.getValueAtPercentile(99)),
                    micros(total.getValueAtPercentile(99.9)), micros(total.getMaxValue()), total.getTotalCount(),
                    meanMicros(atMedian, index), meanMicros(atTail, index), row.hopIntervals(name)));
            }
        }
        return hops;
    }

    /**
     * @return the median of the answers the hops split (new orders' acknowledgements), µs: what the median
     *         answers' hops add up to; NaN when the run staged no new orders alone (a book's).
     */
    static double answersMedianMicros(final ReportRow row)
    {
        final Histogram newAck = row.log().total(NEW_ACK);
        return newAck.getTotalCount() == 0 ? Double.NaN : micros(newAck.getValueAtPercentile(50));
    }

    /**
     * Print the row's hops as {@code sonde run} prints a run's; nothing when it has none.
     */
    static void print(final PrintWriter out, final ReportRow row)
    {
        HopTable.print(out, of(row), answersMedianMicros(row), (row.fromSummary() ? "at " : "in the ") + row.label(),
            null);
    }

    private static double meanMicros(final HopsByLatency.Composition composition, final int hop)
    {
        return composition == null || hop < 0 ? Double.NaN : composition.meanHopNanos()[hop] / NANOS_PER_MICRO;
    }

    private static double micros(final long nanos)
    {
        return nanos / NANOS_PER_MICRO;
    }

    /**
     * The row's hops as a table and two stacked bars; nothing when it has none.
     */
    static void appendHtml(final StringBuilder html, final ReportRow row, final String key)
    {
        final List<Hop> hops = of(row);
        if (hops.isEmpty())
        {
            return;
        }
        final boolean composed = composed(hops);
        html.append("<h3>Where the time goes at ").append(Html.escape(row.label())).append("</h3>\n")
            .append("<p class=\"note\">Each new order's answer split into the hops it crossed, in path order. The " +
                "hops add up answer by answer. ").append(composed ?
                "A bar is what the answers at the median (or at p99) spent in each hop, on average: it adds up to " +
                    "that percentile. The table adds each hop's own percentiles, which need not add up, since an " +
                    "answer is slow in some one hop." :
                "These runs wrote no hops by latency, so a bar's width is each hop's share of the sum of the " +
                    "hops' own medians (or 99th percentiles).").append("</p>\n");
        bar(html, key, "median", hops, composed ? Hop::atP50 : Hop::p50);
        bar(html, key, "p99", hops, composed ? Hop::atP99 : Hop::p99);
        html.append("<table id=\"hops-").append(key).append("\"><tr><th class=\"text\">hop</th><th>p50</th>" +
            "<th>p99</th><th>count</th><th>at p50</th><th>at p99</th></tr>\n");
        for (final Hop hop : hops)
        {
            html.append(String.format(Locale.ROOT, "<tr data-hop=\"%s\"><td class=\"text\">%s</td>" +
                "<td class=\"p50\">%s</td><td class=\"p99\">%s</td><td>%d</td><td class=\"at-p50\">%s</td>" +
                "<td class=\"at-p99\">%s</td></tr>%n", Html.escape(hop.name()), Html.escape(hop.name()),
                Html.micros(hop.p50()), Html.micros(hop.p99()), hop.count(), composedMicros(hop.atP50()),
                composedMicros(hop.atP99())));
        }
        html.append("</table>\n");
    }

    /**
     * B's hops beside A's, with B ÷ A, for the focus rows of a comparison; nothing when neither has hops.
     */
    static void appendComparisonHtml(final StringBuilder html, final ReportRow a, final ReportRow b)
    {
        final Comparison comparison = Comparison.of(a, b);
        if (comparison.rows().isEmpty())
        {
            return;
        }
        final boolean composed = comparison.composed();
        final List<String[]> rows = comparison.rows();
        final String p50 = column(composed, "p50");
        final String p99 = column(composed, "p99");
        html.append("<h3>Hops side by side</h3>\n<p class=\"note\">").append(composed ?
            "What the answers at the median and at p99 spent in each hop, in A and in B." :
            "Each hop's own percentiles, in A and in B.").append("</p>\n<table id=\"hop-comparison\"><tr>" +
            "<th class=\"text\">hop</th><th>A " + p50 + "</th><th>B " + p50 + "</th><th>B ÷ A</th><th>A " + p99 +
            "</th><th>B " + p99 + "</th><th>B ÷ A</th></tr>\n");
        for (final String[] cells : rows)
        {
            html.append("<tr><td class=\"text\">").append(Html.escape(cells[0])).append("</td>");
            for (int i = 1; i < cells.length; i++)
            {
                html.append("<td>").append(cells[i]).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    /**
     * The same comparison on the terminal.
     */
    static void printComparison(final PrintWriter out, final ReportRow a, final ReportRow b)
    {
        final Comparison comparison = Comparison.of(a, b);
        if (comparison.rows().isEmpty())
        {
            return;
        }
        final boolean composed = comparison.composed();
        final List<String[]> rows = comparison.rows();
        final String p50 = column(composed, "p50");
        final String p99 = column(composed, "p99");
        final String format = "%16s %9s %9s %8s %9s %9s %8s%n";
        out.printf(Locale.ROOT, "%nhops, A: %s, B: %s (%s)%n", a.label(), b.label(), composed ?
            "what the answers at the median and at p99 spent in each hop" : "each hop's own percentiles");
        out.printf(Locale.ROOT, format, "hop", "A " + p50, "B " + p50, "B ÷ A", "A " + p99, "B " + p99, "B ÷ A");
        for (final String[] cells : rows)
        {
            out.printf(Locale.ROOT, format, (Object[])cells);
        }
    }

    /**
     * Hops in A's path order, then any only B has; a hop missing on one side shows a dash.
     *
     * @param composed both sides wrote their hops by latency: compare what the answers at the median and at p99
     *                 spent in each hop, which add up to those percentiles on each side, rather than each hop's own
     *                 percentiles.
     */
    private static List<String[]> comparisonRows(final List<Hop> a, final List<Hop> b, final boolean composed)
    {
        final ToDoubleFunction<Hop> median = composed ? Hop::atP50 : Hop::p50;
        final ToDoubleFunction<Hop> tail = composed ? Hop::atP99 : Hop::p99;
        final List<String> names = new ArrayList<>();
        a.forEach(hop -> names.add(hop.name()));
        b.stream().map(Hop::name).filter(name -> !names.contains(name)).forEach(names::add);
        final List<String[]> rows = new ArrayList<>();
        for (final String name : names)
        {
            final Hop before = find(a, name);
            final Hop after = find(b, name);
            rows.add(new String[]{name,
                before == null ? "-" : Latency.formatMicros(median.applyAsDouble(before)),
                after == null ? "-" : Latency.formatMicros(median.applyAsDouble(after)),
                before == null || after == null ? "-" :
                    times(median.applyAsDouble(after), median.applyAsDouble(before)),
                before == null ? "-" : Latency.formatMicros(tail.applyAsDouble(before)),
                after == null ? "-" : Latency.formatMicros(tail.applyAsDouble(after)),
                before == null || after == null ? "-" :
                    times(tail.applyAsDouble(after), tail.applyAsDouble(before))});
        }
        return rows;
    }

    /**
     * @return whether every hop has what the answers at the median spent in it.
     */
    private static boolean composed(final List<Hop> hops)
    {
        return hops.stream().noneMatch(hop -> Double.isNaN(hop.atP50()));
    }

    /**
     * @return a comparison column's name: {@code at p50} for the answers at that percentile, else the hop's own.
     */
    private static String column(final boolean composed, final String percentile)
    {
        return composed ? "at " + percentile : percentile;
    }

    private static String composedMicros(final double micros)
    {
        return Double.isNaN(micros) ? "-" : Html.micros(micros);
    }

    private static void bar(
        final StringBuilder html, final String key, final String label, final List<Hop> hops,
        final ToDoubleFunction<Hop> width)
    {
        double sum = 0;
        for (final Hop hop : hops)
        {
            sum += width.applyAsDouble(hop);
        }
        html.append("<div class=\"hop-bar\" id=\"hop-bar-").append(key).append('-').append(label)
            .append("\" style=\"display:flex;width:720px;height:26px;margin:4px 0;font-size:11px;color:#fff\">")
            .append("<span style=\"width:60px;color:#222\">").append(label).append("</span>");
        for (int i = 0; i < hops.size(); i++)
        {
            final Hop hop = hops.get(i);
            final double value = width.applyAsDouble(hop);
            final double share = sum > 0 ? value / sum : 0;
            html.append(String.format(Locale.ROOT, "<span data-hop=\"%s\" title=\"%s %s (%.0f%%)\" " +
                "style=\"width:%.1fpx;background:%s;overflow:hidden;white-space:nowrap\">%s</span>",
                Html.escape(hop.name()), Html.escape(hop.name()), Html.micros(value), 100 * share, 660 * share,
                COLOURS[i % COLOURS.length], share >= 0.08 ? Html.escape(hop.name()) : ""));
        }
        html.append("</div>\n");
    }

    private static Hop find(final List<Hop> hops, final String name)
    {
        for (final Hop hop : hops)
        {
            if (hop.name().equals(name))
            {
                return hop;
            }
        }
        return null;
    }

    private static String times(final double after, final double before)
    {
        return before > 0 ? String.format(Locale.ROOT, "%.2fx", after / before) : "-";
    }

    /**
     * The rows of a comparison of two reports' hops, and whether both sides carry hops by latency, decided once
     * for the terminal and the HTML alike.
     */
    private record Comparison(boolean composed, List<String[]> rows)
    {
        static Comparison of(final ReportRow a, final ReportRow b)
        {
            final List<Hop> hopsOfA = HopBreakdown.of(a);
            final List<Hop> hopsOfB = HopBreakdown.of(b);
            final boolean composed = HopBreakdown.composed(hopsOfA) && HopBreakdown.composed(hopsOfB);
            return new Comparison(composed, comparisonRows(hopsOfA, hopsOfB, composed));
        }
    }
}
