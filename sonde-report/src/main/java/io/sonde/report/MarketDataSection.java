package io.sonde.report;

import io.sonde.api.FloorReport;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.result.HistogramPercentiles;
import io.sonde.loadgen.time.Latency;
import io.sonde.report.html.Html;
import org.HdrHistogram.Histogram;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How soon the orders showed on the venue's public market data, for the rows whose runs read it
 * ({@code --market-data}): order-to-tick (and cancel- and replace-to-tick when counted) from the merged interval
 * logs, the feed's own hops, the feed's counts, and each tick series against the host's one-way UDP floor, as order
 * latency is read against the TCP floor. Rows without market data show nothing.
 */
final class MarketDataSection
{
    /** The order-to-tick series' corrected tag, as the run logs it. */
    static final String ORDER_TO_TICK = "order-to-tick." + RequestSeries.CORRECTED;
    static final String NO_UDP_FLOOR = "no UDP floor: run sonde calibrate again";

    private static final String[] SERIES = {"order-to-tick", "cancel-to-tick", "replace-to-tick"};
    private static final String ROW = "  %-22s %9s %9s %9s %9s %9s %9s %9s %9s%n";

    /**
     * One line of the tables: a series' percentiles and, for a tick series (order-, cancel- and replace-to-tick,
     * each one way from Sonde's send to the feed's datagram), its ratio to the UDP floor; a feed hop is not divided.
     */
    record Line(String name, Percentiles percentiles, double p50OverFloor, double p99OverFloor)
    {
    }

    private MarketDataSection()
    {
    }

    /**
     * @return order-to-tick and the other tick series the row counted, then the feed's hops, by name.
     */
    static List<Line> lines(final ReportRow row)
    {
        final List<Line> lines = new ArrayList<>();
        final FloorReport.OneWay floor = row.udpFloor();
        for (final String series : SERIES)
        {
            final Histogram histogram = row.log().total(series + "." + RequestSeries.CORRECTED);
            if (histogram.getTotalCount() > 0 || series.equals(SERIES[0]))
            {
                final Percentiles percentiles = HistogramPercentiles.of(histogram);
                final boolean divided = floor != null && percentiles.count() > 0;
                lines.add(new Line(series, percentiles, divided ? divide(percentiles.p50(), floor.corrected().p50()) :
                    Double.NaN, divided ? divide(percentiles.p99(), floor.corrected().p99()) : Double.NaN));
            }
        }
        for (final Map.Entry<String, Histogram> tag : row.log().totals().entrySet())
        {
            if (tag.getKey().startsWith(HopSeries.FEED_TAG_PREFIX) && tag.getValue().getTotalCount() > 0)
            {
                lines.add(new Line("feed " + tag.getKey().substring(HopSeries.FEED_TAG_PREFIX.length()),
                    HistogramPercentiles.of(tag.getValue()), Double.NaN, Double.NaN));
            }
        }
        return lines;
    }

    /**
     * Print, per row that read market data, its tick series, feed hops and counts, or why order-to-tick was not
     * measured; and once, when the sweep's floor has no UDP floor, that it has none.
     */
    static void print(final PrintWriter out, final ReportInput input)
    {
        boolean lacksUdp = false;
        for (final ReportRow row : input.rows())
        {
            final FeedCounts counts = row.feedCounts();
            if (counts == null)
            {
                continue;
            }
            lacksUdp |= row.lacksUdpFloor();
            out.printf(Locale.ROOT, "market data at %s: %s%n", row.label(), countsLine(counts));
            if (counts.unavailable() != null)
            {
                continue;
            }
            out.printf(Locale.ROOT, ROW, "series", "p50", "p90", "p99", "p99.9", "max", "count", "p50÷UDP",
                "p99÷UDP");
            for (final Line line : lines(row))
            {
                final Percentiles p = line.percentiles();
                out.printf(Locale.ROOT, ROW, line.name(), Latency.formatMicros(p.p50()),
                    Latency.formatMicros(p.p90()), Latency.formatMicros(p.p99()), Latency.formatMicros(p.p99_9()),
                    Latency.formatMicros(p.max()), Long.toString(p.count()), times(line.p50OverFloor()),
                    times(line.p99OverFloor()));
            }
            final FloorReport.OneWay floor = row.udpFloor();
            if (floor != null)
            {
                out.printf(Locale.ROOT, "  (÷UDP: against the host's one-way UDP floor at %.0f/s, p50 %s, p99 %s)%n",
                    floor.rate(), Latency.formatMicros(floor.corrected().p50()),
                    Latency.formatMicros(floor.corrected().p99()));
            }
        }
        if (lacksUdp)
        {
            out.println(NO_UDP_FLOOR);
        }
    }

