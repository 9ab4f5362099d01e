package io.sonde.report;

import io.sonde.api.StepProbability;
import io.sonde.report.html.Html;

import java.util.List;
import java.util.Locale;

/**
 * {@code report.html}'s knee of a sweep: the knee with how likely its step, and the step above it, were to meet the
 * objectives; then, when the sweep measured them, every step's probability beside its verdict, and the knee rule in
 * words. Steps merged from several generators show their least likely generator's probability: the knee needs
 * every generator's step to meet.
 */
final class KneeSection
{
    private KneeSection()
    {
    }

    static void appendHtml(final StringBuilder html, final ReportInput input, final String key)
    {
        final List<ReportRow> rows = input.rows();
        final boolean measured = rows.stream().anyMatch(row -> row.meetsObjectives().isPresent());
        if (input.knee() == null && !measured)
        {
            return;
        }
        int above = 0;
        for (int i = 0; i < rows.size(); i++)
        {
            above = input.knee() != null && rows.get(i).key() == input.knee() ? i + 1 : above;
        }
        final String sure = measured ? " with ≥ 95 % probability" : "";
        html.append("<p id=\"knee-").append(key).append("\" class=\"knee\">");
        if (input.knee() == null)
        {
            html.append("No knee: not even the first step met its objectives").append(sure);
        }
        else
        {
            html.append("Knee: <b>").append(Html.escape(ReportTables.kneeLabel(input)))
                .append("</b>, the highest step every generator sustained within its objectives").append(sure)
                .append(measured ? " (" + KneeText.percent(rows.get(above - 1).meetsObjectives()) + ")" : "");
        }
        if (measured && above < rows.size())
        {
            html.append("; ").append(Html.escape(rows.get(above).label())).append(": ")
                .append(KneeText.percent(rows.get(above).meetsObjectives()));
        }
        html.append(".</p>\n");
        if (measured)
        {
            table(html, rows, key);
        }
    }

    private static void table(final StringBuilder html, final List<ReportRow> rows, final String key)
    {
        html.append("<table id=\"meets-").append(key).append("\"><tr><th>step</th><th class=\"text\">verdict</th>" +
            "<th>P(met)</th><th class=\"text\">objectives</th><th class=\"text\">samples</th></tr>\n");
        for (final ReportRow row : rows)
        {
            final String objectives = row.meetsObjectives().map(odds -> String.join(", ", odds.objectives()))
                .orElse("-");
            final String samples = row.meetsObjectives().map(odds -> odds.supported() ? "enough" :
                "too few: " + odds.shortfall()).orElse("-");
            html.append(String.format(Locale.ROOT, "<tr data-step=\"%.0f\"><td>%s</td><td class=\"text\">%s</td>" +
                "<td class=\"p-met\">%s</td><td class=\"text\">%s</td><td class=\"text\">%s</td></tr>%n", row.key(),
                Html.escape(row.label()), row.verdict() == null ? "" : Html.escape(row.verdict()),
                KneeText.percent(row.meetsObjectives()), Html.escape(objectives), Html.escape(samples)));
        }
        html.append("</table>\n<p id=\"knee-rule-").append(key).append("\" class=\"note\">P(met): how likely the " +
            "step was to meet its objectives on the corrected latency, the share of ")
            .append(rows.stream().flatMap(row -> row.meetsObjectives().stream()).findFirst()
                .map(StepProbability::resamples).orElse(0))
            .append(" resamples of its own interval log that met them all. ").append(Html.escape(KneeText.RULE))
            .append(" With several generators, a step's probability is its least likely generator's.</p>\n");
    }
}
