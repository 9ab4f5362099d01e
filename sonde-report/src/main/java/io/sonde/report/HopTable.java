package io.sonde.report;

import io.sonde.api.Hop;
import io.sonde.loadgen.record.HopsByLatencyCsv;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where the time of each NewOrderSingle's answer went, hop by hop in path order, on the terminal: each hop's own
 * percentiles, and what the answers at the median and 99th percentile spent in it, with its share: which hop owns
 * the typical answer and which the slow ones. The hops add up answer by answer, so the second pair of columns adds
 * up to the answers' median and p99; the hops' own medians need not, since an answer is slow in some one hop. A
 * hop's own percentiles print with their 95 % confidence intervals, or what their samples lack. The
 * one table of {@code sonde run}, {@code sonde report} and {@code sonde history show}.
 */
public final class HopTable
{
    private static final String ROW = "  %-14s %7s %8s  %7s %4s %7s %4s  %s%n";
    /** Where a hop's percentiles start, and the column they must end by. */
    private static final int PERCENTILES_AT = 62;
    private static final int WIDTH = 120;
    private static final double[] HOP_PERCENTILES = {50, 99, 99.9};

    private HopTable()
    {
    }

    /**
     * Print the hops; nothing when there are none.
     *
     * @param hops                 in path order; {@code atP50} and {@code atP99} are NaN for a run that wrote no
     *                             hops by latency.
     * @param endToEndMedianMicros the answers' own median, which the median answers' hops add up to; NaN when the
     *                             run has no stage of new orders alone.
     * @param where                where the hops are from, e.g. {@code at 1000/s}, or null for a run's own.
     * @param note                 a last line on how far the hops can be trusted (the venue's clock), or null.
     */
    public static void print(
        final PrintWriter out,
        final List<Hop> hops,
        final double endToEndMedianMicros,
        final String where,
        final String note)
    {
        if (hops.isEmpty())
        {
            return;
        }
        final double medianSum = hops.stream().mapToDouble(Hop::atP50).sum();
        final double tailSum = hops.stream().mapToDouble(Hop::atP99).sum();
        out.printf(Locale.ROOT, "hops of each new order's answer%s: each hop's own percentiles, then what the " +
            "answers at the median and at p99 spent in it%n", where == null ? "" : " " + where);
        out.printf(Locale.ROOT, ROW, "hop", "count", "max", "at p50", "share", "at p99", "share",
            "percentiles with their 95 % confidence intervals");
        for (final Hop hop : hops)
        {
            final List<String> percentiles = new ArrayList<>();
            for (final double percentile : HOP_PERCENTILES)
            {
                percentiles.add(IntervalText.of(percentile, percentile == 50 ? hop.p50() : percentile == 99 ?
                    hop.p99() : hop.p99_9(), hop.intervals(), hop.count()));
            }
            final List<String> lines = IntervalText.flow(percentiles, PERCENTILES_AT, WIDTH);
            out.printf(Locale.ROOT, ROW, hop.name(), hop.count(), Latency.formatMicros(hop.max()),
                micros(hop.atP50()), share(hop.atP50(), medianSum), micros(hop.atP99()), share(hop.atP99(), tailSum),
                lines.get(0));
            lines.subList(1, lines.size()).forEach(line -> out.printf(Locale.ROOT, ROW, "", "", "", "", "", "", "",
                line));
        }
        final String ownMedians = Latency.formatMicros(hops.stream().mapToDouble(Hop::p50).sum());
        final String answersMedian = Double.isNaN(endToEndMedianMicros) ? "not one figure (no stage of new orders " +
            "alone: a book's passive and aggressive answers are staged apart)" :
            Latency.formatMicros(endToEndMedianMicros);
        if (Double.isNaN(medianSum))
        {
            out.printf(Locale.ROOT, "  the answers' median is %s; the hops' own medians add up to %s (no %s " +
                "beside the run, so what the median answers spent in each hop is not known)%n",
                answersMedian, ownMedians, HopsByLatencyCsv.FILE_NAME);
        }
        else
        {
            out.printf(Locale.ROOT, "  the median answers' hops add up to %s, the answers' median is %s; " +
                "the hops' own medians add up to %s%n", Latency.formatMicros(medianSum), answersMedian, ownMedians);
        }
        if (note != null)
        {
            out.printf(Locale.ROOT, "  %s%n", note);
        }
    }

    private static String micros(final double micros)
    {
        return Double.isNaN(micros) ? "-" : Latency.formatMicros(micros);
    }

    private static String share(final double part, final double whole)
    {
        return whole > 0 ? String.format(Locale.ROOT, "%.0f%%", 100 * part / whole) : "-";
    }
}
