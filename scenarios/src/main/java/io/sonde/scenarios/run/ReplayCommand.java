package io.sonde.scenarios.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.api.Option;
import io.sonde.api.ReplaySpec;
import io.sonde.api.RunOptions;
import io.sonde.api.RunReport;
import io.sonde.inprocess.Sonde;
import io.sonde.loadgen.result.SummaryJson;
import io.sonde.loadgen.host.ShutdownLatch;
import io.sonde.report.RunTable;
import io.sonde.scenarios.cli.ProgressOptions;
import io.sonde.scenarios.cli.SpecOptions;
import io.sonde.scenarios.verdict.Checks;
import io.sonde.scenarios.verdict.VerdictOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/**
 * {@code sonde replay}: re-send the orders, cancels and replaces of a recorded FIX message log on their recorded
 * timing, each measured from its intended time ({@link Sonde#replay(ReplaySpec, RunOptions)}); the options are
 * {@link ReplaySpec}'s.
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
    private ProgressOptions progress;

    @Mixin
    private LiveMetricsOptions metrics;

    @Mixin
    private VerdictOptions verdict;

    public Integer call()
    {
        final ReplaySpec replay = SpecOptions.applyTo(ReplaySpec.builder(), spec).build();
        final PrintWriter console = spec.commandLine().getOut();
        // Ctrl-C or SIGTERM cuts the replay short; its summary says so.
        final CompletableFuture<Void> stop = new CompletableFuture<>();
        try (ShutdownLatch shutdown = new ShutdownLatch("sonde-replay", () -> stop.complete(null)))
        {
            final RunReport report = Sonde.replay(replay, metrics.applyTo(progress.applyTo(RunOptions.builder()))
                .console(console)
                .commandLine(spec.commandLine().getParseResult().originalArgs())
                .stopWhen(stop)
                .build());
            final Path folder = replay.out();
            RunTable.print(console, report);
            console.printf(Locale.ROOT, "replayed %d of %d recorded messages%n", report.outcomes().sent(),
                recordedMessages(folder));
            console.println("Wrote " + folder.resolve(RunReport.SUMMARY_FILE) + " and " +
                folder.resolve(RunReport.INTERVAL_LOG));
            return verdict.conclude(new Checks(report.checks()).stopped(stop.isDone()), "sonde replay", console);
        }
    }

    /**
     * @return the orders, cancels and replaces the log held to replay, as the summary's {@code replay} section
     *         counts them.
     */
    private static long recordedMessages(final Path folder)
    {
        final Path summary = folder.resolve(RunReport.SUMMARY_FILE);
        try
        {
            long recorded = 0;
            for (final JsonNode count : SummaryJson.mapper().readTree(summary.toFile()).path("replay").path("recorded"))
            {
                recorded += count.asLong();
            }
            return recorded;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read " + summary, ex);
        }
    }

    public List<Option<?>> specOptions()
    {
        return ReplaySpec.OPTIONS;
    }
}
