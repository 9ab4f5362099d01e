package io.sonde.scenarios.sweep;

import io.sonde.api.Check;
import io.sonde.api.Slo;
import io.sonde.api.SweepSpec;
import io.sonde.api.engine.FixRunSummary;
import io.sonde.api.engine.OutputFolder;
import io.sonde.api.engine.StopSignal;
import io.sonde.api.engine.Sweeps;
import io.sonde.metrics.live.LiveMetrics;
import io.sonde.report.HiccupLog;
import io.sonde.report.ReportFiles;
import io.sonde.report.ReportInput;
import io.sonde.scenarios.cli.ShutdownLatch;
import io.sonde.scenarios.cli.DurationConverter;
import io.sonde.scenarios.cli.RateConverter;
import io.sonde.scenarios.cli.SloConverter;
import io.sonde.scenarios.results.HistoryOptions;
import io.sonde.scenarios.run.FixLoadOptions;
import io.sonde.scenarios.run.LiveMetricsOptions;
import io.sonde.scenarios.scenario.ScenarioOption;
import io.sonde.scenarios.verdict.Verdict;
import io.sonde.scenarios.verdict.VerdictOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;


/**
 * {@code sonde sweep}: offer rising rates, one full run per step, until the system under test stops keeping
 * up, and report the knee.
 */
@Command(
    name = "sweep",
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
            "--no-stop), 2 for bad usage, 3 when a step could not be carried out (Sonde itself fell behind: void)."
    },
    mixinStandardHelpOptions = true)
public final class SweepCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Mixin
    private FixLoadOptions load;

    @Mixin
    private VerdictOptions verdict;

    @Mixin
    private LiveMetricsOptions metrics;

    @Mixin
    private HistoryOptions history;

    @Mixin
    private ScenarioOption scenario;

    @Option(names = "--rates", split = ",", converter = RateConverter.class,
        description = "Rates to offer, rising, e.g. 1k,2k,5k,10k,20k. Either this or --from/--to.")
    private List<Double> rates;

    @Option(names = "--from", converter = RateConverter.class, description = "First rate of a geometric sweep.")
    private Double from;

    @Option(names = "--to", converter = RateConverter.class, description = "Last rate of a geometric sweep.")
    private Double to;

    @Option(names = "--factor", defaultValue = "2", description = "Ratio between steps of a geometric sweep " +
        "(default: ${DEFAULT-VALUE}).")
    private double factor;

    @Option(names = "--sizes", split = ",", description = "A message-size sweep instead: NewOrderSingle padded " +
        "with Text (58) to each size in bytes, rising, e.g. 128,264,512,1024, all at --rate.")
    private List<Integer> sizes;

    @Option(names = "--rate", converter = RateConverter.class, description = "The rate of every step of a " +
        "--sizes sweep.")
    private Double sizeSweepRate;

    @Option(names = "--step-duration", defaultValue = "10s", converter = DurationConverter.class,
        description = "Measured time per step (default: ${DEFAULT-VALUE}).")
    private Duration stepDuration;

    @Option(names = "--warmup", defaultValue = "3s", converter = DurationConverter.class,
        description = "Warm-up per step, sent and logged but not reported (default: ${DEFAULT-VALUE}).")
    private Duration warmup;

    @Option(names = "--slo", defaultValue = "p99=50ms", converter = SloConverter.class,
        description = "Objectives on corrected latency that every step must meet (default: ${DEFAULT-VALUE}: " +
            "loose enough for a shared VM, whose hypervisor stalls put even loopback TCP's p99 in milliseconds, " +
            "so the knee marks saturation; on a tuned host tighten it, e.g. p99=500us,p99.99=2ms).")
    private List<Slo> slo;

    @Option(names = "--no-stop", description = "Run every planned step even after one fails.")
    private boolean noStop;

    @Option(names = "--hiccups", split = ",", paramLabel = "DIR", description = "Folders of the system's own " +
        "hiccup logs (e.g. the bundled exchange's --hiccups folders): the sweep's report puts them beside the " +
        "latency, as 'sonde report --hiccups' does.")
    private List<Path> hiccupFolders = List.of();

    @Option(names = "--floor", description = "A 'sonde calibrate' output folder: show its floors (TCP, and " +
        "Sonde's FIX floor when it has one) beside each step.")
    private Path floorFolder;

    @Option(names = "--out", defaultValue = "results/sweep", description = "Output folder (default: ${DEFAULT-VALUE}).")
    private Path out;

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
            ReportFiles.write(List.of(ReportInput.read(folder.toString(), List.of(folder))),
                HiccupLog.readFolders(hiccupFolders), folder.resolve("report.html"));
            console.println("Wrote " + folder.resolve("sweep.json") + ", " + folder.resolve("sweep.csv") + ", " +
                outcome.runs().size() + " step folder(s) and the report " + folder.resolve("report.html"));
            return verdict.conclude(verdict(outcome.runs()).with(history.record(console, folder,
                sweep.limits().slo())), "sonde sweep", console);
        }
    }

    /**
     * @return the sweep the command line asks for, every option checked: what the API would run for the same
     *         options.
     * @throws io.sonde.api.InvalidOptionException naming what is wrong.
     */
    public SweepSpec spec()
    {
        final SweepSpec.Builder builder = verdict.applyTo(load.applyTo(SweepSpec.builder()), slo)
            .rates(rates)
            .factor(factor)
            .sizes(sizes)
            .stepDuration(stepDuration)
            .warmup(warmup)
            .noStop(noStop)
            .floor(floorFolder)
            .out(out);
        if (from != null)
        {
            builder.from(from);
        }
        if (to != null)
        {
            builder.to(to);
        }
        if (sizeSweepRate != null)
        {
            builder.sizeRate(sizeSweepRate);
        }
        return builder.build();
    }

    /**
     * Every step's checks: a sweep that stopped at a knee has a failed step, so it exits 1 as it always did; one
     * whose step Sonde itself could not drive is void.
     */
    private static Verdict verdict(final List<FixRunSummary> runs)
    {
        final List<Check> checks = new ArrayList<>();
        runs.forEach(run -> checks.addAll(run.checks()));
        return new Verdict(checks);
    }
}
