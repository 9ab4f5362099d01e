package io.sonde.report;

import io.sonde.api.TickToTrade;
import io.sonde.loadgen.time.Latency;
import io.sonde.report.html.Html;

import java.util.Locale;

/**
 * A market's part of a report: for each run or step, its feed and triggers, how the triggers were answered, what
 * the feed cost Sonde, and tick-to-trade against the host's floors. The report's latency plots and tables above are
 * tick-to-trade's for a market, the reaction's arrival at Sonde from its trigger's intended publication. Rows of FIX
 * runs show nothing.
 */
final class TickToTradeSection
{
    private TickToTradeSection()
    {
    }

    /**
     * @throws ReportException when A or B measures tick-to-trade and the other a FIX system's lifecycle: a ratio of
     *                         the two would divide different things.
     */
    static void checkComparable(final ReportInput a, final ReportInput b)
    {
        if (measures(a) != measures(b))
        {
            throw new ReportException((measures(a) ? "A" : "B") + " is a market's (its latency is tick-to-trade) " +
                "and " + (measures(a) ? "B" : "A") + " is not: compare a market run or sweep only with another");
        }
    }

    static void appendHtml(final StringBuilder html, final ReportInput input, final String key)
    {
        if (!measures(input))
        {
            return;
        }
        html.append("<h3>Tick-to-trade</h3><p class=\"note\">The latency above is tick-to-trade: corrected from a " +
            "trigger's intended publication, uncorrected from its actual send, to its reaction's arrival at Sonde's " +
            "acceptor. It includes the application, its FIX engine and the network both ways. A missed trigger had " +
            "no reaction within the timeout; the bound is the UDP one-way p50 plus half the TCP round-trip p50 of " +
            "sonde calibrate.</p>\n");
        html.append("<table id=\"tick-to-trade-").append(key).append("\"><tr><th>step</th><th>events/s</th>" +
            "<th>achieved</th><th>1 trigger in</th><th class=\"text\">feed</th><th class=\"text\">match</th>" +
            "<th>triggers</th><th>answered</th><th>missed</th><th>awaited</th><th>late</th><th>duplicates</th>" +
            "<th>malformed</th><th>without trigger</th><th>datagrams not sent</th><th>publish lateness p99</th>" +
            "<th>bound</th><th>p50 ÷ bound</th><th class=\"text\">orders without a trigger</th></tr>\n");
        for (final ReportRow row : input.rows())
        {
            for (final TickToTrade t2t : row.tickToTrades())
            {
                final TickToTrade.Floors floors = t2t.floors();
                html.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%.0f</td><td>%.1f</td><td>%d</td>" +
                    "<td class=\"text\">%s</td><td class=\"text\">%s</td><td>%d</td><td>%d</td>" +
                    "<td class=\"missed\">%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td>" +
                    "<td>%s</td><td>%s</td><td>%s</td><td class=\"text\">%s</td></tr>%n",
                    Html.escape(row.label()), t2t.eventRate(), t2t.achievedEventRate(), t2t.triggerEvery(),
                    Html.escape(String.join(" + ", t2t.feeds())), Html.escape(TickToTradeLines.match(t2t)),
                    t2t.triggers(), t2t.answered(), t2t.missed(), t2t.awaited(), t2t.late(), t2t.duplicates(),
                    t2t.malformed(), t2t.withoutTrigger(), t2t.datagramsNotSent(),
                    Latency.formatMicros(t2t.publishLateness().p99()),
                    floors == null ? "-" : Latency.formatMicros(floors.bound()),
                    floors == null ? "-" : String.format(Locale.ROOT, "%.1f×", floors.ratioP50()),
                    Html.escape(String.join("; ", t2t.withoutTriggerOrders()))));
            }
        }
        html.append("</table>\n");
    }

    private static boolean measures(final ReportInput input)
    {
        return input.rows().stream().anyMatch(row -> !row.tickToTrades().isEmpty());
    }
}
