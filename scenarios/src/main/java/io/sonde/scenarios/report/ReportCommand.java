package io.sonde.scenarios.report;

import io.sonde.loadgen.result.PercentileSummary;
import io.sonde.loadgen.result.SummaryJson;
import io.sonde.scenarios.cli.UserError;
import io.sonde.scenarios.history.HistoryFolders;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
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
import java.util.concurrent.Callable;

/**
 * {@code sonde report}: read run and sweep folders, merge their interval logs, and write a report people
 * can read.
 */
@Command(
    name = "report",
    description = {
        "Read one or more 'sonde run' / 'sonde sweep' output folders and report them. Folders are results of " +
            "several load generators driving one system: steps at the same rate are merged by adding their " +
            "histograms (never by averaging percentiles).",
        "",
        "Prints a table per rate (achieved rate, corrected p50..max, uncorrected p99, errors by kind, flags, and " +
            "the tail-at-scale p99 a caller fanning out to 10 or 100 calls would see), and writes a self-contained " +
            "HTML report with plots, plus report.csv and report.json beside it.",
        "With --compare A B the two folders are reported side by side with B ÷ A per percentile and rate."
    },
    mixinStandardHelpOptions = true)
public final class ReportCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "DIR|RUN-ID", description = "Run or sweep output folders, or ids of " +
        "runs in the results history ('sonde history list').")
    private List<Path> folders;

    @Option(names = "--history", paramLabel = "URL", description = "The results history RUN-IDs are read from " +
        "(default: $SONDE_HISTORY, else ~/.sonde/history.db).")
    private String historyUrl;

    @Option(names = "--compare", description = "Exactly two folders: report them side by side (B ÷ A).")
    private boolean compare;

    @Option(names = "--out", description = "The HTML file to write (default: report.html in the first folder).")
    private Path out;

    @Option(names = "--hiccups", split = ",", paramLabel = "DIR", description = "Folders of other components' " +
        "hiccup logs (*.hlog: sonde-agent.jar's, the bundled exchange's, jHiccup's), one component per file: " +
        "overlaid on latency over time by wall clock, tabled per step, and every latency spike that coincides " +
        "with a component's stall flagged.")
    private List<Path> hiccupFolders = List.of();

    public Integer call()
    {
        if (compare && folders.size() != 2)
        {
            throw new UserError("--compare needs exactly two folders, got " + folders.size());
        }
        try (HistoryFolders sources = HistoryFolders.resolve(folders, historyUrl))
        {
            final List<Path> inputFolders = sources.folders();
            final List<ReportInput> inputs = compare ?
                List.of(ReportInput.read("A: " + sources.label(0), List.of(inputFolders.get(0))),
                    ReportInput.read("B: " + sources.label(1), List.of(inputFolders.get(1)))) :
                List.of(ReportInput.read(describe(sources), inputFolders));

            final PrintWriter console = spec.commandLine().getOut();
            inputs.forEach(input -> ReportTables.print(console, input));
            if (compare)
            {
                ReportTables.printComparison(console, inputs.get(0), inputs.get(1));
            }

            final Path html = out != null ? out : sources.defaultReport();
            write(inputs, HiccupLog.readFolders(hiccupFolders), html);
            console.println("Wrote " + html + ", " + html.resolveSibling("report.csv") + " and " +
                html.resolveSibling("report.json"));
            return 0;
        }
    }

    /**
     * Write the HTML report to {@code html}, and report.csv and report.json beside it, each atomically; Sonde's own
     * hiccups are the only ones beside the latency.
     */
    public static void write(final List<ReportInput> inputs, final Path html)
    {
        write(inputs, List.of(), html);
    }

    /**
     * As {@link #write(List, Path)}, with other components' hiccups beside the latency too.
     */
    public static void write(final List<ReportInput> inputs, final List<HiccupLog> hiccups, final Path html)
    {
        final Path folder = html.toAbsolutePath().getParent();
        writeAtomically(html, HtmlReport.render(inputs, hiccups));
        writeAtomically(folder.resolve("report.csv"), csv(inputs));
        SummaryJson.write(folder.resolve("report.json"), json(inputs, hiccups));
    }

    private static String describe(final HistoryFolders sources)
    {
        final List<String> labels = new ArrayList<>();
        for (int i = 0; i < sources.folders().size(); i++)
        {
            labels.add(sources.label(i));
        }
        return labels.size() == 1 ? labels.get(0) : labels.size() + " generators: " + labels;
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
                final PercentileSummary corrected = ReportStats.corrected(row);
                csv.append(String.format(Locale.ROOT,
                    "\"%s\",%.0f,%s,%d,%.1f,%s,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%d,%.1f,%.1f%n",
                    input.label().replace("\"", "'"), row.rate(),
                    row.messageSize() == null ? "" : row.messageSize().toString(), row.generators(), row.achievedRate(),
                    row.verdict() == null ? "" : row.verdict(), corrected.p50(), corrected.p90(), corrected.p99(),
                    corrected.p99_9(), corrected.p99_99(), corrected.max(), ReportStats.uncorrected(row).p99(),
                    row.errors(), ReportStats.callerP99(row, 10), ReportStats.callerP99(row, 100)));
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
                values.put("rate", row.rate());
                values.put("messageSize", row.messageSize());
                values.put("generators", row.generators());
                values.put("achievedRate", row.achievedRate());
                values.put("verdict", row.verdict());
                values.put("corrected", ReportStats.corrected(row));
                values.put("uncorrected", ReportStats.uncorrected(row));
                values.put("errors", row.errors());
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
                rows.add(values);
            }
            entry.put("rows", rows);
            entries.add(entry);
        }
        report.put("inputs", entries);
        if (inputs.size() == 2)
        {
            report.put("ratiosBOverA", ReportComparison.ratios(inputs.get(0), inputs.get(1)));
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
