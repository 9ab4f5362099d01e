package io.sonde.scenarios.sweep;

import io.sonde.api.Check;
import io.sonde.api.SweepSpec;
import io.sonde.inprocess.run.FixRunSummary;
import io.sonde.inprocess.run.OutputFolder;
import io.sonde.inprocess.run.StopSignal;
import io.sonde.inprocess.run.Sweeps;
import io.sonde.metrics.live.LiveMetrics;
import io.sonde.report.HiccupLog;
import io.sonde.report.ReportFiles;
import io.sonde.report.ReportInput;
import io.sonde.loadgen.host.ShutdownLatch;
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
        "Writes one folder per step (run.hlog, summary.json), sweep.json and sweep.csv. With --floor, each row " +
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
        final Sweeps prepared = Sweeps.prepare(sweep);
        final PrintWriter console = spec.commandLine().getOut();
        final Path folder = OutputFolder.prepare(sweep.out());
        scenario.writeEffective(folder);
        final StopSignal stop = new StopSignal();
        try (ShutdownLatch shutdown = new ShutdownLatch("sonde-sweep", stop::request))
        {
            final Sweeps.Outcome outcome;
            try (LiveMetrics live = metrics.open(console))
            {
                outcome = prepared.execute(console, spec.commandLine().getParseResult().originalArgs(),
                    live::nextStep, stop);
            }
            SweepTable.print(console, outcome.summary());
            if (outcome.runs().isEmpty())
            {
                console.println("Wrote " + folder.resolve("sweep.json") + " and " + folder.resolve("sweep.csv") +
                    "; no step, so no report");
            }
            else
            {
                ReportFiles.write(List.of(ReportInput.read(folder.toString(), List.of(folder))),
                    HiccupLog.readFolders(hiccupFolders), folder.resolve("report.html"));
                console.println("Wrote " + folder.resolve("sweep.json") + ", " + folder.resolve("sweep.csv") + ", " +
                    outcome.runs().size() + " step folder(s) and the report " + folder.resolve("report.html"));
            }
            return verdict.conclude(checks(outcome.runs()).with(history.record(console, folder,
                sweep.limits().slo(), scenario.name())).stopped(stop.requested()), "sonde sweep", console);
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

    /**
     * Every step's checks: a sweep that stopped at a knee has a failed step, so it exits 1 as it always did; one
     * whose step Sonde itself could not drive is void.
     */
    private static Checks checks(final List<FixRunSummary> runs)
    {
        final List<Check> checks = new ArrayList<>();
        runs.forEach(run -> checks.addAll(run.checks()));
        return new Checks(checks);
    }
}
