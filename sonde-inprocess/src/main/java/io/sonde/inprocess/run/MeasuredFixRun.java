package io.sonde.inprocess.run;

import io.sonde.api.Fault;
import io.sonde.fix.client.FixClient;
import io.sonde.fix.client.marketdata.MarketDataWatch;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.MeasuredTransport;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.LogonProgress;
import io.sonde.fix.client.session.SessionLogonException;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.loadgen.idle.CompilerActivity;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.loadgen.idle.IdleShare;
import io.sonde.loadgen.idle.ThreadLayout;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.HopsByLatency;
import io.sonde.loadgen.record.HopsByLatencyCsv;
import io.sonde.loadgen.record.PhasedSeries;
import io.sonde.inprocess.fault.FaultJudgement;
import io.sonde.inprocess.fault.RunFaults;
import io.sonde.loadgen.runner.IntervalListeners;
import io.sonde.loadgen.runner.LoadRun;
import io.sonde.loadgen.runner.RunConfig;
import io.sonde.api.RunFailedException;
import io.sonde.loadgen.runner.RunResult;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The one path of a measured FIX run, for a run, each step of a sweep and a replay alike: start the FIX client and
 * log on, say to whom and on which threads, what was recovered and which sequence numbers were reset, wait for the
 * start time, run the load through a {@link LoadRun} a stop can cut short, and hand back what the summary needs.
 * What differs between generated load and a replayed log is a {@link Load}.
 */
public final class MeasuredFixRun
{
    public static final Duration LOGON_TIMEOUT = Duration.ofSeconds(15);
    /** How long the public events of the last orders may still take once the run has drained. */
    public static final Duration MARKET_DATA_GRACE = Duration.ofSeconds(1);

    /**
     * What one kind of run brings to the path.
     *
     * @param <T> its transport.
     */
    public interface Load<T extends MeasuredTransport>
    {
        /**
         * @return the transport over the client's sessions, made before they log on.
         */
        T transport(SessionPool sessions);

        /**
         * @return what is sent, at what rate, for how long: the end of the line that says the sessions logged on.
         */
        String describe();

        /**
         * @return the transport as the run drives it, once logged on (venue fields, session routing).
         */
        T prepare(T transport);

        /**
         * @return the run's schedule, timing and listener; the path adds the rest.
         */
        RunConfig config();

        /**
         * @return the market data watched for the orders' public events, or null when none is.
         */
        default MarketDataWatch marketData()
        {
            return null;
        }

        /**
         * @return the faults to apply during the measured window; empty by default.
         */
        default List<Fault> faults()
        {
            return List.of();
        }
    }

    /**
     * What a run gives back for its summary.
     *
     * @param result            the load run's result.
     * @param transport         the transport it drove, with its failures, stages and hops.
     * @param layout            the thread layout it ran on.
     * @param notActiveRefusals sends skipped because their session was not logged on.
     * @param disconnects       session disconnects during the run.
     * @param disconnectReasons those disconnects by Artio's reason, those that happened only.
     * @param sequenceResets    logons that reset both sides' sequence numbers, at logon and during the run.
     * @param marketData        the market data watched, settled, or null when none was.
     * @param idle              how the busy threads waited during the measured window.
     * @param meantToSpin       whether they were meant to busy-spin through it.
     * @param faults            how the run went through its faults ({@link FaultJudgement#NONE} without any).
     * @param <T>               the transport's type.
     */
    public record Outcome<T extends MeasuredTransport>(
        RunResult result,
        T transport,
        ThreadLayout layout,
        long notActiveRefusals,
        long disconnects,
        Map<String, Long> disconnectReasons,
        long sequenceResets,
        MarketDataWatch marketData,
        IdleShare idle,
        boolean meantToSpin,
        FaultJudgement faults)
    {
    }

    private MeasuredFixRun()
    {
    }

