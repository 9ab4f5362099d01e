package io.sonde.scenarios.calibrate;

import io.sonde.loadgen.result.PercentileSummary;
import io.sonde.scenarios.cli.Latency;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * Prints the floor as a table: one row per rate, corrected beside uncorrected.
 */
final class FloorTable
{
    private FloorTable()
    {
    }

    static void print(final PrintWriter out, final List<FloorEntry> floor, final PercentileSummary hiccup)
    {
        out.println();
        out.println("Platform floor: loopback TCP echo, open loop, latency from intended start (corrected) " +
            "and from actual send (uncorrected)");
        out.printf(Locale.ROOT, "%9s %9s | %-8s %8s %8s %8s %8s %8s | %8s %8s %8s %8s %8s%n",
            "rate/s", "achieved", "", "p50", "p99", "p99.9", "p99.99", "max", "p50", "p99", "p99.9", "p99.99", "max");
        for (final FloorEntry entry : floor)
        {
            out.printf(Locale.ROOT, "%9.0f %9.0f | %-8s %s | %s%n",
                entry.rate(), entry.achievedRate(), "corr.",
                columns(entry.corrected()), columns(entry.uncorrected()));
        }
        out.printf(Locale.ROOT, "%9s %9s | %-8s %s%n", "", "", "hiccup", columns(hiccup));
        out.println("(right-hand block: uncorrected; hiccup: this process's own stalls over the whole calibration)");
    }

    private static String columns(final PercentileSummary summary)
    {
        return String.format(Locale.ROOT, "%8s %8s %8s %8s %8s",
            Latency.formatMicros(summary.p50()),
            Latency.formatMicros(summary.p99()),
            Latency.formatMicros(summary.p99_9()),
            Latency.formatMicros(summary.p99_99()),
            Latency.formatMicros(summary.max()));
    }
}
