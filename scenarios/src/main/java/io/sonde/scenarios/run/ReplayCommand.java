package io.sonde.scenarios.run;

import io.sonde.api.FixLoad;
import io.sonde.api.Limits;
import io.sonde.api.RunSpec;
import io.sonde.api.RunReport;
import io.sonde.inprocess.run.FixRunSummary;
import io.sonde.inprocess.run.LoadPlan;
import io.sonde.inprocess.run.MeasuredFixRun;
import io.sonde.inprocess.run.OutputFolder;
import io.sonde.inprocess.run.ProgressPrinter;
import io.sonde.inprocess.run.StepReporting;
import io.sonde.inprocess.run.StopSignal;
import io.sonde.inprocess.run.TargetSystem;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.OrderParameters;
import io.sonde.fix.client.order.RecordedFlow;
import io.sonde.fix.client.order.ReplayTransport;
import io.sonde.fix.client.replay.RecordedLogException;
import io.sonde.fix.client.replay.RecordedLogReader;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.loadgen.result.SummaryJson;
import io.sonde.loadgen.runner.IntervalListeners;
import io.sonde.loadgen.runner.RunConfig;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.RecordedSchedule;
import io.sonde.metrics.live.LiveMetrics;
import io.sonde.report.RunTable;
import io.sonde.scenarios.cli.DurationConverter;
import io.sonde.scenarios.cli.ShutdownLatch;
import io.sonde.scenarios.cli.SpecOptions;
import io.sonde.scenarios.cli.UserError;
import io.sonde.scenarios.verdict.Checks;
import io.sonde.scenarios.verdict.VerdictOptions;
import org.agrona.concurrent.SystemEpochClock;
import org.agrona.concurrent.SystemNanoClock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code sonde replay}: re-send the orders, cancels and replaces of a recorded FIX message log on their recorded
 * timing, each measured from its intended time.
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
    private static final String LABEL = "[replay]";
    /** The recorded log says what is sent, so these options of a generated load have nothing to choose. */
    /** The recorded log says what is sent and to whom, so the options that generate a load are not replay's. */
    private static final List<io.sonde.api.Option<?>> NOT_FOR_REPLAY = List.of(FixLoad.EMBEDDED, FixLoad.NODES,
        FixLoad.FLOW, FixLoad.MIX, FixLoad.TIF, FixLoad.SCHEDULE, FixLoad.BURST_SIZE, FixLoad.STAGES,
        FixLoad.SESSION_GROUPS, FixLoad.SYMBOLS);

    /** Ctrl-C or SIGTERM cuts the replay short; its summary says so. */
    private static final List<String> STAGES =
        List.of(FixOrderTransport.NEW_ACK, FixOrderTransport.CANCEL, FixOrderTransport.REPLACE);
    private final StopSignal stop = new StopSignal();

    @Spec
    private CommandSpec spec;

    @Mixin
    private LiveMetricsOptions metrics;

    @Option(names = "--log", required = true, description = "The recorded FIX message log.")
    private Path log;

    @Option(names = "--speed", defaultValue = "1",
        description = "How many times faster than recorded to replay (default: ${DEFAULT-VALUE}).")
    private double speed;

    @Option(names = "--warmup", defaultValue = "0s", converter = DurationConverter.class,
        description = "The first part of the replayed timeline (after --speed) to leave out of the results while " +
            "the JIT and the venue warm up; its messages are still sent and answered (default: ${DEFAULT-VALUE}).")
    private Duration warmup;

    @Mixin
    private VerdictOptions verdict;

    @Option(names = "--out", defaultValue = "results/replay",
        description = "Output folder (default: ${DEFAULT-VALUE}).")
    private Path out;

    public Integer call()
    {
        final RunSpec.Builder options = SpecOptions.applyTo(RunSpec.builder(), spec);
        final LoadPlan plan = LoadPlan.of(options.buildLoad());
        final Limits limits = options.buildLimits();
        final RecordedFlow flow = readLog();
        final Credentials credentials = plan.credentials();
        final PrintWriter console = spec.commandLine().getOut();
        describe(console, flow, plan.sessions());
        if (flow.size() == 0)
        {
            throw new UserError("the log " + log + " holds no orders, cancels or replaces to replay");
        }
        final long replayNanos = new RecordedSchedule(flow.offsetsNanos(), speed).durationNanos();
        if (warmup.toNanos() >= replayNanos)
        {
            throw new UserError(String.format(Locale.ROOT, "--warmup (%.3f s) is not shorter than the replay (%.3f s " +
                "at %.2fx speed)", warmup.toNanos() / 1e9, replayNanos / 1e9, speed));
        }
        final Path folder = OutputFolder.prepare(out);
        try (ShutdownLatch shutdown = new ShutdownLatch("sonde-replay", stop::request);
            LiveMetrics live = metrics.open(console);
            TargetSystem system = TargetSystem.open(plan, credentials, console))
        {
            final ReplaySummary summary = replay(plan, flow, system, credentials, folder, console, limits, live);
            RunTable.print(console, RunReport.read(folder));
            console.printf(Locale.ROOT, "replayed %d of %d recorded messages%n", summary.replay().sent(),
                flow.size());
            console.println("Wrote " + folder.resolve("summary.json") + " and " + folder.resolve("run.hlog"));
            return verdict.conclude(new Checks(summary.run().checks()).stopped(stop.requested()), "sonde replay",
                console);
        }
    }

    private ReplaySummary replay(
        final LoadPlan load,
        final RecordedFlow flow,
        final TargetSystem system,
        final Credentials credentials,
        final Path folder,
        final PrintWriter console,
        final Limits limits,
        final LiveMetrics live)
    {
        final long startEpochMs = System.currentTimeMillis();
        final RecordedSchedule schedule = new RecordedSchedule(flow.offsetsNanos(), speed);
        final StepReporting reporting = new StepReporting(console, LABEL, "",
            spec.commandLine().getParseResult().originalArgs(), live.nextStep(schedule.meanRatePerSecond()), stop);
        final MeasuredFixRun.Outcome<ReplayTransport> outcome = MeasuredFixRun.execute(
            new ReplayLoad(load, flow, schedule, reporting), load, system, credentials, folder,
            load.engineDir(folder), reporting, true);
        final FixRunSummary fix = FixRunSummary.of("replay", outcome, system, "replay", load.sessions(), STAGES, null,
            limits, reporting, startEpochMs);
        final ReplaySummary summary = new ReplaySummary(fix,
            ReplayCounts.of(log.toString(), speed, flow, fix.run().sent(), load.sessions()));
        SummaryJson.write(folder.resolve("summary.json"), summary);
        return summary;
    }

    /**
     * The recorded messages, each a request of its own, at the recorded pace times {@code --speed}.
     */
    private final class ReplayLoad implements MeasuredFixRun.Load<ReplayTransport>
    {
        private final LoadPlan plan;
        private final RecordedFlow flow;
        private final RecordedSchedule schedule;
        private final StepReporting reporting;

        ReplayLoad(
            final LoadPlan plan,
            final RecordedFlow flow,
            final RecordedSchedule schedule,
            final StepReporting reporting)
        {
            this.plan = plan;
            this.flow = flow;
            this.schedule = schedule;
            this.reporting = reporting;
        }

        public ReplayTransport transport(final SessionPool sessions)
        {
            final OrderParameters parameters = plan.orderParameters(null);
            return new ReplayTransport(SystemNanoClock.INSTANCE, SystemEpochClock.INSTANCE, sessions,
                plan.clOrdIds(), flow, parameters.account(), parameters.messageSize(), plan.capacity());
        }

        public String describe()
        {
            return String.format(Locale.ROOT, "replaying %d messages at %.2fx speed over %.3f s", flow.size(), speed,
                schedule.durationNanos() / 1e9);
        }

        public ReplayTransport prepare(final ReplayTransport transport)
        {
            return plan.withVenueFields(transport);
        }

        public RunConfig config()
        {
            final long timeoutNanos = plan.load().timeout().toNanos();
            return new RunConfig(schedule,
                new RunTiming(
                    warmup.toNanos(), schedule.durationNanos() - warmup.toNanos(), timeoutNanos, timeoutNanos))
                .listener(IntervalListeners.all(
                    new ProgressPrinter(reporting.console(), LABEL, schedule.meanRatePerSecond()), reporting.live()));
        }
    }

    private RecordedFlow readLog()
    {
        if (!(speed > 0) || Double.isInfinite(speed))
        {
            throw new ParameterException(spec.commandLine(), "--speed must be a positive number: " + speed);
        }
        try
        {
            return RecordedLogReader.read(log);
        }
        catch (final RecordedLogException | UncheckedIOException ex)
        {
            throw new UserError(ex.getMessage());
        }
    }

    private void describe(final PrintWriter console, final RecordedFlow flow, final int sessions)
    {
        final ReplayCounts counts = ReplayCounts.of(log.toString(), speed, flow, 0, sessions);
        console.printf("%s read %d lines of %s: %s to replay, from %d sender(s) on %d session(s) %s%n", LABEL,
            flow.linesRead(), log, counts.recorded(), flow.senderCompIds().size(), sessions, counts.sessions());
        if (!flow.notReplayed().isEmpty())
        {
            console.printf("%s not orders, cancels or replaces, so not replayed: %s%n", LABEL, flow.notReplayed());
        }
        if (!flow.skipped().isEmpty())
        {
            console.printf("%s skipped: %s%n", LABEL, flow.skipped());
            flow.notes().forEach(note -> console.printf("%s   %s%n", LABEL, note));
        }
    }

    public List<io.sonde.api.Option<?>> specOptions()
    {
        final List<io.sonde.api.Option<?>> options = new ArrayList<>(FixLoad.OPTIONS);
        options.removeAll(NOT_FOR_REPLAY);
        options.addAll(Limits.options());
        return List.copyOf(options);
    }
}
