package io.sonde.scenarios.run;

import io.sonde.api.Option;
import io.sonde.api.ReplaySpec;
import io.sonde.inprocess.run.Replays;
import io.sonde.inprocess.run.ReplaySummary;
import io.sonde.api.RunReport;
import io.sonde.inprocess.run.StopSignal;
import io.sonde.metrics.live.LiveMetrics;
import io.sonde.loadgen.host.ShutdownLatch;
import io.sonde.report.RunTable;
import io.sonde.scenarios.cli.SpecOptions;
import io.sonde.scenarios.verdict.Checks;
import io.sonde.scenarios.verdict.VerdictOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code sonde replay}: re-send the orders, cancels and replaces of a recorded FIX message log on their recorded
 * timing, each measured from its intended time ({@link Replays}); the options are {@link ReplaySpec}'s.
 */
@Command(
    name = "replay",
    description = {
        "Re-send the orders, cancels and replaces (D, F, G) of a recorded FIX message log (QuickFIX/J format: one " +
            "message a line, SOH or | between fields, an optional timestamp before 8=, else SendingTime) on " +
            "their recorded timing divided by --speed, each measured from its intended time " +
            "(coordinated-omission free).",
        "",
        "Every message is a request of its own, under a ClOrdID Sonde stamps (OrigClOrdIDs follow), on the " +
            "session its recorded SenderCompID maps to (the n-th distinct sender to session n modulo --sessions). " +
            "Lines that are not D, F or G are counted by kind; a cancel or replace of an order never seen is " +
            "skipped and counted. Writes run.hlog and summary.json to the output folder."
    },
    mixinStandardHelpOptions = true,
    modelTransformer = SpecOptions.class)
public final class ReplayCommand implements Callable<Integer>, SpecOptions.Taker
{
    @Spec
    private CommandSpec spec;

    @Mixin
    private LiveMetricsOptions metrics;

    @Mixin
    private VerdictOptions verdict;

    public Integer call()
    {
        final ReplaySpec replay = SpecOptions.applyTo(ReplaySpec.builder(), spec).build();
        final Replays prepared = Replays.prepare(replay);
        final PrintWriter console = spec.commandLine().getOut();
        // Ctrl-C or SIGTERM cuts the replay short; its summary says so.
        final StopSignal stop = new StopSignal();
        try (ShutdownLatch shutdown = new ShutdownLatch("sonde-replay", stop::request);
            LiveMetrics live = metrics.open(console))
        {
            final ReplaySummary summary = prepared.execute(console, spec.commandLine().getParseResult().originalArgs(),
                live::nextStep, stop);
            final Path folder = replay.out();
            RunTable.print(console, RunReport.read(folder));
            console.printf(Locale.ROOT, "replayed %d of %d recorded messages%n", summary.replay().sent(),
                prepared.recordedMessages());
            console.println("Wrote " + folder.resolve("summary.json") + " and " + folder.resolve("run.hlog"));
            return verdict.conclude(new Checks(summary.run().checks()).stopped(stop.requested()), "sonde replay",
                console);
        }
    }

    public List<Option<?>> specOptions()
    {
        return ReplaySpec.OPTIONS;
    }
}
