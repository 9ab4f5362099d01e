package io.sonde.inprocess.market;

import io.sonde.api.Check;
import io.sonde.api.FloorChoice;
import io.sonde.api.MarketEndpoints;
import io.sonde.api.MarketSweepSpec;
import io.sonde.api.Rates;
import io.sonde.api.RunReport;
import io.sonde.api.RunSummary;
import io.sonde.api.SweepReport;
import io.sonde.inprocess.run.FloorReference;
import io.sonde.inprocess.run.Objectives;
import io.sonde.inprocess.run.OutputFolder;
import io.sonde.inprocess.run.ProgressConsole;
import io.sonde.inprocess.run.RunChecks;
import io.sonde.inprocess.run.StepReporting;
import io.sonde.inprocess.run.StopSignal;
import io.sonde.inprocess.run.SweepReports;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.loadgen.result.RunMetadata;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.loadgen.sweep.StepMeasurement;
import io.sonde.loadgen.sweep.StepObjectives;
import io.sonde.loadgen.sweep.Sweep;
import io.sonde.loadgen.sweep.SweepCriteria;
import io.sonde.market.Market;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.DoubleFunction;

/**
 * A sweep over the market's event rate, checked and then carried out: what {@code sonde market-sweep} and
 * {@link io.sonde.inprocess.Sonde#marketSweep} both call. One market serves every step, so the application stays
 * connected; each step is a measured market run at its event rate, rising, until one misses its limits (its
 * tick-to-trade objectives, its triggers answered, or Sonde's own schedule), and the knee is the highest event rate
 * that met them. Writes a folder per step, {@code sweep.json} and {@code sweep.csv}.
 */
public final class MarketSweeps
{
    private final MarketSweepSpec spec;
    private final MarketPlan plan;
    private final FloorReference floor;
    private final FloorChoice floorChoice;

    private MarketSweeps(final MarketSweepSpec spec, final MarketPlan plan, final FloorChoice floorChoice)
    {
        this.spec = spec;
        this.plan = plan;
        this.floorChoice = floorChoice;
        this.floor = floorChoice.folder().map(FloorReference::read).orElse(null);
    }

    /**
     * @throws io.sonde.api.InvalidOptionException for an option only found wrong once read: a venue profile, a
     *                                             symbol, a feed address, the floor folder.
     */
    public static MarketSweeps prepare(final MarketSweepSpec spec)
    {
        final MarketPlan plan = MarketPlan.of(spec.load());
        plan.checkPriceCapacity(spec.plan().stream().mapToDouble(Double::doubleValue).max().orElse(0));
        return new MarketSweeps(spec, plan, FloorChoice.of(spec.floor(), FloorChoice.RESULTS));
    }

    /**
     * @param commandLine the command as typed, for the metadata; empty from the API.
     * @param liveForStep the listener told of each interval of the step at the given event rate.
     * @param stop        cuts the step in progress short when requested and starts no other.
     * @param onReady     told where the market listens once it does, before it waits for the application.
     * @throws io.sonde.api.RunFailedException when the application never came.
     */
    public SweepReport execute(
        final ProgressConsole console,
        final List<String> commandLine,
        final DoubleFunction<IntervalListener> liveForStep,
        final StopSignal stop,
        final Consumer<MarketEndpoints> onReady)
    {
        final List<Double> rates = spec.plan();
        final SweepCriteria criteria = RunChecks.criteria(spec.limits());
        final Path folder = OutputFolder.prepare(spec.out());
        final long startEpochMs = System.currentTimeMillis();
        console.println("[market-sweep] " + floorChoice.describe());
        final List<String> stepFolders = new ArrayList<>();
        final String target;
        final Sweep.Outcome outcome;
        final RunMetadata metadata;
        try (HostIdle idle = HostIdle.claim(plan.load().idle(), plan.busyThreads(), console);
            Market market = Markets.open(plan, idle, console, onReady))
        {
            target = Markets.awaitApplication(market, plan, console);
            metadata = RunMetadata.capture(commandLine, startEpochMs, plan.layout(idle));
            outcome = new Sweep(criteria, !spec.noStop()).run(rates, (index, rate) ->
            {
                final String name = String.format(Locale.ROOT, "step-%02d-%.0f", index + 1, rate);
                final String label = String.format(Locale.ROOT, "[step %d/%d %s events/s]", index + 1, rates.size(),
                    Rates.format(rate));
                console.println(label + " starting");
                stepFolders.add(name);
                final Path stepFolder = OutputFolder.prepare(folder.resolve(name));
                final RunSummary run = MarketRun.execute(market, plan, idle, new MarketRun.Step(rate, spec.warmup(),
                    spec.stepDuration(), spec.limits()), floor, target, stepFolder, new StepReporting(console, label,
                    name + ": ", commandLine, liveForStep.apply(rate), stop));
                return new StepMeasurement(run.targetRate(), run.achievedRate(), run.corrected(), run.lateness(),
                    run.hiccup(), Objectives.allMet(run.slo()) && kept(run), run.backPressureEvents() +
                    run.windowFullEvents() > 0, run.cutShort(), StepObjectives.probability(
                    RunReport.read(stepFolder).intervalLogs(), Markets.onCorrected(spec.limits().slo())));
            }, stop::requested);
        }
        return SweepReports.write(new SweepReports.SweepRun(folder, rates, Collections.nCopies(rates.size(), null),
            outcome, stepFolders, criteria, target, plan.flows(), 1, spec.limits().slo(), floor, null, metadata));
    }

    /**
     * A step whose triggers went unanswered too often, or whose feed lost datagrams at Sonde's socket, did not
     * keep up, whatever its tick-to-trade: it counts as a breach.
     */
    private static boolean kept(final RunSummary run)
    {
        return run.checks().stream().noneMatch(check -> check.outcome() == Check.Outcome.VOID ||
            check.group().equals(MarketChecks.ANSWERED) && !check.passed());
    }
}
