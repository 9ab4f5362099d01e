package io.sonde.report;

import io.sonde.api.SelfCheck;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Prints calibrate's self-check, as {@code sonde calibrate} shows it below the floors: each figure measured beside
 * the truth the scripted stall makes, how far apart they are, the measured value's 95 % interval and whether the
 * truth lies in it; then a verdict that names the host when a figure lies outside the tolerance.
 */
public final class SelfCheckTable
{
    private static final double PERCENT = 100.0;

    private SelfCheckTable()
    {
    }

    /**
     * @param check what the self-check found.
     */
    public static void print(final PrintWriter out, final SelfCheck check)
    {
        out.println();
        out.printf(Locale.ROOT, "Self-check: Sonde's FIX client against the reference acceptor stalled %s, %.0f " +
            "orders/s, at most %d in flight; %s latency, base (p50) %s, hiccup max %s%n", check.stall(),
            check.rate(), check.window(), check.series(), Latency.formatMicros(check.base()),
            Latency.formatMicros(check.hiccupMax()));
        out.printf(Locale.ROOT, "%-6s %9s %9s %8s  %-19s %s%n", "", "truth", "measured", "error", "95 % interval",
            "truth inside");
        for (final SelfCheck.Figure figure : check.figures())
        {
            out.printf(Locale.ROOT, "%-6s %9s %9s %+7.1f%%  %-19s %s%n", figure.percentile(),
                Latency.formatMicros(figure.truth()), Latency.formatMicros(figure.measured()),
                figure.error() * PERCENT, interval(figure), inside(figure));
        }
        final String tolerance = String.format(Locale.ROOT, "%.0f %%", check.tolerance() * PERCENT);
        if (check.passed())
        {
            out.println("Self-check passed: p99, p99.9 and max within " + tolerance + " of the truth; this host " +
                "measures a known stall as it is.");
            return;
        }
        final StringBuilder missed = new StringBuilder();
        for (final SelfCheck.Figure figure : check.figures())
        {
            if (!figure.within(check.tolerance()))
            {
                missed.append(missed.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%s %+.1f%%",
                    figure.percentile(), figure.error() * PERCENT));
            }
        }
        final boolean heldOff = check.hiccupMax() > check.tolerance() * check.figures().get(0).truth();
        out.println("SELF-CHECK FAILED on " + check.host() + ": " + missed + " from the truth, more than " +
            tolerance + "; do not trust latency figures measured on this host until it passes. " + (heldOff ?
            "The host held Sonde's own process off for up to " + Latency.formatMicros(check.hiccupMax()) +
            " (its hiccup meter): stop what else runs on it, or give Sonde cores of its own, and calibrate again." :
            "Sonde's own process was not held off (hiccup max " + Latency.formatMicros(check.hiccupMax()) +
            "): the measurement itself is wrong; report it with this folder.") + " See docs/measuring.md.");
    }

    private static String interval(final SelfCheck.Figure figure)
    {
        if (figure.lower() == null || figure.upper() == null)
        {
            return "none";
        }
        return Latency.formatMicros(figure.lower()) + "–" + Latency.formatMicros(figure.upper());
    }

    private static String inside(final SelfCheck.Figure figure)
    {
        if (figure.truthInside() == null)
        {
            return "(" + figure.shortfall() + ")";
        }
        return figure.truthInside() ? "yes" : "no";
    }
}
