package io.sonde.inprocess.market;

import io.sonde.api.Limits;
import io.sonde.api.RunSummary;
import io.sonde.api.ScheduleShape;
import io.sonde.inprocess.run.FloorReference;
import io.sonde.inprocess.run.JitAwareWarmup;
import io.sonde.inprocess.run.ProgressPrinter;
import io.sonde.inprocess.run.StepReporting;
import io.sonde.loadgen.idle.CompilerActivity;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.loadgen.idle.IdleShare;
import io.sonde.loadgen.runner.IntervalListeners;
import io.sonde.loadgen.runner.LoadRun;
import io.sonde.loadgen.runner.RunConfig;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.market.Market;
import io.sonde.market.MarketStep;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The one path of a market run, and of each step of a market sweep: the market's next step at an event rate, run
 * by a {@link LoadRun} on the market's own thread, whose schedule is the triggers' and whose transport is the
 * market, so that its corrected, uncorrected and lateness are tick-to-trade's; then its summary.
 */
final class MarketRun
{
    private MarketRun()
    {
    }

    /**
     * One run or step.
     *
     * @param rate     feed events per second.
     * @param warmup   published and answered before measuring, not reported.
     * @param duration measured.
     * @param limits   what it is judged on.
     */
    record Step(double rate, Duration warmup, Duration duration, Limits limits)
    {
    }

    /**
     * @param market    the open market, the application ready.
     * @param idle      how the market's thread waits, claimed for the whole market.
     * @param floor     the calibration tick-to-trade is read against, or null.
     * @param target    the application, in words.
     * @param folder    where the step's files go (already prepared).
     * @param reporting where progress goes, what the step is called, and its stop.
     * @return the summary written into {@code folder}.
     */
    static RunSummary execute(
        final Market market,
        final MarketPlan plan,
        final HostIdle idle,
        final Step step,
        final FloorReference floor,
        final String target,
        final Path folder,
        final StepReporting reporting)
    {
        final long startEpochMs = System.currentTimeMillis();
        final MarketStep marketStep = market.step(plan.events(step.rate(), step.warmup()), plan.load().triggerEvery());
        final RunConfig config = config(plan, step, marketStep, reporting, idle)
            .idleStrategy(idle.newStrategy())
            .inFlightCapacity(Market.TRIGGER_CAPACITY)
            .outputDir(folder)
            .logName("run")
            .hops(List.of(marketStep.feedLateness()))
            .sharedThread(market.loadThread())
            .compiler(CompilerActivity.ofThisJvm());
        final LoadRun run = new LoadRun(config);
        final RunResult result;
        reporting.stop().running(run);
        idle.measureFrom(run::measureStartNanos);
        try
        {
            result = run.execute(marketStep.transport());
        }
        finally
        {
            reporting.stop().running(null);
            idle.measureFrom(null);
        }
        final IdleShare share = idle.share(result.measureStartNanos(),
            result.measureStartNanos() + Math.round(result.measuredSeconds() * 1e9));
        reporting.console().printf("%s %s%n", reporting.label(), share.describe());
        final MarketSummary.Outcome outcome = new MarketSummary.Outcome(result, marketStep.counts(),
            marketStep.feedLateness(), step.rate(), target, plan.layout(idle), share, idle.meantToSpin());
        return MarketSummary.write(outcome, plan, step.limits(), floor, reporting.checkLabel(),
            reporting.commandLine(), startEpochMs, folder);
    }

    /**
     * A warm-up goes on until the JIT is done ({@link JitAwareWarmup}), except before staged rates, whose stages
     * start where the planned warm-up ends.
     */
    private static RunConfig config(
        final MarketPlan plan, final Step step, final MarketStep marketStep, final StepReporting reporting,
        final HostIdle idle)
    {
        final RunConfig config = new RunConfig(marketStep.schedule(),
            RunTiming.of(step.warmup(), step.duration(), plan.load().timeout()));
        final ProgressPrinter progress = new ProgressPrinter(reporting.console(), reporting.label(),
            step.rate() / plan.load().triggerEvery());
        if (step.warmup().isZero() || plan.load().schedule() == ScheduleShape.STEPS)
        {
            return config.listener(IntervalListeners.all(progress, reporting.live()));
        }
        final JitAwareWarmup jitAware = new JitAwareWarmup(step.warmup(), config.intervalNanos(),
            CompilerActivity.ofThisJvm(), idle::waitingAsMeant, reporting.console(), reporting.label());
        return config.warmupGate(jitAware.gate()).listener(IntervalListeners.all(jitAware, progress,
            reporting.live()));
    }
}