    /**
     * Print order-to-tick of the two focus rows, B ÷ A per percentile, when both measured it; one line saying
     * which has it when only one does; nothing when neither read market data.
     */
    static void printComparison(final PrintWriter out, final ReportInput a, final ReportInput b)
    {
        final String only = onlyOne(a, b);
        if (only != null)
        {
            out.println(only);
            return;
        }
        final ReportComparison.Ratio ratio = ratio(a.focusRow(), b.focusRow());
        if (ratio != null)
        {
            ReportComparison.print(out, ratio);
        }
    }

    /**
     * @return the line saying that only one of A and B measured order-to-tick at the step it looks at closely, or
     *         null when both or neither did.
     */
    static String onlyOne(final ReportInput a, final ReportInput b)
    {
        final boolean inA = measured(a.focusRow());
        final boolean inB = measured(b.focusRow());
        if (inA == inB)
        {
            return null;
        }
        return String.format(Locale.ROOT, "order-to-tick only in %s: %s measured none at %s, so there is nothing " +
            "to divide", inA ? a.label() : b.label(), inA ? b.label() : a.label(),
            (inA ? b : a).focusRow().label());
    }

    /**
     * @return B's order-to-tick ÷ A's at p50, p90, p99, p99.9, p99.99 (each with its interval) and max, or null
     *         unless both measured it.
     */
    static ReportComparison.Ratio ratio(final ReportRow a, final ReportRow b)
    {
        if (!measured(a) || !measured(b))
        {
            return null;
        }
        return ReportComparison.ratio("order-to-tick", a, b, ORDER_TO_TICK);
    }

    /**
     * Append, per row that read market data, its tick series (with their ratio to the UDP floor), the feed's hops
     * and counts, or why order-to-tick was not measured.
     */
    static void appendHtml(final StringBuilder html, final ReportInput input, final String key)
    {
        boolean lacksUdp = false;
        for (final ReportRow row : input.rows())
        {
            final FeedCounts counts = row.feedCounts();
            if (counts == null)
            {
                continue;
            }
            lacksUdp |= row.lacksUdpFloor();
            final String id = String.format(Locale.ROOT, "%s-%.0f", key, row.key());
            html.append("<h3>Market data at ").append(Html.escape(row.label())).append("</h3>\n");
            if (counts.unavailable() != null)
            {
                html.append("<p id=\"market-data-unavailable-").append(id).append("\" class=\"note\">Order-to-tick " +
                    "was not measured: ").append(Html.escape(counts.unavailable())).append("</p>\n");
                continue;
            }
            html.append("<p class=\"note\">Order-to-tick: from each order's intended start to its first event on " +
                "the public feed (corrected), beside order-to-ack on the latency over time plot.</p>\n");
            html.append("<table id=\"market-data-").append(id).append("\"><tr><th class=\"text\">series</th>" +
                "<th>p50</th><th>p90</th><th>p99</th><th>p99.9</th><th>max</th><th>count</th>" +
                "<th>p50 ÷ UDP floor</th><th>p99 ÷ UDP floor</th></tr>\n");
            final List<Line> lines = lines(row);
            for (final Line line : lines)
            {
                if (!line.name().startsWith("feed "))
                {
                    appendLine(html, line);
                }
            }
            html.append("</table>\n<table id=\"feed-hops-").append(id).append("\"><tr><th class=\"text\">feed hop" +
                "</th><th>p50</th><th>p90</th><th>p99</th><th>p99.9</th><th>max</th><th>count</th></tr>\n");
            for (final Line line : lines)
            {
                if (line.name().startsWith("feed "))
                {
                    final Percentiles p = line.percentiles();
                    html.append(String.format(Locale.ROOT, "<tr data-hop=\"%1$s\"><td class=\"text\">%1$s</td>" +
                        "<td class=\"p50\">%2$s</td><td>%3$s</td><td class=\"p99\">%4$s</td><td>%5$s</td>" +
                        "<td>%6$s</td><td>%7$d</td></tr>%n", Html.escape(line.name().substring("feed ".length())),
                        Html.micros(p.p50()), Html.micros(p.p90()), Html.micros(p.p99()), Html.micros(p.p99_9()),
                        Html.micros(p.max()), p.count()));
                }
            }
            html.append("</table>\n");
            appendCounts(html, id, counts);
        }
        if (lacksUdp)
        {
            html.append("<p id=\"no-udp-floor-").append(key).append("\" class=\"note\">").append(NO_UDP_FLOOR)
                .append("</p>\n");
        }
    }

