package io.sonde.inprocess.run;

import io.sonde.api.InvalidOptionException;
import io.sonde.api.ReplaySpec;
import io.sonde.api.RunSummary;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.OrderParameters;
import io.sonde.fix.client.order.RecordedFlow;
import io.sonde.fix.client.order.ReplayTransport;
import io.sonde.fix.client.replay.RecordedLogException;
import io.sonde.fix.client.replay.RecordedLogReader;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.loadgen.result.SummaryJson;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.loadgen.runner.IntervalListeners;
import io.sonde.loadgen.runner.RunConfig;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.RecordedSchedule;
import org.agrona.concurrent.SystemEpochClock;
import org.agrona.concurrent.SystemNanoClock;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.DoubleFunction;

/**
 * A replay, checked and then carried out: the orders, cancels and replaces of a recorded FIX message log re-sent on
 * their recorded timing divided by the speed, each a request of its own measured from its intended time, down the
 * path every measured FIX run takes ({@link MeasuredFixRun}); what {@code sonde replay} and
 * {@link io.sonde.inprocess.Sonde#replay} both call. The log and the load's options are read by {@link #prepare},
 * before anything connects or is written.
 */
public final class Replays
{
    private static final String LABEL = "[replay]";
    private static final List<String> STAGES =
        List.of(FixOrderTransport.NEW_ACK, FixOrderTransport.CANCEL, FixOrderTransport.REPLACE);

    private final ReplaySpec spec;
    private final LoadPlan plan;
    private final Credentials credentials;
    private final RecordedFlow flow;

    private Replays(final ReplaySpec spec, final LoadPlan plan, final Credentials credentials, final RecordedFlow flow)
    {
        this.spec = spec;
        this.plan = plan;
        this.credentials = credentials;
        this.flow = flow;
    }

    /**
     * @throws InvalidOptionException for an option only found wrong once read (a venue profile, credentials), or a
     *                                log that cannot be read, naming its line.
     */
    public static Replays prepare(final ReplaySpec spec)
    {
        final LoadPlan plan = LoadPlan.of(spec.load());
        final RecordedFlow flow;
        try
        {
            flow = RecordedLogReader.read(spec.log());
        }
        catch (final RecordedLogException | UncheckedIOException ex)
        {
            throw new InvalidOptionException(ex.getMessage(), ex);
        }
        return new Replays(spec, plan, plan.credentials(), flow);
    }

    /**
     * @return the orders, cancels and replaces the log holds to replay.
     */
    public int recordedMessages()
    {
        return flow.size();
    }

    /**
     * Say what the log holds, start the target, replay it, write {@code run.hlog} and {@code summary.json} into the
     * spec's output folder, and stop the target.
     *
     * @param commandLine the command as typed, for the run metadata; empty from the API.
     * @param liveAtRate  the listener told of every interval of a replay at the given mean rate: a live metrics
     *                    endpoint's, or one returning {@link IntervalListener#NONE}.
     * @param stop        cuts the replay short when requested (Ctrl-C, SIGTERM); its summary says so.
     * @param onFolder    told of the output folder once the log is found replayable and the folder is ready.
     * @throws InvalidOptionException when the log holds nothing to replay, or the warm-up is not shorter than the
     *                                replay.
     * @throws io.sonde.api.RunFailedException when the replay could not be carried out.
     */
    public ReplaySummary execute(
        final ProgressConsole console,
        final List<String> commandLine,
        final DoubleFunction<IntervalListener> liveAtRate,
        final StopSignal stop,
        final Consumer<Path> onFolder)
    {
        describe(console);
        if (flow.size() == 0)
        {
            throw new InvalidOptionException("the log " + spec.log() + " holds no orders, cancels or replaces to " +
                "replay");
        }
        final RecordedSchedule schedule = new RecordedSchedule(flow.offsetsNanos(), spec.speed());
        final long warmupNanos = spec.warmup().toNanos();
        if (warmupNanos >= schedule.durationNanos())
        {
            throw new InvalidOptionException(String.format(Locale.ROOT, "--warmup (%.3f s) is not shorter than the " +
                "replay (%.3f s at %.2fx speed)", warmupNanos / 1e9, schedule.durationNanos() / 1e9, spec.speed()));
        }
        final Path folder = OutputFolder.prepare(spec.out());
        onFolder.accept(folder);
        try (TargetSystem system = TargetSystem.open(plan, credentials, console))
        {
            final long startEpochMs = System.currentTimeMillis();
            final StepReporting reporting = new StepReporting(console, LABEL, "", commandLine,
                liveAtRate.apply(schedule.meanRatePerSecond()), stop);
            final MeasuredFixRun.Outcome<ReplayTransport> outcome = MeasuredFixRun.execute(
                new ReplayLoad(schedule, reporting), plan, system, credentials, folder, plan.engineDir(folder),
                reporting, true);
            final RunSummary fix = SummaryFigures.of("replay", outcome, system, "replay", plan.sessions(), STAGES,
                null, spec.limits(), reporting, startEpochMs, folder);
            final ReplaySummary summary = new ReplaySummary(fix, ReplayCounts.of(spec.log().toString(), spec.speed(),
                flow, fix.sent(), plan.sessions()));
            SummaryJson.write(folder.resolve("summary.json"), summary);
            return summary;
        }
    }

    private void describe(final PrintWriter console)
    {
        final ReplayCounts counts = ReplayCounts.of(spec.log().toString(), spec.speed(), flow, 0, plan.sessions());
        console.printf("%s read %d lines of %s: %s to replay, from %d sender(s) on %d session(s) %s%n", LABEL,
            flow.linesRead(), spec.log(), counts.recorded(), flow.senderCompIds().size(), plan.sessions(),
            counts.sessions());
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

    /**
     * The recorded messages, each a request of its own, at the recorded pace times the speed.
     */
    private final class ReplayLoad implements MeasuredFixRun.Load<ReplayTransport>
    {
        private final RecordedSchedule schedule;
        private final StepReporting reporting;

        ReplayLoad(final RecordedSchedule schedule, final StepReporting reporting)
        {
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
            return String.format(Locale.ROOT, "replaying %d messages at %.2fx speed over %.3f s", flow.size(),
                spec.speed(), schedule.durationNanos() / 1e9);
        }

        public ReplayTransport prepare(final ReplayTransport transport)
        {
            return plan.withVenueFields(transport);
        }

        public RunConfig config()
        {
            final long timeoutNanos = plan.load().timeout().toNanos();
            final long warmupNanos = spec.warmup().toNanos();
            return new RunConfig(schedule,
                new RunTiming(warmupNanos, schedule.durationNanos() - warmupNanos, timeoutNanos, timeoutNanos))
                .listener(IntervalListeners.all(
                    new ProgressPrinter(reporting.console(), LABEL, schedule.meanRatePerSecond()), reporting.live()));
        }
    }
}
