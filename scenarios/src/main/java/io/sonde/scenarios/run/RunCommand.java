package io.sonde.scenarios.run;

import io.sonde.api.Check;
import io.sonde.api.FloorChoice;
import io.sonde.api.Option;
import io.sonde.api.RunFailedException;
import io.sonde.api.RunOptions;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.inprocess.Sonde;
import io.sonde.report.BookLines;
import io.sonde.report.FloorLines;
import io.sonde.report.RunTable;
import io.sonde.loadgen.host.ShutdownLatch;
import io.sonde.scenarios.cli.ProgressOptions;
import io.sonde.scenarios.cli.SpecOptions;
import io.sonde.scenarios.results.HistoryOptions;
import io.sonde.scenarios.scenario.ScenarioOption;
import io.sonde.scenarios.verdict.Checks;
import io.sonde.scenarios.verdict.VerdictOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;


/**
 * {@code sonde run}: drive a FIX acceptor with N sessions at a scheduled rate and measure every order
 * lifecycle from its intended start.
 */
@Command(
    name = RunSpec.COMMAND,
    description = {
        "Drive a FIX acceptor (FIX 4.2, 4.4 or 5.0 SP2: --fix-version), or the bundled exchange (--embedded), " +
            "with N Artio sessions on an open-loop schedule and measure every order lifecycle from its intended " +
            "start time (coordinated-omission free).",
        "",
        "Shows its progress on one line updated in place on a terminal, a line every 5 s when piped (none with " +
            "--quiet); writes run.hlog (series corrected, uncorrected, lateness, hiccup " +
            "and per stage new-ack, new-fill, replace, cancel; with --repeat N, run-2.hlog ... run-N.hlog for the " +
            "runs after the first) and summary.json to the output folder.",
        "Credentials come from --credentials FILE (username=, password= lines) or the environment variables " +
            "SONDE_FIX_USERNAME and SONDE_FIX_PASSWORD, never from the command line.",
        "",
        "Exit codes: 0 every check passed; 1 an objective, the error rate (--max-error-rate) or the rate was " +
            "missed; 2 bad usage; 3 the run could not be carried out (target unreachable, logon refused, or " +
            "Sonde itself fell behind so the result is void); 143 stopped by SIGTERM (130 by Ctrl-C), its results " +
            "written and marked cut short."
    },
    mixinStandardHelpOptions = true,
    modelTransformer = SpecOptions.class)
public final class RunCommand implements Callable<Integer>, SpecOptions.Taker
{
    @Spec
    private CommandSpec spec;

    @Mixin
    private ProgressOptions progress;

    @Mixin
    private LiveMetricsOptions metrics;

    @Mixin
    private HistoryOptions history;

    @Mixin
    private ScenarioOption scenario;

    @Mixin
    private VerdictOptions verdict;

    public Integer call()
    {
        final RunSpec run = spec();
        final PrintWriter console = spec.commandLine().getOut();
        final Path folder = run.out();
        final CompletableFuture<Void> stop = new CompletableFuture<>();
        try (ShutdownLatch shutdown = new ShutdownLatch("sonde-run", () -> stop.complete(null)))
        {
            final List<Check> regression = new ArrayList<>();
            final RunReport report;
            try
            {
                report = Sonde.run(run, history.applyTo(metrics.applyTo(progress.applyTo(RunOptions.builder())),
                    scenario.name())
                    .console(console)
                    .commandLine(spec.commandLine().getParseResult().originalArgs())
                    .stopWhen(stop)
                    .onOutputFolder(scenario::writeEffective)
                    .onReport(written -> print(console, run, written))
                    .onRegressionChecks(regression::addAll)
                    .build());
            }
            catch (final RunFailedException ex)
            {
                spec.commandLine().getErr().println("sonde: " + ex.getMessage());
                console.println("Wrote " + folder.resolve(RunReport.SUMMARY_FILE) + ": the run was not carried out");
                return verdict.conclude(new Checks(RunReport.read(folder).checks()), "sonde run", console);
            }
            return verdict.conclude(new Checks(report.checks()).with(regression).stopped(stop.isDone()),
                "sonde run", console);
        }
    }

    /**
     * The run's table, the floor it is read against, and its files, before the history's lines.
     */
    private static void print(final PrintWriter console, final RunSpec run, final RunReport report)
    {
        RunTable.print(console, report);
        BookLines.print(console, report);
        FloorLines.print(console, report, FloorChoice.of(run.floor(), FloorChoice.RESULTS));
        console.println("Wrote " + run.out().resolve(RunReport.SUMMARY_FILE) + " and " + report.intervalLogs().stream()
            .map(log -> run.out().resolve(log.getFileName()).toString()).collect(Collectors.joining(", ")));
    }

    /**
     * @return the run the command line asks for, every option checked: what the API would run for the same options.
     * @throws io.sonde.api.InvalidOptionException naming what is wrong.
     */
    public RunSpec spec()
    {
        return SpecOptions.applyTo(RunSpec.builder(), spec).build();
    }

    public List<Option<?>> specOptions()
    {
        return RunSpec.OPTIONS;
    }
}
