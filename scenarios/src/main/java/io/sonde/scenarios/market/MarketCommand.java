package io.sonde.scenarios.market;

import io.sonde.api.Check;
import io.sonde.api.FloorChoice;
import io.sonde.api.MarketSpec;
import io.sonde.api.Option;
import io.sonde.api.RunFailedException;
import io.sonde.api.RunOptions;
import io.sonde.api.RunReport;
import io.sonde.inprocess.Sonde;
import io.sonde.loadgen.host.ShutdownLatch;
import io.sonde.report.FloorLines;
import io.sonde.report.RunTable;
import io.sonde.report.TickToTradeLines;
import io.sonde.scenarios.cli.ProgressOptions;
import io.sonde.scenarios.cli.SpecOptions;
import io.sonde.scenarios.results.HistoryOptions;
import io.sonde.scenarios.run.LiveMetricsOptions;
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
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/**
 * {@code sonde market}: be the venue of a trading application, publish a feed on a schedule and time each trigger's
 * reaction (tick-to-trade).
 */
@Command(
    name = MarketSpec.COMMAND,
    description = {
        "Be the market of a trading application and measure its tick-to-trade (docs/tick-to-trade.md).",
        "Sonde publishes a seeded order-book feed on an open-loop schedule (--rate events/s): SBE over UDP " +
            "(--md-udp) and FIX 4.4 market data on its acceptor. One event in --trigger-every N is a trigger, an " +
            "order added inside the spread and marked so. The application logs on to the acceptor (--port) and " +
            "answers each trigger with a NewOrderSingle that echoes the trigger's number in --echo-tag (default " +
            "58), or sits at its sub-tick price (--match price). Tick-to-trade is the order's arrival minus the " +
            "trigger's intended publication (corrected), or its actual send (uncorrected); a trigger unanswered " +
            "within --timeout is missed. The application's orders are acknowledged, filled or expired as the " +
            "reference acceptor does.",
        "",
        "Prints a READY line once listening and waits up to --await-app for the application; writes run.hlog " +
            "(corrected, uncorrected and lateness are tick-to-trade's; feed-hop.lateness every event's) and " +
            "summary.json (kind market, with tickToTrade) to the output folder.",
        "",
        "Exit codes: 0 every check passed; 1 an objective (--slo t2t.p99=...), the triggers answered " +
            "(--max-error-rate) or the event rate was missed; 2 bad usage; 3 the run could not be carried out (the " +
            "application never logged on) or is void (Sonde fell behind, or its socket refused datagrams); 143 " +
            "stopped by SIGTERM (130 by Ctrl-C), its results written and marked cut short."
    },
    mixinStandardHelpOptions = true,
    modelTransformer = SpecOptions.class)
public final class MarketCommand implements Callable<Integer>, SpecOptions.Taker
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
    private VerdictOptions verdict;

    public Integer call()
    {
        final MarketSpec market = spec();
        final PrintWriter console = spec.commandLine().getOut();
        final Path folder = market.out();
        final CompletableFuture<Void> stop = new CompletableFuture<>();
        try (ShutdownLatch shutdown = new ShutdownLatch("sonde-market", () -> stop.complete(null)))
        {
            final List<Check> regression = new ArrayList<>();
            final RunReport report;
            try
            {
                report = Sonde.market(market, history.applyTo(metrics.applyTo(progress.applyTo(
                    RunOptions.builder())), Optional.empty())
                    .console(console)
                    .commandLine(spec.commandLine().getParseResult().originalArgs())
                    .stopWhen(stop)
                    .onReport(written -> print(console, market, written))
                    .onRegressionChecks(regression::addAll)
                    .build());
            }
            catch (final RunFailedException ex)
            {
                spec.commandLine().getErr().println("sonde: " + ex.getMessage());
                console.println("Wrote " + folder.resolve(RunReport.SUMMARY_FILE) + ": the run was not carried out");
                return verdict.conclude(new Checks(RunReport.read(folder).checks()), "sonde market", console);
            }
            return verdict.conclude(new Checks(report.checks()).with(regression).stopped(stop.isDone()),
                "sonde market", console);
        }
    }

    /**
     * The run's table (its latency tick-to-trade), the market's own lines, the floor, and the files.
     */
    private static void print(final PrintWriter console, final MarketSpec market, final RunReport report)
    {
        RunTable.print(console, report);
        TickToTradeLines.print(console, report);
        FloorLines.print(console, report, FloorChoice.of(market.floor(), FloorChoice.RESULTS));
        console.println("Wrote " + market.out().resolve(RunReport.SUMMARY_FILE) + " and " +
            market.out().resolve(RunReport.INTERVAL_LOG));
    }

    /**
     * @return the market run the command line asks for, every option checked: what the API would run.
     * @throws io.sonde.api.InvalidOptionException naming what is wrong.
     */
    public MarketSpec spec()
    {
        return SpecOptions.applyTo(MarketSpec.builder(), spec).build();
    }

    public List<Option<?>> specOptions()
    {
        return MarketSpec.OPTIONS;
    }
}