    /**
     * @param load        what is run.
     * @param plan        the load's options.
     * @param system      what it drives.
     * @param credentials the logon's.
     * @param folder      where the run's files go (already prepared).
     * @param engineDir   where the FIX engine keeps its state.
     * @param reporting   where progress goes, what the run is called, and its stop.
     * @param awaitsStart whether the run waits for {@code --start-at} once logged on.
     */
    public static <T extends MeasuredTransport> Outcome<T> execute(
        final Load<T> load,
        final LoadPlan plan,
        final TargetSystem system,
        final Credentials credentials,
        final Path folder,
        final Path engineDir,
        final StepReporting reporting,
        final boolean awaitsStart)
    {
        final ProgressConsole console = reporting.console();
        final String label = reporting.label();
        final ThreadLayout layout = plan.layout(system.idle());
        console.progress(String.format("%s logging on %d session(s) to %s...", label, plan.sessions(),
            system.describe()), false);
        final LogonProgress progress = (active, total, waitedNanos, timeoutNanos, lastFailure) ->
        {
            console.printf("%s %d of %d session(s) logged on to %s after %ds (giving up at %ds): %s%n", label, active,
                total, system.describe(), TimeUnit.NANOSECONDS.toSeconds(waitedNanos),
                TimeUnit.NANOSECONDS.toSeconds(timeoutNanos), lastFailure);
            console.flush();
        };
        try (FixClient<T> client = FixClient.start(engineDir, plan.sessionSettings(system.target(), credentials),
            load::transport, LOGON_TIMEOUT.toNanos(), system.infraDuty(), progress))
        {
            // A sweep's steps log on alike and lay their threads out alike: said once, by the first.
            console.once("logged on", String.format("%s logged on %d session(s) to %s; %s", label, plan.sessions(),
                system.describe(), load.describe()));
            console.once("layout", label + " " + layout.describe());
            client.recovery().ifPresent(recovery -> console.printf("%s %s%n", label, recovery));
            final long resetsAtLogon = client.sessions().sequenceResets();
            announceResets(console, label, resetsAtLogon, "to log on", engineDir);
            if (awaitsStart)
            {
                plan.awaitStart(console);
            }
            final MarketDataWatch marketData = load.marketData();
            if (marketData != null)
            {
                marketData.subscribe(client, plan.symbols(), LOGON_TIMEOUT.toNanos(),
                    plan.venue() == null ? null : plan.venue().marketDataSenderCompId(),
                    plan.venue() == null ? null : plan.venue().marketDataTargetCompId());
            }
            final T transport = load.prepare(client.transport());
            final List<PhasedSeries> series = new ArrayList<>(transport.stages());
            final List<HopSeries> hops = new ArrayList<>(transport.hops());
            if (marketData != null)
            {
                series.addAll(marketData.series());
                hops.addAll(marketData.hops());
            }
            final RunFaults faults = RunFaults.of(load.faults(), client.sessions(), transport, plan.capacity(),
                plan.load().timeout().toNanos(), system.exchangeFaults(), console, label);
            final RunConfig base = load.config();
            final RunConfig config = base
                .listener(IntervalListeners.all(base.listener(), faults.listener()))
                .idleStrategy(system.idle().newStrategy())
                .inFlightCapacity(plan.capacity())
                .outputDir(folder)
                .logName("run")
                .stages(series)
                .hops(hops)
                .sharedThread(client.loadThread())
                .compiler(CompilerActivity.ofThisJvm());
            final RunResult result;
            final FaultJudgement judged;
            try (faults)
            {
                result = run(config, faults, transport, reporting.stop(), system.idle());
                if (transport instanceof FixOrderTransport orders)
                {
                    BookRun.closeOut(client.loadThread(), system.idle().newStrategy(), orders,
                        plan.load().timeout(), plan.load().massCancel());
                }
                faults.askAboutOpenOrders(client.loadThread(), system.idle().newStrategy());
                judged = faults.judge(result.measuredSeconds(), folder);
            }
            finally
            {
                system.idle().measureFrom(null);
            }
            if (marketData != null)
            {
                marketData.finish(MARKET_DATA_GRACE.toNanos());
            }
            writeHopsByLatency(folder, transport);
            final IdleShare idle = system.idle().share(result.measureStartNanos(),
                result.measureStartNanos() + Math.round(result.measuredSeconds() * 1e9));
            if (reporting.checkLabel().isEmpty() || !idle.oneMode() && reporting.phase().equals(StepReporting.MEASURE))
            {
                console.printf("%s %s%n", label, idle.describe());
            }
            final long sequenceResets = client.sessions().sequenceResets();
            announceResets(console, label, sequenceResets - resetsAtLogon, "to log on again during the run",
                engineDir);
            return new Outcome<>(result, transport, layout, client.sessions().notActiveRefusals(),
                client.sessions().disconnects(), client.sessions().disconnectReasons(), sequenceResets, marketData,
                idle, system.idle().meantToSpin(), judged);
        }
        catch (final SessionLogonException ex)
        {
            throw new RunFailedException(ex.getMessage(), ex);
        }
    }

    /**
     * A sequence reset renumbers both sides from 1: whatever the venue held for the old numbers (a resend it
     * could ask for, its message log) no longer lines up with ours, so the user must hear of it.
     */
    public static void announceResets(
        final PrintWriter console, final String label, final long resets, final String when, final Path engineDir)
    {
        if (resets > 0)
        {
            console.printf("%s SEQUENCE RESET: %d logon(s) needed ResetSeqNumFlag (141=Y) %s: the venue refused the " +
                "persisted sequence numbers (those in %s were missing or behind the venue's, or the venue had " +
                "reset its own), so both sides restarted at 1%n", label, resets, when, engineDir);
        }
    }

    /**
     * What the answers at each latency spent their time on, for a report of this run and others like it.
     */
    private static void writeHopsByLatency(final Path folder, final MeasuredTransport transport)
    {
        final HopsByLatency byLatency = transport.hopsByLatency();
        if (byLatency.requests() > 0)
        {
            HopsByLatencyCsv.write(folder.resolve(HopsByLatencyCsv.FILE_NAME),
                transport.hops().stream().map(HopSeries::name).toList(), byLatency);
        }
    }

    private static RunResult run(
        final RunConfig config,
        final RunFaults faults,
        final MeasuredTransport transport,
        final StopSignal stop,
        final HostIdle idle)
    {
        final LoadRun run = new LoadRun(config);
        stop.running(run);
        idle.measureFrom(run::measureStartNanos);
        try
        {
            faults.start(run);
            return run.execute(faults.transport(transport));
        }
        finally
        {
            stop.running(null);
        }
    }
}
