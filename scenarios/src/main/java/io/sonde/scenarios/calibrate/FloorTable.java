package io.sonde.scenarios.calibrate;

import io.sonde.loadgen.result.PercentileSummary;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * Prints a floor as a table: one row per rate, corrected beside uncorrected. Sonde's FIX floor gets one more
 * column, its p50 as a multiple of the TCP floor's at the same rate: what Sonde's FIX path adds to the host.
 */
final class FloorTable
{
    private static final String NO_RATIO = "-";
    /** A step that sent less than this share of its rate fell behind: its latency is a queue's, not the path's. */
    static final double KEPT_UP_SHARE = 0.99;

    private FloorTable()
    {
    }

    static void print(final PrintWriter out, final List<FloorEntry> floor, final PercentileSummary hiccup)
    {
        out.println();
        out.println("Platform floor: loopback TCP echo, open loop, latency from intended start (corrected) " +
            "and from actual send (uncorrected)");
        header(out, "");
        for (final FloorEntry entry : floor)
        {
            row(out, entry, "");
        }
        footer(out, hiccup, "");
        warnOfStepsBehind(out, floor, "the host's floor");
    }

    /**
     * @param fixFloor Sonde's FIX floor, one entry per rate.
     * @param tcpFloor the TCP floor of the same calibration, for the "x TCP" column.
     */
    static void printFix(
        final PrintWriter out,
        final String description,
        final List<FloorEntry> fixFloor,
        final List<FloorEntry> tcpFloor,
        final PercentileSummary hiccup)
    {
        out.println();
        out.println("Sonde's FIX floor: " + description + ", open loop, corrected and uncorrected");
        header(out, String.format(Locale.ROOT, " | %6s", "x TCP"));
        for (final FloorEntry entry : fixFloor)
        {
            row(out, entry, String.format(Locale.ROOT, " | %6s", ratioToTcp(entry, tcpFloor)));
        }
        footer(out, hiccup, "; x TCP: FIX corrected p50 / TCP corrected p50 at the same rate");
        warnOfStepsBehind(out, fixFloor, "Sonde's FIX floor");
    }

    /**
     * @return whether the step sent its rate: one that fell behind measured its own queue, not a floor.
     */
    static boolean keptUp(final FloorEntry entry)
    {
        return entry.achievedRate() >= entry.rate() * KEPT_UP_SHARE;
    }

    private static String ratioToTcp(final FloorEntry fix, final List<FloorEntry> tcpFloor)
    {
        for (final FloorEntry tcp : tcpFloor)
        {
            if (tcp.rate() == fix.rate() && tcp.corrected().p50() > 0)
            {
                return keptUp(fix) && keptUp(tcp) ?
                    String.format(Locale.ROOT, "%.1f", fix.corrected().p50() / tcp.corrected().p50()) : "behind";
            }
        }
        return NO_RATIO;
    }

    private static void warnOfStepsBehind(final PrintWriter out, final List<FloorEntry> floor, final String what)
    {
        for (final FloorEntry entry : floor)
        {
            if (!keptUp(entry))
            {
                out.printf(Locale.ROOT, "WARNING: %s fell behind at %.0f/s (sent %.0f/s): its latency there is the " +
                    "backlog's, not a floor; compare nothing with it%n", what, entry.rate(), entry.achievedRate());
            }
        }
    }

    private static void header(final PrintWriter out, final String extra)
    {
        out.printf(Locale.ROOT, "%9s %9s | %-8s %8s %8s %8s %8s %8s | %8s %8s %8s %8s %8s%s%n",
            "rate/s", "achieved", "", "p50", "p99", "p99.9", "p99.99", "max", "p50", "p99", "p99.9", "p99.99", "max",
            extra);
    }

    private static void row(final PrintWriter out, final FloorEntry entry, final String extra)
    {
        out.printf(Locale.ROOT, "%9.0f %9.0f | %-8s %s | %s%s%n",
            entry.rate(), entry.achievedRate(), "corr.", columns(entry.corrected()), columns(entry.uncorrected()),
            extra);
    }

    private static void footer(final PrintWriter out, final PercentileSummary hiccup, final String extraNote)
    {
        out.printf(Locale.ROOT, "%9s %9s | %-8s %s%n", "", "", "hiccup", columns(hiccup));
        out.println("(right-hand block: uncorrected; hiccup: this process's own stalls over these rates" + extraNote +
            ")");
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
