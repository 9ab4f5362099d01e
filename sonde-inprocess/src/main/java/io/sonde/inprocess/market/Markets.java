package io.sonde.inprocess.market;

import io.sonde.api.Check;
import io.sonde.api.DurationText;
import io.sonde.api.FloorChoice;
import io.sonde.api.MarketEndpoints;
import io.sonde.api.MarketSpec;
import io.sonde.api.RunFailedException;
import io.sonde.api.RunReport;
import io.sonde.api.RunSummary;
import io.sonde.api.Slo;
import io.sonde.inprocess.run.FloorReference;
import io.sonde.inprocess.run.NotCarriedOut;
import io.sonde.inprocess.run.OutputFolder;
import io.sonde.inprocess.run.ProgressConsole;
import io.sonde.inprocess.run.StepReporting;
import io.sonde.inprocess.run.StopSignal;
import io.sonde.inprocess.run.SummaryFigures;
import io.sonde.loadgen.host.ReadyFile;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.loadgen.result.RunMetadata;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.market.Market;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * One market run, checked and then carried out: what {@code sonde market} and
 * {@link io.sonde.inprocess.Sonde#market} both call. Everything that can be found wrong before anything listens (the
 * venue profile, the symbols, the feed's addresses, the floor folder) is found by {@link #prepare}.
 */
public final class Markets
{
    private final MarketSpec spec;
    private final MarketPlan plan;
    private final FloorReference floor;

    private Markets(final MarketSpec spec, final MarketPlan plan, final FloorReference floor)
    {
        this.spec = spec;
        this.plan = plan;
        this.floor = floor;
    }

    /**
     * @throws io.sonde.api.InvalidOptionException for an option only found wrong once read: a venue profile, a
     *                                             symbol the market cannot price, a feed address, a floor folder
     *                                             without a calibration.
     */
    public static Markets prepare(final MarketSpec spec)
    {
        final FloorReference floor = FloorChoice.of(spec.floor(), FloorChoice.RESULTS).folder()
            .map(FloorReference::read).orElse(null);
        final MarketPlan plan = MarketPlan.of(spec.load());
        plan.checkPriceCapacity(spec.load().stages().map(stages -> stages.stages().stream()
            .mapToDouble(stage -> Math.max(stage.fromRate(), stage.toRate())).max().orElse(0))
            .orElseGet(spec::offeredRate));
        return new Markets(spec, plan, floor);
    }

    /**
     * Open the market, say it is ready (and tell {@code onReady} where it is), wait for the application, run the
     * one measured step, write {@code run.hlog} and {@code summary.json} into the spec's output folder, and close
     * the market.
     *
     * @param commandLine the command as typed, for the run metadata; empty from the API.
     * @param live        told of every interval: a live metrics endpoint, or {@link IntervalListener#NONE}.
     * @param stop        cuts the run short when requested (Ctrl-C, SIGTERM); its summary says so.
     * @param onReady     told where the market listens once it does, before it waits for the application.
     * @throws RunFailedException when the run could not be carried out (the application never came); its
     *                            {@code summary.json} says why, with a void check.
     */
    public RunSummary execute(
        final ProgressConsole console,
        final List<String> commandLine,
        final IntervalListener live,
        final StopSignal stop,
        final Consumer<MarketEndpoints> onReady)
    {
        final Path folder = OutputFolder.prepare(spec.out());
        final long startEpochMs = System.currentTimeMillis();
        try (HostIdle idle = HostIdle.claim(plan.load().idle(), plan.busyThreads(), console);
            Market market = open(plan, idle, console, onReady))
        {
            final String target = awaitApplication(market, plan, console);
            return MarketRun.execute(market, plan, idle, new MarketRun.Step(spec.offeredRate(), spec.warmup(),
                spec.measured(), spec.limits()), floor, target, folder,
                new StepReporting(console, "[market]", "", commandLine, live, stop));
        }
        catch (final RunFailedException ex)
        {
            notCarriedOut(folder, plan, spec.offeredRate(), ex.getMessage(), commandLine, startEpochMs);
            throw ex;
        }
    }

    /**
     * A market's figures are tick-to-trade's under the names of a run's corrected latency (its summary's kind says
     * so), so what judges corrected latency (a sweep step's resampling, the regression gate) judges tick-to-trade
     * objectives as objectives on the corrected latency.
     *
     * @return the objectives, each {@code t2t.} one as the same objective on the corrected latency.
     */
    public static List<Slo> onCorrected(final List<Slo> objectives)
    {
        return objectives.stream().map(slo -> slo.series() == Slo.Series.TICK_TO_TRADE ?
            new Slo(slo.percentile(), slo.limitMicros()) : slo).toList();
    }

    /**
     * Open the market and say where it is: the READY line (and its file, for a container that waits on it) and
     * {@code onReady}.
     */
    static Market open(
        final MarketPlan plan, final HostIdle idle, final ProgressConsole console,
        final Consumer<MarketEndpoints> onReady)
    {
        final Market market = Market.open(plan.settings(), idle.newStrategy());
        try
        {
            final String ready = plan.readyLine(market);
            console.println(ready);
            console.flush();
            ReadyFile.announce(ready);
            onReady.accept(plan.endpoints(market));
            return market;
        }
        catch (final RuntimeException ex)
        {
            market.close();
            throw ex;
        }
    }

    /**
     * @return the application, in words: {@code application SenderCompID APP on 127.0.0.1:9879}.
     * @throws RunFailedException when it did not come within {@code --await-app}.
     */
    static String awaitApplication(final Market market, final MarketPlan plan, final ProgressConsole console)
    {
        final String where = plan.settings().bindHost() + ":" + market.fixPort();
        if (!market.awaitApplication(plan.load().awaitApp().toNanos(), line ->
        {
            console.println("[market] " + line);
            console.flush();
        }))
        {
            throw new RunFailedException("the application did not log on to " + where + (plan.settings()
                .hasUdpFeed() ? "" : " and subscribe to FIX market data for every symbol") + " within " +
                DurationText.format(plan.load().awaitApp()), null);
        }
        return "application SenderCompID " + String.join(",", market.applications()) + " on " + where;
    }

    /**
     * Write a market run that could not be carried out as its {@code summary.json}, with one void check.
     */
    static void notCarriedOut(
        final Path folder, final MarketPlan plan, final double eventRate, final String reason,
        final List<String> commandLine, final long startEpochMs)
    {
        final Check check = NotCarriedOut.check(reason);
        new RunSummary(MarketSummary.KIND, 0, 0, 0, 0, 0, 0, eventRate, 0, 0, false, null, null, null, null, null, 0,
            0, 0, 0, null, null, null, SummaryFigures.metadata(RunMetadata.capture(commandLine, startEpochMs, null)),
            "application on " + plan.settings().bindHost() + ":" + plan.settings().port(), plan.flows(), 0, 0, null,
            null, null, null, null, null, null, null, 0, null, null, null, null, List.of(check), check.detail())
            .write(folder.resolve(RunReport.SUMMARY_FILE));
    }
}
