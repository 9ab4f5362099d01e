package io.sonde.report;

import io.sonde.api.BookFeed;
import io.sonde.api.BookReport;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.time.Latency;
import io.sonde.report.html.Html;

import java.util.Locale;

/**
 * The market data of the book flow's runs in a report, under the book's table: the depth the feed showed beside
 * the depth asked for, and order-to-tick for passive orders and for trades. Nothing when no run read market data.
 */
final class BookFeedSection
{
    private BookFeedSection()
    {
    }

    static void appendHtml(final StringBuilder html, final ReportInput input, final String key)
    {
        if (input.rows().stream().flatMap(row -> row.books().stream()).allMatch(book -> book.feed() == null))
        {
            return;
        }
        html.append("<p class=\"note\">On the market data: the price levels a side showed on the UDP feed, the " +
            "mean of the measured window's seconds over every symbol and side; passive-to-tick, a passive order's " +
            "intended start to its add on the feed; trade-to-tick, an aggressive order's to its trade.</p>\n");
        html.append("<table id=\"book-feed-").append(key).append("\"><tr><th>step</th><th>depth</th>" +
            "<th>on the feed</th><th>seconds sampled</th><th>passive-to-tick p50</th><th>p99</th><th>adds seen</th>" +
            "<th>trade-to-tick p50</th><th>p99</th><th>trades seen</th></tr>\n");
        for (final ReportRow row : input.rows())
        {
            for (final BookReport book : row.books())
            {
                final BookFeed feed = book.feed();
                if (feed != null)
                {
                    html.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%d</td><td class=\"achieved\">%s" +
                        "</td><td>%d</td>%s<td>%d</td>%s<td>%d</td></tr>%n", Html.escape(row.label()), book.depth(),
                        feed.samples() == 0 ? "-" : String.format(Locale.ROOT, "%.1f", feed.meanDepth()),
                        feed.samples(), cells(feed.passiveToTick()), feed.passiveSeen(), cells(feed.tradeToTick()),
                        feed.tradesSeen()));
                }
            }
        }
        html.append("</table>\n");
    }

    private static String cells(final Percentiles tick)
    {
        return tick.count() == 0 ? "<td>-</td><td>-</td>" : "<td>" + Latency.formatMicros(tick.p50()) + "</td><td>" +
            Latency.formatMicros(tick.p99()) + "</td>";
    }
}
