package io.sonde.report;

import io.sonde.api.FaultResult;
import io.sonde.report.html.Html;
import io.sonde.report.html.SvgPlot;

import java.util.List;
import java.util.Locale;

/**
 * The faults of a row's runs: a marker per fault on its latency-over-time plot, placed by the fault's wall-clock
 * start (so a fault another process applied lands where it happened), a table of each fault's recovery, orders and
 * windows, and in a comparison the two runs' recoveries side by side. Rows without faults show nothing.
 */
final class FaultSection
{
    private FaultSection()
    {
    }

    /**
     * Mark each of the row's faults on its plot of latency over time.
     */
    static void mark(final SvgPlot overTime, final ReportRow row)
    {
        final long originMs = row.log().epochMs(0);
        for (final ReportFault fault : row.faults())
        {
            overTime.marker((fault.wallClockStart().toEpochMilli() - originMs) / 1000.0, fault.label());
        }
    }

    /**
     * Append the table of the input's faults, one row per fault of each step.
     */
    static void appendHtml(final StringBuilder html, final ReportInput input, final String key)
    {
        if (input.rows().stream().allMatch(row -> row.faults().isEmpty()))
        {
            return;
        }
        html.append("<h3>Faults</h3><p class=\"note\">Recovery: from the fault until its sessions were logged on " +
            "again, every order sent before it was answered, and the interval p99 was back within 2× of the " +
            "interval's before it. At: seconds into the measured window, as --fault AT counts them. Lost: " +
            "acknowledged, then never final nor known to a status request. Windows: corrected p99 before, during and " +
            "after.</p>\n");
        html.append("<table id=\"faults-").append(key).append("\"><tr><th>step</th><th class=\"text\">fault</th>" +
            "<th class=\"text\">on</th><th>at</th><th>recovery</th><th>in flight</th><th>answered</th>" +
            "<th>settled by status</th><th>timed out</th><th>lost</th><th>duplicated</th><th>unknown</th>" +
            "<th>p99 before</th><th>p99 during</th><th>p99 after</th><th class=\"text\">notes</th></tr>\n");
        for (final ReportRow row : input.rows())
        {
            for (final ReportFault fault : row.faults())
            {
                html.append(String.format(Locale.ROOT, "<tr data-fault=\"%s\"><td>%s</td><td class=\"text\">%s</td>" +
                    "<td class=\"text\">%s</td><td>%.1f s</td>", Html.escape(fault.kind()), Html.escape(row.label()),
                    Html.escape(fault.label()), Html.escape(fault.on()), fault.atSeconds()));
                final FaultResult result = fault.result();
                if (result == null)
                {
                    html.append("<td class=\"recovery\">-</td>").append("<td>-</td>".repeat(10))
                        .append("<td class=\"text\">").append(Html.escape(appliedBy(fault))).append("</td></tr>\n");
                    continue;
                }
                html.append(String.format(Locale.ROOT, "<td class=\"recovery\">%s</td><td>%d</td><td>%d</td>" +
                    "<td>%d</td><td>%d</td><td class=\"lost\">%d</td><td class=\"duplicated\">%d</td><td>%d</td>" +
                    "<td>%s</td><td>%s</td><td>%s</td><td class=\"text\">%s</td></tr>%n", recovery(result),
                    result.inFlight(), result.inFlightOutcomes().answered(),
                    result.inFlightOutcomes().settledByStatus(), result.inFlightOutcomes().timedOut(), result.lost(),
                    result.duplicated(), result.unknown(), micros(ReportFault.p99(result.windows().before())),
                    micros(ReportFault.p99(result.windows().during())),
                    micros(ReportFault.p99(result.windows().after())), Html.escape(notes(result))));
            }
        }
        html.append("</table>\n");
    }

    /**
     * Append the two inputs' recoveries side by side, fault by fault in the order they began in each focus row;
     * nothing when neither had faults.
     */
    static void appendComparisonHtml(final StringBuilder html, final ReportRow a, final ReportRow b)
    {
        final List<ReportFault> before = a.faults();
        final List<ReportFault> after = b.faults();
        if (before.isEmpty() && after.isEmpty())
        {
            return;
        }
        html.append("<table id=\"fault-comparison\"><tr><th>#</th><th class=\"text\">fault A</th><th>recovery A</th>" +
            "<th class=\"text\">fault B</th><th>recovery B</th><th>B ÷ A</th></tr>\n");
        for (int i = 0; i < Math.max(before.size(), after.size()); i++)
        {
            final ReportFault one = i < before.size() ? before.get(i) : null;
            final ReportFault other = i < after.size() ? after.get(i) : null;
            html.append(String.format(Locale.ROOT, "<tr><td>%d</td><td class=\"text\">%s</td>" +
                "<td class=\"recovery-a\">%s</td><td class=\"text\">%s</td><td class=\"recovery-b\">%s</td>" +
                "<td>%s</td></tr>%n", i + 1, label(one), recovery(one), label(other), recovery(other),
                ratio(one, other)));
        }
        html.append("</table>\n");
    }

    /**
     * @return the fault's recovery in milliseconds, {@code never} when it did not recover, {@code -} when unjudged.
     */
    static String recovery(final FaultResult result)
    {
        return result.recoveryMillis().isPresent() ?
            String.format(Locale.ROOT, "%.0f ms", result.recoveryMillis().getAsDouble()) : "never";
    }

    private static String recovery(final ReportFault fault)
    {
        return fault == null || fault.result() == null ? "-" : recovery(fault.result());
    }

    private static String label(final ReportFault fault)
    {
        return fault == null ? "-" : Html.escape(fault.label());
    }

    private static String ratio(final ReportFault a, final ReportFault b)
    {
        if (a == null || b == null || a.result() == null || b.result() == null || !a.kind().equals(b.kind()) ||
            !a.result().recovered() || !b.result().recovered() || a.result().recoveryMillis().getAsDouble() <= 0)
        {
            return "-";
        }
        return String.format(Locale.ROOT, "%.2f×",
            b.result().recoveryMillis().getAsDouble() / a.result().recoveryMillis().getAsDouble());
    }

    private static String notes(final FaultResult result)
    {
        final StringBuilder notes = new StringBuilder(result.reason().orElse(""));
        appendIds(notes, "lost", result.lostClOrdIds());
        appendIds(notes, "duplicated", result.duplicatedClOrdIds());
        return notes.toString();
    }

    private static void appendIds(final StringBuilder notes, final String what, final List<String> clOrdIds)
    {
        if (!clOrdIds.isEmpty())
        {
            notes.append(notes.length() == 0 ? "" : "; ").append(what).append(": ").append(String.join(" ", clOrdIds));
        }
    }

    private static String appliedBy(final ReportFault fault)
    {
        return "from faults.json" + (fault.appliedBy().isEmpty() ? "" : ", applied by " + fault.appliedBy()) +
            ": not judged by this run";
    }

    private static String micros(final double micros)
    {
        return Double.isNaN(micros) ? "-" : Html.micros(micros);
    }
}
