package io.sonde.inprocess.run;

import io.sonde.api.SweepSpec;
import io.sonde.fix.client.session.Credentials;
import io.sonde.inprocess.exchange.MemberFaults;
import io.sonde.loadgen.idle.ThreadLayout;
import io.sonde.loadgen.result.RunMetadata;
import io.sonde.loadgen.result.SummaryJson;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.loadgen.sweep.StepMeasurement;
import io.sonde.api.SweepReport.StepVerdict;
import io.sonde.loadgen.sweep.Sweep;
import io.sonde.loadgen.sweep.SweepCriteria;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * A sweep, checked and then carried out: one full run per step, rising, until a step misses; what
 * {@code sonde sweep} and {@link io.sonde.inprocess.Sonde#sweep} both call. Writes a folder per step,
 * {@code sweep.json} and {@code sweep.csv}. Everything that can be found wrong before anything connects or is written
 * is found by {@link #prepare}.
 */
public final class Sweeps
{
    private final SweepSpec spec;
    private final LoadPlan load;
    private final Credentials credentials;
    private final FloorReference floor;

    private Sweeps(final SweepSpec spec, final LoadPlan load, final Credentials credentials, final FloorReference floor)
    {
        this.spec = spec;
        this.load = load;
        this.credentials = credentials;
        this.floor = floor;
    }

    /**
     * @throws io.sonde.api.InvalidOptionException for an option only found wrong once read: a venue profile,
     *                                             credentials, the floor folder, a fault the bundled exchange's
     *                                             member processes cannot take.
     */
    public static Sweeps prepare(final SweepSpec spec)
    {
        MemberFaults.checkSchedule(spec.faults());
        final LoadPlan load = LoadPlan.checked(spec.load());
        final FloorReference floor = spec.floor().map(FloorReference::read).orElse(null);
        return new Sweeps(spec, load, load.credentials(), floor);
    }

    /**
     * Every step run and the summary written.
     *
     * @param summary what {@code sweep.json} holds.
     * @param runs    each step's run, in order.
     */
    public record Outcome(SweepSummary summary, List<FixRunSummary> runs)
    {
    }

    /**
     * @param commandLine  the command as typed, for the run metadata; empty from the API.
     * @param liveForStep  the listener told of each interval of the step at the given rate, or one returning
     *                     {@link IntervalListener#NONE}.
     * @param stop         cuts the step in progress short when requested (Ctrl-C, SIGTERM) and starts no other.
     * @throws io.sonde.api.RunFailedException when a step could not be carried out.
     */
    public Outcome execute(
        final PrintWriter console,
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

        final List<String> stepFolders = new ArrayList<>();
        final List<FixRunSummary> runs = new ArrayList<>();
        final String target;
        final ThreadLayout layout;
        final String warmedUp;
        final Sweep.Outcome outcome;
        try (TargetSystem system = TargetSystem.open(load, credentials, console))
        {
            target = system.describe();
            layout = load.layout(system.idle());
            warmedUp = spec.warmup().isZero() ? null : PathWarmup.run(load, system, credentials, spec.limits(),
                axis.rateAt(plan.get(0)), axis.messageSizeAt(plan.get(0)), folder, console, stop);
            final SweepProgress progress = new SweepProgress(console, plan, spec.warmup().plus(spec.stepDuration()),
                axis.isSizes());
            outcome = new Sweep(criteria, !spec.noStop()).run(plan, (index, value) ->
            {
                progress.stepStarting(index, value);
                final String name = axis.folderName(index, value);
                stepFolders.add(name);
                final FixStep step = new FixStep(axis.rateAt(value), spec.warmup(), spec.stepDuration(),
                    spec.limits(), axis.messageSizeAt(value), index == 0, spec.faults());
                final StepReporting reporting = new StepReporting(console, progress.label(index, value),
                    name + ": ", commandLine, liveForStep.apply(axis.rateAt(value)), stop);
                final FixRunSummary run = step.execute(load, system, credentials,
                    OutputFolder.prepare(folder.resolve(name)), folder, reporting);
                runs.add(run);
                final StepMeasurement measurement = new StepMeasurement(run.run().targetRate(),
                    run.run().achievedRate(), run.run().corrected(), run.run().lateness(), run.run().hiccup(),
                    Objectives.allMet(run.slo()) && errorRateMet(run),
                    run.run().backPressureEvents() + run.run().windowFullEvents() > 0, run.run().cutShort());
                progress.stepDone(index, value, measurement);
                return measurement;
            }, stop::requested);
        }

        final SweepSummary summary = summarise(axis, plan, outcome, runs, stepFolders, criteria, target, warmedUp,
            RunMetadata.capture(commandLine, startEpochMs, layout));
        SummaryJson.write(folder.resolve("sweep.json"), summary);
        SweepCsv.write(folder.resolve("sweep.csv"), summary);
        return new Outcome(summary, List.copyOf(runs));
    }

    /**
     * A step whose lifecycles failed too often did not keep up, whatever its latency: it counts as a breach.
     */
    private static boolean errorRateMet(final FixRunSummary run)
    {
        return run.checks().stream().noneMatch(check -> check.group().equals(RunChecks.ERRORS) && !check.passed());
    }

    private SweepSummary summarise(
        final SweepAxis axis,
        final List<Double> plan,
        final Sweep.Outcome outcome,
        final List<FixRunSummary> runs,
        final List<String> stepFolders,
        final SweepCriteria criteria,
        final String target,
        final String warmedUp,
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
        return new SweepSummary("sweep", target, load.flowMix().toString(), spec.load().sessionCount(),
            SweepSummary.describe(spec.limits().slo()), criteria, List.copyOf(steps),
            kneeFound && !axis.isSizes() ? outcome.knee().getAsDouble() : null,
            kneeFound ? axis.messageSizeAt(plan.get(outcome.kneeStep().getAsInt())) : null,
            stop == null ? null : stop.name().toLowerCase(Locale.ROOT).replace('_', '-'),
            floor == null ? null : floor.source().toString(), warmedUp, metadata);
    }

    private static Double ratio(final double p99, final Double floorP99)
    {
        return floorP99 == null || floorP99 <= 0 ? null : p99 / floorP99;
    }
}
