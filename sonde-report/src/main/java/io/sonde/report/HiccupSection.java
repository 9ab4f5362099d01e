package io.sonde.report;

import io.sonde.api.Percentiles;
import io.sonde.report.html.Html;

import java.util.List;
import java.util.Locale;

/**
 * The report's hiccup table and the spikes they explain: each component's stalls beside the latency, so an
 * outlier is pinned on the component that paused instead of on the system as a whole.
 */
final class HiccupSection
{
    private HiccupSection()
    {
    }

    static void append(
        final StringBuilder html, final ReportInput input, final String key, final List<HiccupLog> others)
    {
        html.append("<h3>Hiccups</h3><p class=\"note\">Each component's stalls (GC, safepoints, the OS, the " +
            "hypervisor) over the step, from its hiccup log; <code>sonde</code> is Sonde's own process (and the " +
            "exchange's too with <code>--embedded</code>).</p>\n");
        html.append("<table id=\"hiccups-").append(key).append("\"><tr><th>step</th><th class=\"text\">component" +
            "</th><th>p50</th><th>p99</th><th>p99.9</th><th>max</th></tr>\n");
        final StringBuilder spikes = new StringBuilder();
        for (final ReportRow row : input.rows())
        {
            final RowHiccups hiccups = RowHiccups.of(row, others);
            for (final RowHiccups.Component component : hiccups.components())
            {
                final Percentiles stalls = component.hiccups();
                html.append(String.format(Locale.ROOT, "<tr class=\"hiccup\"><td>%s</td><td class=\"text\">%s</td>" +
                    "<td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>%n", Html.escape(row.label()),
                    Html.escape(component.name()), Html.micros(stalls.p50()), Html.micros(stalls.p99()),
                    Html.micros(stalls.p99_9()), Html.micros(stalls.max())));
            }
            for (final Coincidences.Coincidence coincidence : hiccups.coincidences())
            {
                spikes.append("<li class=\"coincidence\">").append(Html.escape(row.label())).append(": ")
                    .append(Html.escape(coincidence.describe())).append("</li>\n");
            }
        }
        html.append("</table>\n<ul id=\"coincidences-").append(key).append("\" class=\"note\">\n");
        html.append(spikes.length() > 0 ? spikes : "<li>No latency spike coincides with a hiccup.</li>\n");
        html.append("</ul>\n");
    }
}
