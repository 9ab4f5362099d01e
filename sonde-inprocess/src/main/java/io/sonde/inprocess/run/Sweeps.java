package io.sonde.inprocess.run;

import io.sonde.api.ExchangeSpec;
import io.sonde.api.FloorChoice;
import io.sonde.api.RunReport;
import io.sonde.api.RunSummary;
import io.sonde.api.ScheduleShape;
import io.sonde.api.SweepReport;
import io.sonde.api.SweepSpec;
import io.sonde.fix.client.session.Credentials;
import io.sonde.loadgen.idle.ThreadLayout;
import io.sonde.loadgen.result.RunMetadata;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.loadgen.sweep.StepMeasurement;
import io.sonde.loadgen.sweep.StepObjectives;
import io.sonde.loadgen.sweep.Sweep;
import io.sonde.loadgen.sweep.SweepCriteria;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * A sweep, checked and then carried out: one full run per step, rising, until a step misses; what
 * {@code sonde sweep} and {@link io.sonde.inprocess.Sonde#sweep} both call. After each step, with no load running,
 * its interval logs are resampled for how likely it was to meet its objectives ({@link StepObjectives}): the knee
 * follows that. Writes a folder per step, {@code sweep.json} and {@code sweep.csv}. Everything that can be found
 * wrong before anything connects or is written is found by {@link #prepare}.
 */
public final class Sweeps
{
    private final SweepSpec spec;
    private final LoadPlan load;
    private final Credentials credentials;
    private final FloorChoice floorChoice;
    private final FloorReference floor;

    private Sweeps(final SweepSpec spec, final LoadPlan load, final Credentials credentials,
        final FloorChoice floorChoice)
    {
        this.spec = spec;
        this.load = load;
        this.credentials = credentials;
        this.floorChoice = floorChoice;
        this.floor = floorChoice.folder().map(FloorReference::read).orElse(null);
    }

    /**
     * @throws io.sonde.api.InvalidOptionException for an option only found wrong once read: a venue profile,
     *                                             credentials, the floor folder (given, or the latest in
     *                                             results/), a fault the bundled exchange's
     *                                             member processes cannot take.
     */
    public static Sweeps prepare(final SweepSpec spec)
    {
        ExchangeSpec.checkMemberFaults(spec.faults());
        final LoadPlan load = LoadPlan.checked(spec.load());
        return new Sweeps(spec, load, load.credentials(), FloorChoice.of(spec.floor(), FloorChoice.RESULTS));
    }

    /**
     * @param commandLine  the command as typed, for the run metadata; empty from the API.
     * @param liveForStep  the listener told of each interval of the step at the given rate, or one returning
     *                     {@link IntervalListener#NONE}.
     * @param stop         cuts the step in progress short when requested (Ctrl-C, SIGTERM) and starts no other.
     * @throws io.sonde.api.RunFailedException when a step could not be carried out.
     */
    public SweepReport execute(
        final ProgressConsole console,
        final List<String> commandLine,
        final DoubleFunction<IntervalListener> liveForStep,
        final StopSignal stop)
    {
        final List<Double> plan = spec.plan();
        final SweepAxis axis = spec.isSizeSweep() ? SweepAxis.sizesAt(spec.sizeRate().orElseThrow()) :
            SweepAxis.rates();
        final SweepCriteria criteria = RunChecks.criteria(spec.limits());
        final Path folder = OutputFolder.prepare(spec.out());
        final long startEpochMs = System.currentTimeMillis();
        console.println("[sweep] " + floorChoice.describe());

        final List<String> stepFolders = new ArrayList<>();
        final String target;
        final ThreadLayout layout;
        final String warmedUp;
        final Sweep.Outcome outcome;
        try (TargetSystem system = TargetSystem.open(load, credentials, console))
        {
            target = system.describe();
            layout = load.layout(system.idle());
            final SweepEstimate estimate = estimate();
            final long warmupStartNanos = System.nanoTime();
            final PathWarmup.Warmed warmed = spec.warmup().isZero() ? null : PathWarmup.run(load, system,
                credentials, spec.limits(), axis.rateAt(plan.get(0)), axis.messageSizeAt(plan.get(0)), folder, console,
                stop);
            if (warmed != null)
            {
                estimate.stepTook(Duration.ofNanos(System.nanoTime() - warmupStartNanos), loadSeconds(warmed.run()));
            }
            warmedUp = warmed == null ? null : warmed.line();
            final SweepProgress progress = new SweepProgress(console, plan, axis.isSizes());
            outcome = new Sweep(criteria, !spec.noStop()).run(plan, (index, value) ->
            {
                progress.stepStarting(index, value, estimate.left(plan.size() - index));
                final long stepStartNanos = System.nanoTime();
                final String name = axis.folderName(index, value);
                stepFolders.add(name);
                final FixStep step = new FixStep(axis.rateAt(value), spec.warmup(), spec.stepDuration(),
                    spec.limits(), axis.messageSizeAt(value), index == 0, spec.faults(), spec.repeat());
                final StepReporting reporting = new StepReporting(console, progress.label(index, value),
                    name + ": ", commandLine, liveForStep.apply(axis.rateAt(value)), stop);
                final Path stepFolder = OutputFolder.prepare(folder.resolve(name));
                final RunSummary run = step.execute(load, system, credentials, stepFolder, folder, reporting);
                estimate.stepTook(Duration.ofNanos(System.nanoTime() - stepStartNanos), loadSeconds(run));
                final StepMeasurement measurement = new StepMeasurement(run.targetRate(),
                    run.achievedRate(), run.corrected(), run.lateness(), run.hiccup(),
                    Objectives.allMet(run.slo()) && errorRateMet(run),
                    run.backPressureEvents() + run.windowFullEvents() > 0, run.cutShort(),
                    StepObjectives.probability(RunReport.read(stepFolder).intervalLogs(), spec.limits().slo()));
                progress.stepDone(index, value, measurement);
                return measurement;
            }, stop::requested);
        }

        return SweepReports.write(new SweepReports.SweepRun(folder, plan,
            plan.stream().map(axis::messageSizeAt).toList(), outcome, stepFolders, criteria, target,
            load.flowMix().toString(), spec.load().sessionCount(), spec.limits().slo(), floor, warmedUp,
            RunMetadata.capture(commandLine, startEpochMs, layout)));
    }

    private static double loadSeconds(final RunSummary run)
    {
        return run.warmupSeconds() + run.measuredSeconds();
    }

    private SweepEstimate estimate()
    {
        return new SweepEstimate(spec.warmup(), spec.load().schedule() != ScheduleShape.STEPS,
            spec.stepDuration().multipliedBy(spec.repeat()), spec.load().timeout(), !spec.faults().isEmpty());
    }

    /**
     * A step whose lifecycles failed too often did not keep up, whatever its latency: it counts as a breach.
     */
    private static boolean errorRateMet(final RunSummary run)
    {
        return run.checks().stream().noneMatch(check -> check.group().equals(RunChecks.ERRORS) && !check.passed());
    }
}
