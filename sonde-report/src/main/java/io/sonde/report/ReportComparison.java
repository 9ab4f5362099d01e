package io.sonde.report;

import io.sonde.api.Percentiles;
import io.sonde.loadgen.confidence.RatioInterval;
import io.sonde.loadgen.confidence.SampleSupport;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.result.HistogramPercentiles;
import io.sonde.report.html.Html;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Two results side by side: for every step (rate, or message size at a rate) both ran, B's corrected percentiles
 * divided by A's, each with the 95 % interval of the ratio from a block bootstrap of both steps' interval logs
 * ({@link RowIntervals#over}) and whether B differs from A beyond that noise. Two results of one step each (two
 * runs, say at 1k/s and at 2k/s) are divided whatever their steps, and the comparison says that their steps differ.
 */
final class ReportComparison
{
    /** The percentiles whose ratios have intervals, in order; the maximum has none. */
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};
    /** Their names in JSON, as {@code summary.json} names them. */
    private static final String[] JSON_NAMES = {"p50", "p90", "p99", "p99_9", "p99_99"};

    /**
     * B ÷ A at one step; NaN where A has no samples.
     *
     * @param step      the step both ran, or {@code B's ÷ A's} when they ran one step each and those differ.
     * @param intervals each percentile's ratio with its interval, keyed by {@link #JSON_NAMES}.
     */
    record Ratio(String step, double p50, double p90, double p99, double p99_9, double p99_99, double max,
        Map<String, Interval> intervals)
    {
    }

    /**
     * The 95 % interval of one ratio B ÷ A, and what it says.
     *
     * @param ratio      B's percentile ÷ A's.
     * @param lower      its lower end; null when the samples cannot support it.
     * @param upper      its upper end; null when the samples cannot support it.
     * @param difference {@code slower} or {@code faster} when the whole interval lies above or below 1 (B differs
     *                   beyond the noise), {@code within-noise} when it holds 1, {@code unsupported} when the samples
     *                   are too few.
     * @param shortfall  what the samples lack, naming A or B, e.g. {@code A: p99.99: 5,000 samples, needs ≥
     *                   100,000}; empty when they suffice.
     */
    record Interval(double ratio, Double lower, Double upper, String difference, String shortfall)
    {
    }

    private ReportComparison()
    {
    }

    /**
     * @throws ReportException when one of the two is a market's, whose latency is tick-to-trade, and the other not:
     *                         their latencies measure different things.
     */
    static List<Ratio> ratios(final ReportInput a, final ReportInput b)
    {
        TickToTradeSection.checkComparable(a, b);
        final List<Ratio> ratios = new ArrayList<>();
        for (final ReportRow rowA : a.rows())
        {
            for (final ReportRow rowB : b.rows())
            {
                if (sameStep(rowA, rowB))
                {
                    ratios.add(ratio(rowA.label(), rowA, rowB, RequestSeries.CORRECTED));
                }
            }
        }
        if (ratios.isEmpty() && a.rows().size() == 1 && b.rows().size() == 1)
        {
            final ReportRow rowA = a.rows().get(0);
            final ReportRow rowB = b.rows().get(0);
            ratios.add(ratio(rowB.label() + " ÷ " + rowA.label(), rowA, rowB, RequestSeries.CORRECTED));
        }
        return ratios;
    }

    /**
     * @return what the reader must know of the ratios, naming the steps that differ: that A and B ran one step each
     *         but not the same, or that they have no step in common and so no ratio; null when they share a step.
     */
    static String note(final ReportInput a, final ReportInput b)
    {
        if (a.rows().stream().anyMatch(rowA -> b.rows().stream().anyMatch(rowB -> sameStep(rowA, rowB))))
        {
            return null;
        }
        if (a.rows().size() == 1 && b.rows().size() == 1)
        {
            return "A ran at " + a.rows().get(0).label() + ", B at " + b.rows().get(0).label() + ": compared as " +
                "they are, so each ratio holds the change of load as well as any change of the system";
        }
        return "no step in common (A ran " + steps(a) + "; B ran " + steps(b) + "): nothing to divide";
    }

    private static boolean sameStep(final ReportRow a, final ReportRow b)
    {
        return a.key() == b.key() && a.rate() == b.rate();
    }

    /**
     * @param step what the ratio is of, e.g. the step both ran, or {@code order-to-tick}.
     * @param tag  the series divided: {@code corrected}, or order-to-tick's.
     * @return B's percentiles of the series ÷ A's, each with its interval.
     */
    static Ratio ratio(final String step, final ReportRow rowA, final ReportRow rowB, final String tag)
    {
        final Percentiles pa = HistogramPercentiles.of(rowA.log().total(tag));
        final Percentiles pb = HistogramPercentiles.of(rowB.log().total(tag));
        final Map<String, Interval> intervals = new LinkedHashMap<>();
        for (int i = 0; i < PERCENTILES.length; i++)
        {
            intervals.put(JSON_NAMES[i], interval(rowB.intervals().over(rowA.intervals(), tag, PERCENTILES[i])));
        }
        return new Ratio(step, divide(pb.p50(), pa.p50()), divide(pb.p90(), pa.p90()), divide(pb.p99(), pa.p99()),
            divide(pb.p99_9(), pa.p99_9()), divide(pb.p99_99(), pa.p99_99()), divide(pb.max(), pa.max()), intervals);
    }

    private static Interval interval(final RatioInterval ratio)
    {
        if (!ratio.supported())
        {
            return new Interval(ratio.estimate(), null, null, RatioText.UNSUPPORTED, shortfall(ratio));
        }
        return new Interval(ratio.estimate(), ratio.lower(), ratio.upper(), RatioText.difference(ratio), "");
    }

    /**
     * @return what A's and B's samples lack at the ratio's percentile, e.g. {@code A: p99.99: 5,000 samples, needs
     *         ≥ 100,000}.
     */
    private static String shortfall(final RatioInterval ratio)
    {
        final List<String> lacks = new ArrayList<>();
        if (!ratio.baseline().supported())
        {
            lacks.add("A: " + ratio.baseline().shortfall());
        }
        if (!ratio.candidate().supported())
        {
            lacks.add("B: " + ratio.candidate().shortfall());
        }
        return String.join("; ", lacks);
    }

    /**
     * Print each step's ratios, a percentile a line: {@code p99     ×1.12 (1.05–1.20)  slower, beyond the noise}.
     */
    static void print(final PrintWriter out, final List<Ratio> ratios)
    {
        ratios.forEach(ratio -> print(out, ratio));
        if (!ratios.isEmpty())
        {
            out.println("(beyond the noise: the whole 95 % interval of B ÷ A lies above or below 1; within the " +
                "noise: it holds 1)");
        }
    }

    /**
     * Print one ratio: what it is of on a line, then a percentile a line.
     */
    static void print(final PrintWriter out, final Ratio ratio)
    {
        out.println(ratio.step());
        for (int i = 0; i < PERCENTILES.length; i++)
        {
            final Interval interval = ratio.intervals().get(JSON_NAMES[i]);
            final String verdict = RatioText.verdict(interval);
            out.printf(Locale.ROOT, "  %-7s %s%n", SampleSupport.label(PERCENTILES[i]), verdict.isEmpty() ?
                RatioText.of(interval) : String.format(Locale.ROOT, "%-17s  %s", RatioText.of(interval), verdict));
        }
        out.printf(Locale.ROOT, "  %-7s %s%n", "max", RatioText.maximum(ratio.max()));
    }

    /**
     * Append one ratio as a row of an HTML table: what it is of, then a cell per percentile with its interval and
     * what it says (the cell's class: {@link Interval#difference()}), then the maximum's.
     */
    static void appendHtml(final StringBuilder html, final Ratio ratio)
    {
        html.append("<tr><td>").append(Html.escape(ratio.step())).append("</td>");
        ratio.intervals().forEach((name, interval) -> html.append("<td class=\"").append(interval.difference())
            .append("\" data-percentile=\"").append(name).append("\">").append(interval.lower() == null ?
                Html.escape(RatioText.of(interval)) : "<span class=\"ratio\">" + Html.escape(RatioText.of(interval)) +
                "</span><br><small>" + Html.escape(RatioText.verdict(interval)) + "</small>").append("</td>"));
        html.append("<td>").append(Html.escape(RatioText.maximum(ratio.max()))).append("</td></tr>\n");
    }

    private static String steps(final ReportInput input)
    {
        return input.rows().stream().map(ReportRow::label).collect(Collectors.joining(", "));
    }

    private static double divide(final double b, final double a)
    {
        return a > 0 ? b / a : Double.NaN;
    }
}
