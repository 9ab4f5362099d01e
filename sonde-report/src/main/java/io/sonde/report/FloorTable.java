package io.sonde.report;

import io.sonde.api.FloorReport;
import io.sonde.api.FloorReport.OneWay;
import io.sonde.api.FloorReport.RoundTrip;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * Prints a calibration's floors as tables, as {@code sonde calibrate} shows them: one row per rate, corrected beside
 * uncorrected. Sonde's FIX floor gets one more column, its p50 as a multiple of the TCP floor's at the same rate:
 * what Sonde's FIX path adds to the host. The UDP floor is printed beside the TCP round trip instead: a feed's
 * one-way path next to an order's round trip.
 */
public final class FloorTable
{
    private static final String NO_RATIO = "-";
    private static final Percentiles NONE = new Percentiles(0, 0, 0, 0, 0, 0, 0);

    private FloorTable()
    {
    }

    /**
     * Print the TCP floor, then the UDP floor and Sonde's FIX floor where they were measured, then the self-check
     * where it was made.
     */
    public static void print(final PrintWriter out, final FloorReport report)
    {
        print(out, report.floor(), orNone(report.hiccup()));
        if (!report.udpFloor().isEmpty())
        {
            printUdp(out, report.udpTransport(), report.udpFloor(), report.floor(), orNone(report.udpHiccup()));
        }
        if (!report.fixFloor().isEmpty())
        {
            printFix(out, report.fixTransport(), report.fixFloor(), report.floor(), orNone(report.fixHiccup()));
        }
        if (report.selfCheck() != null)
        {
            SelfCheckTable.print(out, report.selfCheck());
        }
    }

    static void print(final PrintWriter out, final List<RoundTrip> floor, final Percentiles hiccup)
    {
        out.println();
        out.println("Platform floor: loopback TCP echo, open loop, latency from intended start (corrected) " +
            "and from actual send (uncorrected)");
        header(out, "");
        for (final RoundTrip entry : floor)
        {
            row(out, entry, "");
        }
        footer(out, hiccup, "");
        floor.forEach(entry -> warnIfBehind(out, entry.keptUp(), entry.rate(), entry.achievedRate(),
            "the host's floor"));
    }

    /**
     * @param fixFloor Sonde's FIX floor, one entry per rate.
     * @param tcpFloor the TCP floor of the same calibration, for the "x TCP" column.
     */
    static void printFix(
        final PrintWriter out,
        final String description,
        final List<RoundTrip> fixFloor,
        final List<RoundTrip> tcpFloor,
        final Percentiles hiccup)
    {
        out.println();
        out.println("Sonde's FIX floor: " + description + ", open loop, corrected and uncorrected");
        header(out, String.format(Locale.ROOT, " | %6s", "x TCP"));
        for (final RoundTrip entry : fixFloor)
        {
            row(out, entry, String.format(Locale.ROOT, " | %6s", ratioToTcp(entry, tcpFloor)));
        }
        footer(out, hiccup, "; x TCP: FIX corrected p50 / TCP corrected p50 at the same rate");
        fixFloor.forEach(entry -> warnIfBehind(out, entry.keptUp(), entry.rate(), entry.achievedRate(),
            "Sonde's FIX floor"));
    }

