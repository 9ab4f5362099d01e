package io.sonde.report;

import io.sonde.api.BookReport;
import io.sonde.report.html.Html;
import io.sonde.report.html.SvgPlot;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The book flow's part of a report: for each run, what the book asked for against what it achieved and how the
 * orders left resting at the end were cancelled, with the warnings; and the resting orders over time of the run
 * looked at closely. Rows of other flows show nothing.
 */
final class BookSection
{
    private BookSection()
    {
    }

    static void appendHtml(final StringBuilder html, final ReportInput input, final String key)
    {
        if (input.rows().stream().allMatch(row -> row.books().isEmpty()))
        {
            return;
        }
        html.append("<h3>Order book</h3><p class=\"note\">Order-to-trade: order messages (new, cancel, replace) per " +
            "trade, a trade being an aggressive order that executed. Cancel share: cancels confirmed per new order. " +
            "At the end: the orders resting when the run ended, each cancelled one by one.</p>\n");
        html.append("<table id=\"book-").append(key).append("\"><tr><th>step</th><th>depth</th>" +
            "<th>order-to-trade</th><th>target</th><th>cancel share</th><th>target</th><th>passive</th>" +
            "<th>aggressive</th><th>cancels</th><th>replaces</th><th>trades</th><th>resting at the end</th>" +
            "<th>cancelled</th><th>left</th><th class=\"text\">warnings</th></tr>\n");
        for (final ReportRow row : input.rows())
        {
            for (final BookReport book : row.books())
            {
                html.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%d</td><td class=\"achieved\">%s</td>" +
                    "<td>%s</td><td>%.2f</td><td>%s</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td>" +
                    "<td>%d</td><td>%d</td><td class=\"left\">%d</td><td class=\"text\">%s</td></tr>%n",
                    Html.escape(row.label()), book.depth(), book.orderToTrade() == null ? "no trade" :
                    String.format(Locale.ROOT, "%.1f", book.orderToTrade()), number(book.targetOrderToTrade()),
                    book.cancelShare(), number(book.targetCancelShare()), book.passive(), book.aggressive(),
                    book.cancels(), book.replaces(), book.trades(), book.closeOut().resting(),
                    book.closeOut().cancelled(), book.closeOut().left(),
                    Html.escape(String.join("; ", book.warnings()))));
            }
        }
        html.append("</table>\n");
        BookFeedSection.appendHtml(html, input, key);
        final List<BookReport> focus = input.focusRow().books();
        if (!focus.isEmpty())
        {
            html.append("<div class=\"plots\">\n").append(restingOverTime(focus.get(0), key).render())
                .append("</div>\n");
        }
    }

    /**
     * The orders resting at each second of the run, warm-up (which builds the book) included.
     */
    static SvgPlot restingOverTime(final BookReport book, final String key)
    {
        final List<SvgPlot.Point> points = new ArrayList<>();
        final List<Integer> resting = book.restingBySecond();
        for (int second = 0; second < resting.size(); second++)
        {
            points.add(new SvgPlot.Point(second, resting.get(second)));
        }
        return new SvgPlot("book-resting-" + key, "Resting orders over time (warm-up included)",
            "seconds since the run started", "orders resting").series("resting orders", points, false);
    }

    private static String number(final double value)
    {
        return value == Math.rint(value) ? String.valueOf((long)value) : String.valueOf(value);
    }
}
