package io.sonde.scenarios.sweep;

import io.sonde.inprocess.run.SweepStep;
import io.sonde.inprocess.run.SweepSummary;

import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The sweep on the terminal: one row per step, the floors and ratios beside it when known (the host's TCP
 * floor, then Sonde's own FIX floor), then the knee.
 */
final class SweepTable
{
    private static final String HEADER = "%9s %6s %9s  %-17s %8s %8s %8s %8s %8s %8s %8s %7s %8s %8s %7s %8s %7s%n";

    private SweepTable()
    {
    }

    static void print(final PrintWriter out, final SweepSummary sweep)
    {
        out.println();
        if (sweep.steps().isEmpty())
        {
            out.println("No step ran: the sweep was stopped before its first step.");
            return;
        }
        out.printf(Locale.ROOT, HEADER, "rate/s", "size", "achieved", "verdict", "p50", "p90", "p99", "p99.9", "p99.99",
            "max", "unc.p99", "errors", "floor99", "lateness", "x floor", "fix99", "x fix");
        for (final SweepStep step : sweep.steps())
        {
            out.printf(Locale.ROOT, HEADER,
                String.format(Locale.ROOT, "%.0f", step.rate()),
                step.messageSize() == null ? "-" : step.messageSize() + "B",
                String.format(Locale.ROOT, "%.0f", step.achievedRate()),
                step.verdict().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                Latency.formatMicros(step.corrected().p50()),
                Latency.formatMicros(step.corrected().p90()),
                Latency.formatMicros(step.corrected().p99()),
                Latency.formatMicros(step.corrected().p99_9()),
                Latency.formatMicros(step.corrected().p99_99()),
                Latency.formatMicros(step.corrected().max()),
                Latency.formatMicros(step.uncorrectedP99()),
                Long.toString(step.errors()),
                step.floorP99() == null ? "-" : Latency.formatMicros(step.floorP99()),
                Latency.formatMicros(step.sendLatenessP99()),
                ratio(step.p99RatioToFloor()),
                step.fixFloorP99() == null ? "-" : Latency.formatMicros(step.fixFloorP99()),
                ratio(step.p99RatioToFixFloor()));
        }
        out.println("(latency corrected, from intended start; unc.p99 from actual send; lateness = Sonde's send " +
            "lateness p99; x floor = p99 / floor p99; fix99 = Sonde's FIX floor p99; x fix = p99 / fix99)");
        if (sweep.largestSizeMet() != null || sweep.steps().get(0).messageSize() != null)
        {
            out.println(sweep.largestSizeMet() == null ? "No message size met " + String.join(",", sweep.slo()) + "." :
                String.format(Locale.ROOT, "Largest message size that kept the rate and met %s: %d bytes.",
                    String.join(",", sweep.slo()), sweep.largestSizeMet()));
            return;
        }
        out.println(sweep.knee() == null ?
            "No knee: not even the first step met " + String.join(",", sweep.slo()) + "." :
            String.format(Locale.ROOT, "Knee: %.0f/s, the highest rate that kept its rate and met %s%s.",
                sweep.knee(), String.join(",", sweep.slo()),
                sweep.stopReason() == null ? " (every planned rate met: the knee is higher)" :
                    "; stopped at the next step: " + sweep.stopReason()));
    }

    private static String ratio(final Double ratio)
    {
        return ratio == null ? "-" : String.format(Locale.ROOT, "%.1f", ratio);
    }
}
