package io.sonde.report;

import io.sonde.api.Percentiles;
import io.sonde.api.StepProbability;
import io.sonde.loadgen.result.SummaryJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The files of a report: the self-contained HTML page, and a CSV and a JSON file beside it named after it
 * ({@code report.csv} and {@code report.json} beside {@code report.html}).
 */
public final class ReportFiles
{
    private ReportFiles()
    {
    }

    /**
     * Write the HTML report to {@code html}, and its {@link #csvBeside CSV} and {@link #jsonBeside JSON} beside
     * it, each atomically.
     *
     * @param hiccups other components' hiccup logs, beside the latency with Sonde's own; none for only Sonde's.
     */
    public static void write(final List<ReportInput> inputs, final List<HiccupLog> hiccups, final Path html)
    {
        writeAtomically(html, HtmlReport.render(inputs, hiccups));
        writeAtomically(csvBeside(html), csv(inputs));
        SummaryJson.write(jsonBeside(html), json(inputs, hiccups));
    }

    /**
     * @return the report's CSV: {@code NAME.csv} beside {@code NAME.html}.
     */
    public static Path csvBeside(final Path html)
    {
        return beside(html, ".csv");
    }

    /**
     * @return the report's JSON: {@code NAME.json} beside {@code NAME.html}.
     */
    public static Path jsonBeside(final Path html)
    {
        return beside(html, ".json");
    }

    /**
     * @return {@code html} with its {@code .html} (or {@code .htm}) replaced by {@code extension}, or with
     *         {@code extension} added when it has neither, so the page is never overwritten.
     */
    private static Path beside(final Path html, final String extension)
    {
        final String name = html.getFileName().toString();
        final String stem = name.replaceFirst("(?i)\\.html?$", "");
        return html.resolveSibling(stem + extension);
    }

    private static String csv(final List<ReportInput> inputs)
    {
        final StringBuilder csv = new StringBuilder("input,rate,message_size,generators,achieved_rate,verdict," +
            "p50_us,p90_us,p99_us,p99_9_us,p99_99_us,max_us,uncorrected_p99_us,errors,fanout10_p99_us," +
            "fanout100_p99_us\n");
        for (final ReportInput input : inputs)
        {
            for (final ReportRow row : input.rows())
            {
                final Percentiles corrected = ReportStats.corrected(row);
                csv.append(String.format(Locale.ROOT,
                    "\"%s\",%s,%s,%d,%.1f,%s,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%s,%.1f,%.1f%n",
                    input.label().replace("\"", "'"),
                    row.fromSummary() ? String.format(Locale.ROOT, "%.0f", row.rate()) : "",
                    row.messageSize() == null ? "" : row.messageSize().toString(), row.generators(), row.achievedRate(),
                    row.verdict() == null ? "" : row.verdict(), corrected.p50(), corrected.p90(), corrected.p99(),
                    corrected.p99_9(), corrected.p99_99(), corrected.max(), ReportStats.uncorrected(row).p99(),
                    row.fromSummary() ? Long.toString(row.errors()) : "", ReportStats.callerP99(row, 10),
                    ReportStats.callerP99(row, 100)));
            }
        }
        return csv.toString();
    }

    private static Map<String, Object> json(final List<ReportInput> inputs, final List<HiccupLog> hiccups)
    {
        final Map<String, Object> report = new LinkedHashMap<>();
        report.put("kind", "report");
        final List<Map<String, Object>> entries = new ArrayList<>();
        for (final ReportInput input : inputs)
        {
            final Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("label", input.label());
            entry.put("kind", input.kind());
            entry.put("knee", input.knee());
            final List<Map<String, Object>> rows = new ArrayList<>();
            for (final ReportRow row : input.rows())
            {
                final Map<String, Object> values = new LinkedHashMap<>();
                values.put("step", row.label());
                values.put("rate", row.fromSummary() ? row.rate() : null);
                values.put("messageSize", row.messageSize());
                values.put("generators", row.generators());
                values.put("achievedRate", row.achievedRate());
                values.put("verdict", row.verdict());
                values.put("meetsObjectives", row.meetsObjectives().map(StepProbability::probability).orElse(null));
                values.put("corrected", ReportStats.corrected(row));
                values.put("uncorrected", ReportStats.uncorrected(row));
                values.put("errors", row.fromSummary() ? row.errors() : null);
                values.put("failures", row.failures());
                final Map<String, Double> tail = new LinkedHashMap<>();
                for (final int k : TailAtScale.FAN_OUTS)
                {
                    tail.put("fanout" + k + "P99", ReportStats.callerP99(row, k));
                }
                values.put("tailAtScale", tail);
                final RecordedLog.Interval worst = ReportStats.worstInterval(row);
                if (worst != null)
                {
                    final Map<String, Double> moment = new LinkedHashMap<>();
                    moment.put("startSeconds", worst.startSeconds());
                    moment.put("endSeconds", worst.endSeconds());
                    moment.put("maxMicros", worst.histogram().getMaxValue() / 1000.0);
                    values.put("worstInterval", moment);
                }
                values.put("hiccups", RowHiccups.of(row, hiccups));
                final Map<String, Object> marketData = MarketDataSection.json(row);
                if (marketData != null)
                {
                    values.put("marketData", marketData);
                }
                rows.add(values);
            }
            entry.put("rows", rows);
            entries.add(entry);
        }
        report.put("inputs", entries);
        if (inputs.size() == 2)
        {
            report.put("ratiosBOverA", ReportComparison.ratios(inputs.get(0), inputs.get(1)));
            report.put("comparisonNote", ReportComparison.note(inputs.get(0), inputs.get(1)));
            final ReportComparison.Ratio tick = MarketDataSection.ratio(inputs.get(0).focusRow(),
                inputs.get(1).focusRow());
            if (tick != null)
            {
                report.put("orderToTickBOverA", tick);
            }
            final BookComparison.Comparison book = BookComparison.of(inputs.get(0), inputs.get(1));
            if (book != null)
            {
                report.put("bookBOverA", book);
            }
        }
        return report;
    }

    private static void writeAtomically(final Path file, final String content)
    {
        try
        {
            final Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            final Path temporary = parent.resolve(file.getFileName() + ".tmp");
            Files.writeString(temporary, content, StandardCharsets.UTF_8);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write " + file, ex);
        }
    }
}