    /**
     * @return the row's market data for report.json: its tick series and feed hops by name, and its counts; or
     *         null when its runs read none.
     */
    static Map<String, Object> json(final ReportRow row)
    {
        final FeedCounts counts = row.feedCounts();
        if (counts == null)
        {
            return null;
        }
        final Map<String, Object> values = new LinkedHashMap<>();
        values.put("source", counts.source());
        values.put("unavailable", counts.unavailable());
        if (counts.unavailable() == null)
        {
            for (final Line line : lines(row))
            {
                values.put(line.name(), line.percentiles());
                if (!Double.isNaN(line.p99OverFloor()))
                {
                    values.put(line.name() + " p50 ÷ UDP floor", line.p50OverFloor());
                    values.put(line.name() + " p99 ÷ UDP floor", line.p99OverFloor());
                }
            }
            values.put("expected", counts.expected());
            values.put("seen", counts.seen());
            values.put("messagesPerSecond", counts.messagesPerSecond());
            values.put("gaps", counts.gaps());
            values.put("recovered", counts.recovered());
            values.put("unmatched", counts.unmatched());
            values.put("missing", counts.missing());
        }
        return values;
    }

    private static void appendLine(final StringBuilder html, final Line line)
    {
        final Percentiles p = line.percentiles();
        html.append(String.format(Locale.ROOT, "<tr data-series=\"%1$s\"><td class=\"text\">%1$s</td>" +
            "<td class=\"p50\">%2$s</td><td>%3$s</td><td class=\"p99\">%4$s</td><td>%5$s</td><td>%6$s</td>" +
            "<td>%7$d</td><td class=\"udp-floor-p50-ratio\">%8$s</td><td class=\"udp-floor-p99-ratio\">%9$s</td>" +
            "</tr>%n", line.name(), Html.micros(p.p50()), Html.micros(p.p90()), Html.micros(p.p99()),
            Html.micros(p.p99_9()), Html.micros(p.max()), p.count(), htmlTimes(line.p50OverFloor()),
            htmlTimes(line.p99OverFloor())));
    }

    private static void appendCounts(final StringBuilder html, final String id, final FeedCounts counts)
    {
        html.append("<table id=\"market-data-counts-").append(id).append("\"><tr><th class=\"text\">source</th>" +
            "<th>expected</th><th>seen</th><th>messages/s</th><th>gaps</th><th>recovered</th><th>unmatched</th>" +
            "<th>missing</th></tr>\n");
        html.append(String.format(Locale.ROOT, "<tr><td class=\"text\">%s</td><td class=\"expected\">%d</td>" +
            "<td class=\"seen\">%d</td><td>%.0f</td><td class=\"gaps\">%d</td><td>%d</td><td>%d</td>" +
            "<td class=\"missing\">%d</td></tr>%n</table>%n", Html.escape(counts.source()), counts.expected(),
            counts.seen(), counts.messagesPerSecond(), counts.gaps(), counts.recovered(), counts.unmatched(),
            counts.missing()));
    }

    private static String countsLine(final FeedCounts counts)
    {
        if (counts.unavailable() != null)
        {
            return "order-to-tick unavailable (" + counts.unavailable() + ")";
        }
        return String.format(Locale.ROOT, "%s, %d of %d measured orders on the book seen, %d messages (%.0f/s), " +
            "%d gaps (%d recovered), %d others' events, %d missing (warm-up included)", counts.source(), counts.seen(),
            counts.expected(), counts.messages(), counts.messagesPerSecond(), counts.gaps(), counts.recovered(),
            counts.unmatched(), counts.missing());
    }

    private static boolean measured(final ReportRow row)
    {
        return row.feedCounts() != null && row.feedCounts().unavailable() == null && row.log().has(ORDER_TO_TICK);
    }

    private static double divide(final double b, final double a)
    {
        return a > 0 ? b / a : Double.NaN;
    }

    private static String times(final double ratio)
    {
        return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.2fx", ratio);
    }

    private static String htmlTimes(final double ratio)
    {
        return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.1f×", ratio);
    }
}
