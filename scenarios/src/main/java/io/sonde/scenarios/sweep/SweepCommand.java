package io.sonde.scenarios.sweep;

import io.sonde.api.Check;
import io.sonde.api.RunOptions;
import io.sonde.api.SweepReport;
import io.sonde.api.SweepSpec;
import io.sonde.inprocess.Sonde;
import io.sonde.report.RepeatTable;
import io.sonde.report.SweepTable;
import io.sonde.loadgen.host.ShutdownLatch;
import io.sonde.scenarios.cli.ProgressOptions;
import io.sonde.scenarios.cli.SpecOptions;
import io.sonde.scenarios.results.HistoryOptions;
import io.sonde.scenarios.run.LiveMetricsOptions;
import io.sonde.scenarios.scenario.ScenarioOption;
import io.sonde.scenarios.verdict.Checks;
import io.sonde.scenarios.verdict.VerdictOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;


/**
 * {@code sonde sweep}: offer rising rates, one full run per step, until the system under test stops keeping
 * up, and report the knee.
 */
@Command(
    name = SweepSpec.COMMAND,
    description = {
        "Find where latency breaks: run one full FIX load step (warm-up, measurement, drain) per rate, rising, " +
            "and stop after the first step that breaches the SLO or sends less than its rate (--max-miss). " +
            "The knee is the highest rate that met both. A step where Sonde itself fell behind (send " +
            "lateness or its own hiccups above the limits) is flagged generator-limited and never counted as " +
            "the system's knee.",
        "",
        "Writes one folder per step (run.hlog, with --repeat N also run-2.hlog ... run-N.hlog, and summary.json), " +
            "sweep.json and sweep.csv. With --floor, each row " +
            "shows the calibrate floors (the host's, and Sonde's own FIX floor) at the nearest rate and the " +
            "ratios. Exit code 0 when every planned step met, 1 when a step missed (the sweep stops there unless " +
            "--no-stop), 2 for bad usage, 3 when a step could not be carried out (Sonde itself fell behind: void), " +
            "143 when stopped by SIGTERM (130 by Ctrl-C), the steps run so far written."
    },
    mixinStandardHelpOptions = true,
    modelTransformer = SpecOptions.class)
public final class SweepCommand implements Callable<Integer>, SpecOptions.Taker
{
    @Spec
    private CommandSpec spec;

    @Mixin
    private ProgressOptions progress;

    @Mixin
    private VerdictOptions verdict;

    @Mixin
    private LiveMetricsOptions metrics;

    @Mixin
    private HistoryOptions history;

    @Mixin
    private ScenarioOption scenario;

    @Option(names = "--hiccups", split = ",", paramLabel = "DIR", description = "Folders of the system's own " +
        "hiccup logs (e.g. the bundled exchange's --hiccups folders): the sweep's report puts them beside the " +
        "latency, as 'sonde report --hiccups' does.")
    private List<Path> hiccupFolders = List.of();

    public Integer call()
    {
        final SweepSpec sweep = spec();
        final PrintWriter console = spec.commandLine().getOut();
        final Path folder = sweep.out();
        final CompletableFuture<Void> stop = new CompletableFuture<>();
        try (ShutdownLatch shutdown = new ShutdownLatch("sonde-sweep", () -> stop.complete(null)))
        {
            final List<Check> regression = new ArrayList<>();
            final SweepReport report = Sonde.sweep(sweep, history.applyTo(metrics.applyTo(
                progress.applyTo(RunOptions.builder())), scenario.name())
                .console(console)
                .commandLine(spec.commandLine().getParseResult().originalArgs())
                .stopWhen(stop)
                .onOutputFolder(scenario::writeEffective)
                .htmlReport(hiccupFolders)
                .onSweepReport(written -> print(console, folder, written))
                .onRegressionChecks(regression::addAll)
                .build());
            return verdict.conclude(new Checks(report.checks()).with(regression).stopped(stop.isDone()),
                "sonde sweep", console);
        }
    }

    /**
     * The sweep's table and files, before the history's lines.
     */
    private static void print(final PrintWriter console, final Path folder, final SweepReport report)
    {
        SweepTable.print(console, report);
        RepeatTable.printSteps(console, report);
        if (report.steps().isEmpty())
        {
            console.println("Wrote " + folder.resolve(SweepReport.SWEEP_FILE) + " and " +
                folder.resolve("sweep.csv") + "; no step, so no report");
        }
        else
        {
            console.println("Wrote " + folder.resolve(SweepReport.SWEEP_FILE) + ", " + folder.resolve("sweep.csv") +
                ", " + report.steps().size() + " step folder(s) and the report " + folder.resolve("report.html"));
        }
    }

    /**
     * @return the sweep the command line asks for, every option checked: what the API would run for the same
     *         options.
     * @throws io.sonde.api.InvalidOptionException naming what is wrong.
     */
    public SweepSpec spec()
    {
        return SpecOptions.applyTo(SweepSpec.builder(), spec).build();
    }

    public List<io.sonde.api.Option<?>> specOptions()
    {
        return SweepSpec.OPTIONS;
    }
}
