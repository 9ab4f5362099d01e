package io.sonde.scenarios.results;

import io.sonde.api.FloorChoice;
import io.sonde.history.HistoryFolders;
import io.sonde.history.HistoryLocation;
import io.sonde.report.HiccupLog;
import io.sonde.report.ReportFiles;
import io.sonde.report.ReportInput;
import io.sonde.report.ReportTables;
import io.sonde.scenarios.cli.SpecOptions;
import io.sonde.scenarios.cli.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code sonde report}: read run, sweep and probe folders or interval logs, merge their interval logs, and write a
 * report people can read.
 */
@Command(
    name = "report",
    description = {
        "Read one or more 'sonde run' / 'sonde sweep' output folders and report them. Folders are results of " +
            "several load generators driving one system: steps at the same rate are merged by adding their " +
            "histograms (never by averaging percentiles). Folders of different kinds (a run and a sweep) are " +
            "refused.",
        "A 'sonde probe' results folder (every probe-*.hlog in it) or an .hlog file is reported from its " +
            "interval logs alone: latency over time, percentiles and each stage.",
        "",
        "Prints a table per rate (achieved rate, corrected p50..max, uncorrected p99, errors by kind, flags, and " +
            "the tail-at-scale p99 a caller fanning out to 10 or 100 calls would see) and the hops of the answers, " +
            "and writes a self-contained HTML report with plots, plus a CSV and a JSON file beside it named after " +
            "it (report.csv and report.json beside report.html).",
        "With --compare A B the two folders are reported side by side with B ÷ A per percentile and rate, each " +
            "with its 95%% interval from both folders' interval logs and whether B is slower or faster beyond the " +
            "noise or within it; two runs at different rates are divided as they are, and the comparison says so. " +
            "Two runs of the book flow add their books side by side: order-to-trade, cancel share, depth, orders " +
            "resting at the end and each action's stage, B ÷ A.",
        "report.html shades 95%% bands on latency over time and against rate (docs/measuring.md)."
    },
    mixinStandardHelpOptions = true,
    modelTransformer = SpecOptions.class)
public final class ReportCommand implements Callable<Integer>, SpecOptions.Taker
{
    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "DIR|RUN-ID|HLOG", description = "Run, sweep or probe output " +
        "folders, ids of runs in the results history ('sonde history list'), or .hlog files.")
    private List<Path> folders;

    @Option(names = "--history", paramLabel = "URL", description = "The results history RUN-IDs are read from " +
        "(default: " + HistoryLocation.DEFAULT_TEXT + ").")
    private String historyUrl;

    @Option(names = "--compare", description = "Exactly two folders: report them side by side (B ÷ A, " +
        "with the interval of each ratio).")
    private boolean compare;

    @Option(names = "--out", description = "The HTML file to write; NAME.csv and NAME.json go beside NAME.html " +
        "(default: report.html in the first folder, NAME.html beside an .hlog file; with --compare " +
        "compare-A-B.html beside A).")
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
            final FloorChoice floor = FloorChoice.of(floorGiven(), FloorChoice.RESULTS);
            inputs.forEach(input -> input.readAgainst(floor));

            final PrintWriter console = spec.commandLine().getOut();
            inputs.forEach(input -> ReportTables.print(console, input));
            if (compare)
            {
                ReportTables.printComparison(console, inputs.get(0), inputs.get(1));
            }

            final Path html = out != null ? out : compare ? sources.defaultComparison() : sources.defaultReport();
            ReportFiles.write(inputs, HiccupLog.readFolders(hiccupFolders), html);
            console.println("Wrote " + html + ", " + ReportFiles.csvBeside(html) + " and " +
                ReportFiles.jsonBeside(html));
            return 0;
        }
    }

    public List<io.sonde.api.Option<?>> specOptions()
    {
        return List.of(FloorChoice.OPTION);
    }

    private Optional<Path> floorGiven()
    {
        final String text = spec.findOption("--" + FloorChoice.OPTION.name()).getValue();
        return text == null ? Optional.empty() : Optional.of(FloorChoice.OPTION.read(text));
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
}
