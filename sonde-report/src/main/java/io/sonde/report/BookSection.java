package io.sonde.report;

import io.sonde.api.BookReport;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.result.HistogramPercentiles;
import io.sonde.loadgen.time.Latency;
import io.sonde.report.html.Html;
import io.sonde.report.html.SvgPlot;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The book flow's part of a report: for each run, what the book asked for against what it achieved and how the
 * orders left resting at the end were cancelled, with the warnings; and of the run looked at closely, each
 * action's stage and the resting orders over time. Rows of other flows show nothing.
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
            stages(html, input.focusRow(), key);
            html.append("<div class=\"plots\">\n").append(restingOverTime(focus.get(0), key).render())
                .append("</div>\n");
        }
    }

    /**
     * Each action's stage of the row looked at closely, corrected: its samples, p50 and p99 with their 95 %
     * intervals (or what the samples lack), p99.9 and max; the stages the run never timed (no replace asked for,
     * say) are left out.
     */
    private static void stages(final StringBuilder html, final ReportRow row, final String key)
    {
        html.append("<table id=\"book-stages-").append(key).append("\"><tr><th>stage</th><th>samples</th>" +
            "<th>p50</th><th>p99</th><th>p99.9</th><th>max</th></tr>\n");
        for (int i = 0; i < BookComparison.STAGES.size(); i++)
        {
            final String tag = BookComparison.STAGE_TAGS.get(i);
            if (row.log().has(tag))
            {
                final Percentiles figures = HistogramPercentiles.of(row.log().total(tag));
                html.append("<tr data-stage=\"").append(BookComparison.STAGES.get(i)).append("\"><td>")
                    .append(BookComparison.STAGES.get(i)).append("</td><td>").append(figures.count())
                    .append("</td>");
                for (final double percentile : new double[] {50, 99})
                {
                    html.append("<td>").append(Html.escape(IntervalText.of(percentile, figures.at(percentile),
                        Optional.of(SummaryIntervals.inMicros(row.intervals().at(tag, percentile))),
                        figures.count()))).append("</td>");
                }
                html.append("<td>").append(Html.escape(IntervalText.cell(99.9, figures))).append("</td><td>")
                    .append(Latency.formatMicros(figures.max())).append("</td></tr>\n");
            }
        }
        html.append("</table>\n<p class=\"note\">Each action's stage, corrected: passive-ack from a passive " +
            "order's intended start to its acknowledgement, aggressive-fill to an aggressive order's first fill, " +
            "cancel and replace to their confirmation; the FIX lifecycle stages plot above draws them whole.</p>\n");
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
            "seconds since the run started", "orders resting").countAxis().series("resting orders", points, false);
    }

    private static String number(final double value)
    {
        return value == Math.rint(value) ? String.valueOf((long)value) : String.valueOf(value);
    }
}
