package io.sonde.scenarios.run;

import io.sonde.api.engine.HopSummary;
import io.sonde.api.engine.VenueClockSummary;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * Where the time of each NewOrderSingle's answer went, hop by hop in path order, with each hop's share of the
 * median and of the tail: which hop owns the typical answer and which the slow ones. The hops add up answer by
 * answer; their medians add up only roughly, so the sum is printed beside the end-to-end median.
 */
final class HopTable
{
    private static final String ROW = "  %-20s %9s %6s %9s %6s %9s %9s %10s%n";

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
        final double medianSum = hops.stream().mapToDouble(HopSummary::p50).sum();
        final double tailSum = hops.stream().mapToDouble(HopSummary::p99).sum();
        out.printf(Locale.ROOT, "hops of each new order's answer%n");
        out.printf(Locale.ROOT, ROW, "hop", "p50", "share", "p99", "share", "p99.9", "max", "count");
        for (final HopSummary hop : hops)
        {
            out.printf(Locale.ROOT, ROW, hop.name(),
                Latency.formatMicros(hop.p50()), share(hop.p50(), medianSum),
                Latency.formatMicros(hop.p99()), share(hop.p99(), tailSum),
                Latency.formatMicros(hop.p99_9()), Latency.formatMicros(hop.max()), hop.count());
        }
        out.printf(Locale.ROOT, "  sum of the hops' medians %s, the answers' median %s%n",
            Latency.formatMicros(medianSum), Latency.formatMicros(endToEndMedianMicros));
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