    /**
     * @param udpFloor the UDP floor, one entry per rate.
     * @param tcpFloor the TCP floor of the same calibration, whose round trip is shown beside it.
     */
    static void printUdp(
        final PrintWriter out,
        final String description,
        final List<OneWay> udpFloor,
        final List<RoundTrip> tcpFloor,
        final Percentiles hiccup)
    {
        out.println();
        out.println("UDP floor: " + description);
        out.println("open loop, one-way latency from intended send (corrected), beside the TCP echo's round trip " +
            "(corrected)");
        out.printf(Locale.ROOT, "%9s %9s | %8s %8s | %-8s %8s %8s %8s %8s %8s | %9s %6s%n",
            "rate/s", "achieved", "TCP p50", "TCP p99", "UDP", "mean", "p50", "p99", "p99.9", "max", "count", "lost");
        for (final OneWay udp : udpFloor)
        {
            final RoundTrip tcp = atRate(tcpFloor, udp.rate());
            out.printf(Locale.ROOT, "%9.0f %9.0f | %8s %8s | %-8s %8s %s | %9d %6d%n",
                udp.rate(), udp.achievedRate(),
                tcp == null ? NO_RATIO : Latency.formatMicros(tcp.corrected().p50()),
                tcp == null ? NO_RATIO : Latency.formatMicros(tcp.corrected().p99()),
                "one-way", Latency.formatMicros(udp.mean()), oneWayColumns(udp.corrected()),
                udp.corrected().count(), udp.lost());
        }
        out.printf(Locale.ROOT, "%9s %9s | %8s %8s | %-8s %8s %s |%n", "", "", "", "", "hiccup", "",
            oneWayColumns(hiccup));
        out.println("(one-way: the receiver's read minus the datagram's intended send, one clock; uncorrected in " +
            "summary.json; lost: never read, warm-up included; hiccup: this process's own stalls over these rates)");
        udpFloor.forEach(entry -> warnIfBehind(out, entry.keptUp(), entry.rate(), entry.achievedRate(),
            "the UDP floor"));
        for (final OneWay entry : udpFloor)
        {
            if (entry.lost() > 0 || entry.outOfOrder() > 0)
            {
                out.printf(Locale.ROOT, "WARNING: the UDP floor lost %d datagram(s) at %.0f/s, %d out of order " +
                    "(warm-up included): a measured one that never arrived counts as timed out, at the timeout, in " +
                    "its percentiles%n", entry.lost(), entry.rate(), entry.outOfOrder());
            }
        }
    }

    private static String ratioToTcp(final RoundTrip fix, final List<RoundTrip> tcpFloor)
    {
        final RoundTrip tcp = atRate(tcpFloor, fix.rate());
        if (tcp == null || tcp.corrected().p50() <= 0)
        {
            return NO_RATIO;
        }
        return fix.keptUp() && tcp.keptUp() ?
            String.format(Locale.ROOT, "%.1f", fix.corrected().p50() / tcp.corrected().p50()) : "behind";
    }

    private static RoundTrip atRate(final List<RoundTrip> floor, final double rate)
    {
        for (final RoundTrip entry : floor)
        {
            if (entry.rate() == rate)
            {
                return entry;
            }
        }
        return null;
    }

    private static void warnIfBehind(
        final PrintWriter out, final boolean keptUp, final double rate, final double achieved, final String what)
    {
        if (!keptUp)
        {
            out.printf(Locale.ROOT, "WARNING: %s fell behind at %.0f/s (sent %.0f/s): its latency there is the " +
                "backlog's, not a floor; compare nothing with it%n", what, rate, achieved);
        }
    }

    /**
     * A calibration written before Sonde recorded the UDP or FIX floor's hiccups shows them as zeros.
     */
    private static Percentiles orNone(final Percentiles hiccup)
    {
        return hiccup == null ? NONE : hiccup;
    }

    private static void header(final PrintWriter out, final String extra)
    {
        out.printf(Locale.ROOT, "%9s %9s | %-8s %8s %8s %8s %8s %8s | %8s %8s %8s %8s %8s%s%n",
            "rate/s", "achieved", "", "p50", "p99", "p99.9", "p99.99", "max", "p50", "p99", "p99.9", "p99.99", "max",
            extra);
    }

    private static void row(final PrintWriter out, final RoundTrip entry, final String extra)
    {
        out.printf(Locale.ROOT, "%9.0f %9.0f | %-8s %s | %s%s%n",
            entry.rate(), entry.achievedRate(), "corr.", columns(entry.corrected()), columns(entry.uncorrected()),
            extra);
    }

    private static void footer(final PrintWriter out, final Percentiles hiccup, final String extraNote)
    {
        out.printf(Locale.ROOT, "%9s %9s | %-8s %s%n", "", "", "hiccup", columns(hiccup));
        out.println("(right-hand block: uncorrected; hiccup: this process's own stalls over these rates" + extraNote +
            ")");
    }

    private static String oneWayColumns(final Percentiles summary)
    {
        return String.format(Locale.ROOT, "%8s %8s %8s %8s",
            Latency.formatMicros(summary.p50()),
            Latency.formatMicros(summary.p99()),
            Latency.formatMicros(summary.p99_9()),
            Latency.formatMicros(summary.max()));
    }

    private static String columns(final Percentiles summary)
    {
        return String.format(Locale.ROOT, "%8s %8s %8s %8s %8s",
            Latency.formatMicros(summary.p50()),
            Latency.formatMicros(summary.p99()),
            Latency.formatMicros(summary.p99_9()),
            Latency.formatMicros(summary.p99_99()),
            Latency.formatMicros(summary.max()));
    }
}
