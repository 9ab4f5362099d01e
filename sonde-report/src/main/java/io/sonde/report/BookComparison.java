package io.sonde.report;

import io.sonde.api.BookReport;
import io.sonde.api.ConfidenceInterval;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.confidence.SampleSupport;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.result.HistogramPercentiles;
import io.sonde.report.html.Html;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The book flow's figures of two results side by side, for {@code report --compare}: of the step each looks at
 * closely (its first generator's book), the achieved order-to-trade ratio, cancel share, depth and orders resting at
 * the end, A's and B's with B ÷ A; and each action's stage (passive ack, aggressive fill, cancel, replace) that both
 * timed, A's and B's p50 and p99 with their 95 % intervals and B ÷ A with the interval of each ratio, as the
 * comparison of the run's latency gives them. Nothing when neither ran the book flow, so other comparisons print
 * as they always have.
 */
final class BookComparison
{
    /** Each action's stage, in the order a book's life goes. */
    static final List<String> STAGES = List.of("passive-ack", "aggressive-fill", "cancel", "replace");
    /** The series of each stage that the comparison divides: corrected, like the run's own. */
    static final List<String> STAGE_TAGS = STAGES.stream().map(BookComparison::tag).toList();

    private static final double[] SIDE_PERCENTILES = {50, 99};

    /**
     * One figure of both books.
     *
     * @param name  what it is, e.g. {@code order-to-trade}.
     * @param a     A's, null when A has none (nothing traded, for the order-to-trade ratio).
     * @param b     B's, null when B has none.
     * @param ratio B's ÷ A's, null when either has none or A's is 0.
     */
    record Figure(String name, Double a, Double b, Double ratio)
    {
    }

    /**
     * One side's stage: its p50 and p99 with their 95 % intervals.
     *
     * @param p50         µs.
     * @param p99         µs.
     * @param p50Interval p50's interval, µs, or what the samples lack.
     * @param p99Interval p99's interval, µs, or what the samples lack.
     * @param count       the samples.
     */
    record Side(double p50, double p99, ConfidenceInterval p50Interval, ConfidenceInterval p99Interval, long count)
    {
    }

    /**
     * One action's stage in both results.
     *
     * @param stage e.g. {@code passive-ack}.
     * @param ratio B ÷ A per percentile, each with its interval, as the run's comparison gives them.
     */
    record Stage(String stage, Side a, Side b, ReportComparison.Ratio ratio)
    {
    }

    /**
     * @param onlyIn  the line saying that only one of A and B ran the book flow, or null when both did.
     * @param figures the books' figures; empty when only one ran it.
     * @param stages  the stages both timed; empty when only one ran it.
     */
    record Comparison(String onlyIn, List<Figure> figures, List<Stage> stages)
    {
    }

    private BookComparison()
    {
    }

    /**
     * @return the books of A's and B's focus rows side by side, or null when neither ran the book flow.
     */
    static Comparison of(final ReportInput a, final ReportInput b)
    {
        final ReportRow rowA = a.focusRow();
        final ReportRow rowB = b.focusRow();
        if (rowA.books().isEmpty() && rowB.books().isEmpty())
        {
            return null;
        }
        if (rowA.books().isEmpty() || rowB.books().isEmpty())
        {
            final boolean inA = !rowA.books().isEmpty();
            return new Comparison(String.format(Locale.ROOT, "the book flow only in %s: %s ran another flow at %s, " +
                "so there is no book to divide", inA ? a.label() : b.label(), inA ? b.label() : a.label(),
                (inA ? rowB : rowA).label()), List.of(), List.of());
        }
        final BookReport bookA = rowA.books().get(0);
        final BookReport bookB = rowB.books().get(0);
        final List<Figure> figures = List.of(
            figure("order-to-trade", bookA.orderToTrade(), bookB.orderToTrade()),
            figure("cancel share", bookA.cancelShare(), bookB.cancelShare()),
            figure("depth", (double)bookA.depth(), (double)bookB.depth()),
            figure("resting at the end", (double)bookA.closeOut().resting(), (double)bookB.closeOut().resting()));
        final List<Stage> stages = new ArrayList<>();
        for (final String stage : STAGES)
        {
            if (rowA.log().has(tag(stage)) && rowB.log().has(tag(stage)))
            {
                stages.add(new Stage(stage, side(rowA, tag(stage)), side(rowB, tag(stage)),
                    ReportComparison.ratio(stage, rowA, rowB, tag(stage))));
            }
        }
        return new Comparison(null, figures, List.copyOf(stages));
    }

    /**
     * Print the figures a line each ({@code order-to-trade      A 25.0     B 24.1     ×0.96}), then each stage: A's
     * and B's p50 and p99 with their intervals on a line each, and B ÷ A at each, a line each, with the interval of
     * the ratio and what it says.
     */
    static void print(final PrintWriter out, final ReportInput a, final ReportInput b)
    {
        final Comparison comparison = of(a, b);
        if (comparison == null)
        {
            return;
        }
        if (comparison.onlyIn() != null)
        {
            out.println(comparison.onlyIn());
            return;
        }
        out.println("book, of the step each looks at closely: A, B and B ÷ A");
        for (final Figure figure : comparison.figures())
        {
            out.printf(Locale.ROOT, "  %-19s A %-9s B %-9s %s%n", figure.name(), value(figure.a()), value(figure.b()),
                ratio(figure.ratio()));
        }
        for (final Stage stage : comparison.stages())
        {
            out.printf(Locale.ROOT, "  %-19s A %s%n", stage.stage(), side(stage.a()));
            out.printf(Locale.ROOT, "  %-19s B %s%n", "", side(stage.b()));
            String lead = "B ÷ A";
            for (final double percentile : SIDE_PERCENTILES)
            {
                final ReportComparison.Interval interval = stage.ratio().intervals()
                    .get(ConfidenceInterval.key(percentile));
                final String verdict = RatioText.verdict(interval);
                out.printf(Locale.ROOT, "  %-19s %-5s %-3s %s%n", "", lead, SampleSupport.label(percentile),
                    verdict.isEmpty() ? RatioText.of(interval) :
                    String.format(Locale.ROOT, "%-17s  %s", RatioText.of(interval), verdict));
                lead = "";
            }
        }
    }

    /**
     * Append the figures' table and the stages' (A's and B's p50 and p99 with their intervals, then B ÷ A per
     * percentile as the run's comparison shows it); a note when only one ran the book flow; nothing when neither.
     */
    static void appendHtml(final StringBuilder html, final ReportInput a, final ReportInput b)
    {
        final Comparison comparison = of(a, b);
        if (comparison == null)
        {
            return;
        }
        html.append("<h3>Order book</h3>\n");
        if (comparison.onlyIn() != null)
        {
            html.append("<p id=\"book-comparison-note\" class=\"note\">").append(Html.escape(comparison.onlyIn()))
                .append("</p>\n");
            return;
        }
        html.append("<table id=\"book-comparison\"><tr><th class=\"text\">figure</th><th>A</th><th>B</th>" +
            "<th>B ÷ A</th></tr>\n");
        for (final Figure figure : comparison.figures())
        {
            html.append("<tr><td class=\"text\">").append(Html.escape(figure.name())).append("</td><td>")
                .append(value(figure.a())).append("</td><td>").append(value(figure.b())).append("</td><td>")
                .append(Html.escape(ratio(figure.ratio()))).append("</td></tr>\n");
        }
        html.append("</table>\n");
        if (comparison.stages().isEmpty())
        {
            return;
        }
        html.append("<table id=\"book-stages-comparison\"><tr><th>stage</th><th>A p50</th><th>A p99</th>" +
            "<th>B p50</th><th>B p99</th></tr>\n");
        for (final Stage stage : comparison.stages())
        {
            html.append("<tr data-stage=\"").append(stage.stage()).append("\"><td>").append(stage.stage())
                .append("</td>");
            for (final Side side : List.of(stage.a(), stage.b()))
            {
                html.append("<td>").append(Html.escape(percentile(50, side.p50(), side.p50Interval(), side.count())))
                    .append("</td><td>")
                    .append(Html.escape(percentile(99, side.p99(), side.p99Interval(), side.count()))).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n<table id=\"book-stages-ratio\"><tr><th>stage</th><th>p50</th><th>p90</th>" +
            "<th>p99</th><th>p99.9</th><th>p99.99</th><th>max</th></tr>\n");
        comparison.stages().forEach(stage -> ReportComparison.appendHtml(html, stage.ratio()));
        html.append("</table>\n<p class=\"note\">Each action's stage, corrected, of the step each looks at closely: " +
            "B ÷ A with the 95 % interval of each ratio, beyond the noise when the whole interval lies above or " +
            "below 1.</p>\n");
    }

    private static String tag(final String stage)
    {
        return stage + "." + RequestSeries.CORRECTED;
    }

    private static Figure figure(final String name, final Double a, final Double b)
    {
        return new Figure(name, a, b, a == null || b == null || a == 0 ? null : b / a);
    }

    private static Side side(final ReportRow row, final String tag)
    {
        final Percentiles figures = HistogramPercentiles.of(row.log().total(tag));
        return new Side(figures.p50(), figures.p99(), SummaryIntervals.inMicros(row.intervals().at(tag, 50)),
            SummaryIntervals.inMicros(row.intervals().at(tag, 99)), figures.count());
    }

    private static String side(final Side side)
    {
        return percentile(50, side.p50(), side.p50Interval(), side.count()) + ", " +
            percentile(99, side.p99(), side.p99Interval(), side.count());
    }

    private static String percentile(
        final double percentile, final double micros, final ConfidenceInterval interval, final long count)
    {
        return IntervalText.of(percentile, micros, Optional.of(interval), count);
    }

    private static String value(final Double value)
    {
        if (value == null)
        {
            return "no trade";
        }
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%,d", value.longValue()) :
            String.format(Locale.ROOT, "%.2f", value);
    }

    private static String ratio(final Double ratio)
    {
        return ratio == null ? "-" : String.format(Locale.ROOT, "×%.2f", ratio);
    }
}
