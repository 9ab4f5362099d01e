package io.sonde.scenarios.market;

import io.sonde.api.Check;
import io.sonde.api.MarketSweepSpec;
import io.sonde.api.Option;
import io.sonde.api.RunFailedException;
import io.sonde.api.RunOptions;
import io.sonde.api.SweepReport;
import io.sonde.inprocess.Sonde;
import io.sonde.loadgen.host.ShutdownLatch;
import io.sonde.report.SweepTable;
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
 * {@code sonde market-sweep}: be the market of a trading application at rising event rates, one measured step each,
 * and report the knee of its tick-to-trade.
 */
@Command(
    name = MarketSweepSpec.COMMAND,
    description = {
        "Find the knee of a trading application (docs/tick-to-trade.md).",
        "Be its market as sonde market is, one measured step per event rate (--rates, or --from/--to), " +
            "rising, the application connected throughout, and stop after the first step whose tick-to-trade " +
            "misses its objectives (default t2t.p99=50ms), whose triggers go unanswered (--max-error-rate) or " +
            "whose rate was not sent. The knee is the highest event rate that met them.",
        "",
        "Writes one folder per step (run.hlog, summary.json), sweep.json, sweep.csv and report.html. Exit code 0 " +
            "when every planned step met, 1 when a step missed, 2 for bad usage, 3 when the application never " +
            "logged on, 143 when stopped by SIGTERM (130 by Ctrl-C), the steps run so far written."
    },
    mixinStandardHelpOptions = true,
    modelTransformer = SpecOptions.class)
public final class MarketSweepCommand implements Callable<Integer>, SpecOptions.Taker
{
    @Spec
    private CommandSpec spec;

    @Mixin
    private ProgressOptions progress;

    @Mixin
    private VerdictOptions verdict;

    @Mixin
    private LiveMetricsOptions metrics;

    @Mixin
    private HistoryOptions history;

    public Integer call()
    {
        final MarketSweepSpec sweep = spec();
        final PrintWriter console = spec.commandLine().getOut();
        final Path folder = sweep.out();
        final CompletableFuture<Void> stop = new CompletableFuture<>();
        try (ShutdownLatch shutdown = new ShutdownLatch("sonde-market-sweep", () -> stop.complete(null)))
        {
            final List<Check> regression = new ArrayList<>();
            final SweepReport report;
            try
            {
                report = Sonde.marketSweep(sweep, history.applyTo(metrics.applyTo(
                    progress.applyTo(RunOptions.builder())), Optional.empty())
                    .console(console)
                    .commandLine(spec.commandLine().getParseResult().originalArgs())
                    .stopWhen(stop)
                    .htmlReport(List.of())
                    .onSweepReport(written -> print(console, folder, written))
                    .onRegressionChecks(regression::addAll)
                    .build());
            }
            catch (final RunFailedException ex)
            {
                spec.commandLine().getErr().println("sonde: " + ex.getMessage());
                return verdict.conclude(new Checks(List.of(new Check("run", "not carried out",
                    Check.Outcome.VOID, ex.getMessage()))), "sonde market-sweep", console);
            }
            return verdict.conclude(new Checks(report.checks()).with(regression).stopped(stop.isDone()),
                "sonde market-sweep", console);
        }
    }

    /**
     * The sweep's table and files, before the history's lines.
     */
    private static void print(final PrintWriter console, final Path folder, final SweepReport report)
    {
        SweepTable.print(console, report);
        console.println("Wrote " + folder.resolve(SweepReport.SWEEP_FILE) + ", " + folder.resolve("sweep.csv") +
            ", " + report.steps().size() + " step folder(s)" + (report.steps().isEmpty() ? "" :
            " and the report " + folder.resolve("report.html")));
    }

    /**
     * @return the market sweep the command line asks for, every option checked: what the API would run.
     * @throws io.sonde.api.InvalidOptionException naming what is wrong.
     */
    public MarketSweepSpec spec()
    {
        return SpecOptions.applyTo(MarketSweepSpec.builder(), spec).build();
    }

    public List<Option<?>> specOptions()
    {
        return MarketSweepSpec.OPTIONS;
    }
}
