package io.sonde.scenarios.sweep;

import io.sonde.fix.client.order.OrderParameters;
import io.sonde.fix.client.session.Credentials;
import io.sonde.loadgen.result.RunMetadata;
import io.sonde.loadgen.result.SummaryJson;
import io.sonde.loadgen.sweep.RatePlan;
import io.sonde.loadgen.sweep.StepMeasurement;
import io.sonde.loadgen.sweep.StepVerdict;
import io.sonde.loadgen.sweep.Sweep;
import io.sonde.loadgen.sweep.SweepCriteria;
import io.sonde.scenarios.cli.DurationConverter;
import io.sonde.scenarios.cli.OutputFolder;
import io.sonde.scenarios.cli.RateConverter;
import io.sonde.scenarios.cli.Slo;
import io.sonde.scenarios.history.HistoryOptions;
import io.sonde.scenarios.live.LiveMetrics;
import io.sonde.scenarios.live.LiveMetricsOptions;
import io.sonde.scenarios.report.HiccupLog;
import io.sonde.scenarios.report.ReportCommand;
import io.sonde.scenarios.report.ReportInput;
import io.sonde.scenarios.run.FixLoadOptions;
import io.sonde.scenarios.run.FixRunSummary;
import io.sonde.scenarios.run.FixStep;
import io.sonde.scenarios.run.SloResult;
import io.sonde.scenarios.run.TargetSystem;
import io.sonde.scenarios.verdict.Check;
import io.sonde.scenarios.verdict.Limits;
import io.sonde.scenarios.verdict.RunChecks;
import io.sonde.scenarios.verdict.Verdict;
import io.sonde.scenarios.verdict.VerdictOptions;
import io.sonde.scenarios.scenario.ScenarioOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

    @Option(names = "--slo", defaultValue = "p99=50ms", converter = Slo.Converter.class,
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
        final List<Double> plan = plan();
        final SweepAxis axis = sizes != null ? SweepAxis.sizesAt(sizeSweepRate) : SweepAxis.rates();
        final Limits limits = verdict.limits(slo);
        final SweepCriteria criteria = limits.criteria();
        final FloorReference floor = floorFolder == null ? null : floor();
        final Credentials credentials = load.credentials();
        load.checkTarget();
        final PrintWriter console = spec.commandLine().getOut();
        final Path folder = OutputFolder.prepare(out);
        scenario.writeEffective(folder);
        final List<String> commandLine = spec.commandLine().getParseResult().originalArgs();
        final long startEpochMs = System.currentTimeMillis();

        final List<String> stepFolders = new ArrayList<>();
        final String target;
        final Sweep.Outcome outcome;
        final List<FixRunSummary> runs = new ArrayList<>();
        try (LiveMetrics live = metrics.open(console);
            TargetSystem system = TargetSystem.open(load, credentials, console))
        {
            target = system.describe();
            final SweepProgress progress = new SweepProgress(console, plan, warmup.plus(stepDuration), axis.isSizes());
            outcome = new Sweep(criteria, !noStop).run(plan, (index, value) ->
            {
                progress.stepStarting(index, value);
                final String name = axis.folderName(index, value);
                stepFolders.add(name);
                final FixStep step = new FixStep(axis.rateAt(value), warmup, stepDuration, limits,
                    axis.messageSizeAt(value), index == 0);
                final FixRunSummary run = step.execute(load, system, credentials,
                    OutputFolder.prepare(folder.resolve(name)), folder, console, progress.label(index, value),
                    name + ": ", commandLine, live.nextStep(axis.rateAt(value)));
                runs.add(run);
                final StepMeasurement measurement = new StepMeasurement(run.run().targetRate(),
                    run.run().achievedRate(), run.run().corrected(), run.run().lateness(), run.run().hiccup(),
                    SloResult.allMet(run.slo()) && errorRateMet(run),
                    run.run().backPressureEvents() + run.run().windowFullEvents() > 0);
                progress.stepDone(index, value, measurement);
                return measurement;
            });
        }

        final SweepSummary summary = summarise(axis, plan, outcome, runs, stepFolders, floor, criteria, target,
            load.flowMix().toString(), RunMetadata.capture(commandLine, startEpochMs, load.layout()));
        SummaryJson.write(folder.resolve("sweep.json"), summary);
        SweepCsv.write(folder.resolve("sweep.csv"), summary);
        SweepTable.print(console, summary);
        ReportCommand.write(List.of(ReportInput.read(folder.toString(), List.of(folder))),
            HiccupLog.readFolders(hiccupFolders), folder.resolve("report.html"));
        console.println("Wrote " + folder.resolve("sweep.json") + ", " + folder.resolve("sweep.csv") + ", " +
            stepFolders.size() + " step folder(s) and the report " + folder.resolve("report.html"));
        return verdict.conclude(verdict(runs).with(history.record(console, folder, slo)), "sonde sweep", console);
    }

    /**
     * A step whose lifecycles failed too often did not keep up, whatever its latency: it counts as a breach.
     */
    private static boolean errorRateMet(final FixRunSummary run)
    {
        return run.checks().stream().noneMatch(check -> check.group().equals(RunChecks.ERRORS) && !check.passed());
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

    private SweepSummary summarise(
        final SweepAxis axis,
        final List<Double> plan,
        final Sweep.Outcome outcome, final List<FixRunSummary> runs, final List<String> stepFolders,
        final FloorReference floor, final SweepCriteria criteria, final String target, final String flows,
        final RunMetadata metadata)
    {
        final List<SweepStep> steps = new ArrayList<>();
        for (int i = 0; i < outcome.steps().size(); i++)
        {
            final StepMeasurement step = outcome.steps().get(i);
            final FixRunSummary run = runs.get(i);
            final FloorReference.Entry reference = floor == null ? null : floor.nearest(step.targetRate());
            final Double floorP99 = reference == null ? null : reference.corrected().p99();
            final FloorReference.Entry fixReference = floor == null ? null : floor.nearestFix(step.targetRate());
            final Double fixFloorP99 = fixReference == null ? null : fixReference.corrected().p99();
            steps.add(new SweepStep(step.targetRate(), axis.messageSizeAt(plan.get(i)), step.achievedRate(),
                outcome.verdicts().get(i),
                step.corrected(), run.run().uncorrected().p99(), step.lateness().p99(), step.hiccup().p99_9(),
                run.run().rejected() + run.run().timedOut(),
                reference == null ? null : reference.rate(), floorP99,
                ratio(step.corrected().p99(), floorP99), fixFloorP99, ratio(step.corrected().p99(), fixFloorP99),
                stepFolders.get(i)));
        }
        final StepVerdict stop = outcome.stopReason();
        final boolean kneeFound = outcome.kneeStep().isPresent();
        return new SweepSummary("sweep", target, flows, load.sessions(), SweepSummary.describe(slo), criteria,
            List.copyOf(steps), kneeFound && !axis.isSizes() ? outcome.knee().getAsDouble() : null,
            kneeFound ? axis.messageSizeAt(plan.get(outcome.kneeStep().getAsInt())) : null,
            stop == null ? null : stop.name().toLowerCase(Locale.ROOT).replace('_', '-'),
            floor == null ? null : floor.source().toString(), metadata);
    }

    private static Double ratio(final double p99, final Double floorP99)
    {
        return floorP99 == null || floorP99 <= 0 ? null : p99 / floorP99;
    }

    private List<Double> plan()
    {
        try
        {
            if (sizes != null)
            {
                return sizePlan();
            }
            if (sizeSweepRate != null)
            {
                throw new IllegalArgumentException("--rate sets the rate of a --sizes sweep; " +
                    "a rate sweep takes --rates");
            }
            if (rates != null && (from != null || to != null))
            {
                throw new IllegalArgumentException("give --rates or --from/--to, not both");
            }
            if (rates != null)
            {
                return RatePlan.of(rates);
            }
            if (from == null || to == null)
            {
                throw new IllegalArgumentException("give --rates R1,R2,... or both --from and --to (or --sizes)");
            }
            return RatePlan.geometric(from, to, factor);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
    }

    private List<Double> sizePlan()
    {
        if (rates != null || from != null || to != null)
        {
            throw new IllegalArgumentException("--sizes sweeps message size at one --rate: drop --rates/--from/--to");
        }
        if (sizeSweepRate == null)
        {
            throw new IllegalArgumentException("--sizes needs --rate, the rate of every step");
        }
        for (final int size : sizes)
        {
            if (size < OrderParameters.MIN_MESSAGE_SIZE || size > OrderParameters.MAX_MESSAGE_SIZE)
            {
                throw new IllegalArgumentException("message size " + size + " is not in " +
                    OrderParameters.MIN_MESSAGE_SIZE + ".." + OrderParameters.MAX_MESSAGE_SIZE + " bytes");
            }
        }
        return RatePlan.of(sizes.stream().map(Integer::doubleValue).toList());
    }

    private FloorReference floor()
    {
        try
        {
            return FloorReference.read(floorFolder);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
    }
}
