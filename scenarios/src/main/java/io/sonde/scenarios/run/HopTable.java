package io.sonde.scenarios.run;

import io.sonde.inprocess.engine.HopSummary;
import io.sonde.inprocess.engine.VenueClockSummary;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * Where the time of each NewOrderSingle's answer went, hop by hop in path order: each hop's own percentiles, and
 * what the answers at the run's median and 99th percentile spent in it, with its share: which hop owns the
 * typical answer and which the slow ones. The hops add up answer by answer, so the second pair of columns adds up
 * to the answers' median and p99; the hops' own medians need not, since an answer is slow in some one hop.
 */
final class HopTable
{
    private static final String ROW = "  %-16s %9s %9s %9s %9s %10s   %9s %5s %9s %5s%n";

    private HopTable()
    {
    }

    static void print(final PrintWriter out, final List<HopSummary> hops, final VenueClockSummary clock,
        final double endToEndMedianMicros)
    {
        if (hops.isEmpty())
        {
            return;
        }
        final double medianSum = hops.stream().mapToDouble(HopSummary::atP50).sum();
        final double tailSum = hops.stream().mapToDouble(HopSummary::atP99).sum();
        out.printf(Locale.ROOT, "hops of each new order's answer: each hop's own percentiles, then what the " +
            "answers at the median and at p99 spent in it%n");
        out.printf(Locale.ROOT, ROW, "hop", "p50", "p99", "p99.9", "max", "count", "at p50", "share", "at p99",
            "share");
        for (final HopSummary hop : hops)
        {
            out.printf(Locale.ROOT, ROW, hop.name(),
                Latency.formatMicros(hop.p50()), Latency.formatMicros(hop.p99()), Latency.formatMicros(hop.p99_9()),
                Latency.formatMicros(hop.max()), hop.count(),
                Latency.formatMicros(hop.atP50()), share(hop.atP50(), medianSum),
                Latency.formatMicros(hop.atP99()), share(hop.atP99(), tailSum));
        }
        out.printf(Locale.ROOT, "  the median answers' hops add up to %s, the answers' median is %s; " +
            "the hops' own medians add up to %s%n", Latency.formatMicros(medianSum),
            Latency.formatMicros(endToEndMedianMicros),
            Latency.formatMicros(hops.stream().mapToDouble(HopSummary::p50).sum()));
        if (clock != null)
        {
            out.printf(Locale.ROOT, "  %s%n", clock.describe());
        }
    }

    private static String share(final double part, final double whole)
    {
        return whole > 0 ? String.format(Locale.ROOT, "%.0f%%", 100 * part / whole) : "-";
    }
}
