package io.sonde.inprocess.floor;

import io.sonde.inprocess.run.ProgressConsole;
import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.acceptor.StallCycle;
import io.sonde.api.FixVersion;
import io.sonde.fix.client.FixClient;
import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.FlowChooser;
import io.sonde.fix.client.order.OrderFlow;
import io.sonde.fix.client.order.OrderParameters;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.SessionLogonException;
import io.sonde.fix.client.session.SessionSettings;
import io.sonde.fix.client.session.SubIds;
import io.sonde.fix.engine.ScratchFolder;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.loadgen.runner.IntervalListeners;
import io.sonde.loadgen.runner.LoadRun;
import io.sonde.loadgen.runner.RunConfig;
import io.sonde.api.RunFailedException;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.loadgen.schedule.Schedule;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.inprocess.run.ProgressPrinter;
import org.agrona.IoUtil;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Sonde's own FIX floor: its FIX client against the in-process reference acceptor over loopback, every request
 * an IOC NewOrderSingle that ends at the acceptor's fill, open loop and CO-corrected like the TCP floor. Beside
 * the TCP floor it tells what the host costs from what Sonde's FIX path (an Artio library, engine and media
 * driver on each side) adds, so a system under test is read against both.
 * <p>
 * Two busy threads while it runs: the acceptor's, which runs its library, engine, driver and archive, and the
 * client's, which the load agent joins. Opened once, measures rates one after another (a fresh client each,
 * so one rate's sessions and in-flight orders never leak into the next), then closed.
 */
final class FixFloor implements AutoCloseable
{
    static final String LOG_PREFIX = "fix-floor-";
    private static final List<String> SYMBOLS = List.of("SONDE.A", "SONDE.B");
    private static final long SEED = 1;
    private static final int HEARTBEAT_SECONDS = 30;
    private static final Duration LOGON_TIMEOUT = Duration.ofSeconds(15);
    private static final int CAPACITY = RunConfig.DEFAULT_IN_FLIGHT_CAPACITY;

    /**
     * A cold JVM interprets the FIX path for its first ten thousand orders or so; the first rate measured
     * would carry the compiler's cost (measured: p50 379 µs at 5k/s with 2 s of warm-up, 90 µs at the next
     * rate). One unrecorded run first lets every rate find compiled code.
     */
    private static final double JIT_WARMUP_RATE = 5_000;
    private static final long JIT_WARMUP_NANOS = TimeUnit.SECONDS.toNanos(6);

    private final ReferenceAcceptor acceptor;
    private final int sessions;
    private final HostIdle idle;
    private final RunTiming timing;
    private final int window;
    private final String logPrefix;
    private boolean compiled;

    /**
     * Start the reference acceptor on a free loopback port.
     *
     * @param sessions FIX sessions the client opens for each rate.
     * @param idle     how the acceptor's and the load thread wait for work.
     * @param timing   warm-up, measurement and timeouts of every rate.
     */
    FixFloor(final int sessions, final HostIdle idle, final RunTiming timing)
    {
        this(sessions, idle, timing, StallCycle.NONE, CAPACITY, LOG_PREFIX);
    }

    /**
     * Start the reference acceptor on a free loopback port, stalled as {@code stall} says.
     *
     * @param window    the most orders in flight at once; one due while they are waits, and is sent late.
     * @param logPrefix what each rate's interval log is named, before its rate.
     */
    FixFloor(final int sessions, final HostIdle idle, final RunTiming timing, final StallCycle stall,
        final int window, final String logPrefix)
    {
        this.logPrefix = logPrefix;
        this.sessions = sessions;
        this.idle = idle;
        this.timing = timing;
        this.window = window;
        this.acceptor = new ReferenceAcceptor(null, "127.0.0.1", 0, idle.newStrategy(), Duration.ZERO, stall);
    }

    /**
     * @return what this floor measures, for the summary and the table's title.
     */
    static String describe(final int sessions, final HostIdle idle)
    {
        return "Sonde's FIX client → reference acceptor, " + sessions + (sessions == 1 ? " session" : " sessions") +
            ", NewOrderSingle → ExecutionReport (IOC: new, then fill), loopback, " + idle.describe() + " polling";
    }

    /**
     * Log a fresh client on, run one rate and log it off; the interval log is {@code fix-floor-<rate>.hlog}.
     *
     * @throws RunFailedException when the sessions cannot log on.
     */
    RunResult measure(final ProgressConsole console, final Path folder, final double rate)
    {
        if (!compiled)
        {
            console.printf("[fix] warming the JIT up: %.0f/s for %d s, not recorded%n", JIT_WARMUP_RATE,
                TimeUnit.NANOSECONDS.toSeconds(JIT_WARMUP_NANOS));
            run(new RunTiming(0, JIT_WARMUP_NANOS, timing.timeoutNanos(), timing.drainNanos()),
                new ConstantRateSchedule(JIT_WARMUP_RATE), null, console, "", IntervalListener.NONE);
            compiled = true;
        }
        return run(timing, new ConstantRateSchedule(rate), folder, console,
            String.format(Locale.ROOT, "[fix %7.0f/s]", rate), IntervalListener.NONE);
    }

    /**
     * Run one rate with no JIT warm-up of its own, its orders half a spacing after each of the acceptor's stalls
     * begins ({@link StallAlignedSchedule}), into {@code <log prefix><rate>.hlog}.
     *
     * @param label    what its lines start with.
     * @param listener told of every interval too, beside the progress lines.
     * @throws RunFailedException when the sessions cannot log on.
     */
    RunResult measureAlignedToStalls(final ProgressConsole console, final Path folder, final double rate,
        final String label, final IntervalListener listener)
    {
        return run(timing, new StallAlignedSchedule(rate, acceptor.stallOriginNanos()), folder, console, label,
            listener);
    }

    /**
     * @param folder where the interval log goes, or null to record nothing (the JIT's warm-up, which logs on
     *               without a word: its line says what it does, so it needs no label).
     */
    private RunResult run(final RunTiming timing, final Schedule schedule, final Path folder,
        final ProgressConsole console, final String label, final IntervalListener listener)
    {
        final double rate = schedule.meanRatePerSecond();
        final Path workDir = engineDir();
        try (FixClient<FixOrderTransport> client = FixClient.start(workDir, settings(),
            OrderParameters.defaults(SYMBOLS, SEED), FlowChooser.only(OrderFlow.NEW), new ClOrdIdCodec(), CAPACITY,
            LOGON_TIMEOUT.toNanos()))
        {
            if (folder != null)
            {
                console.printf("%s logged on %d FIX session(s) to the reference acceptor on 127.0.0.1:%d%n",
                    label, sessions, acceptor.port());
            }
            final FixOrderTransport transport = client.transport();
            final RunConfig config = new RunConfig(schedule, timing)
                .idleStrategy(idle.newStrategy())
                .inFlightCapacity(window)
                .stages(transport.stages())
                .sharedThread(client.loadThread())
                .outputDir(folder)
                .logName(String.format(Locale.ROOT, logPrefix + "%.0f", rate))
                .listener(folder == null ? IntervalListener.NONE :
                    IntervalListeners.all(new ProgressPrinter(console, label, rate), listener));
            return new LoadRun(config).execute(transport);
        }
        catch (final SessionLogonException ex)
        {
            throw new RunFailedException("FIX floor at " + rate + "/s: " + ex.getMessage(), ex);
        }
        finally
        {
            // The engine deletes its folder when it closes; this covers an engine that never started.
            IoUtil.delete(workDir.toFile(), true);
        }
    }

    public void close()
    {
        acceptor.close();
    }

    private SessionSettings settings()
    {
        return new SessionSettings("127.0.0.1", acceptor.port(), sessions, "SONDE%d",
            ReferenceAcceptor.ACCEPTOR_COMP_ID, Credentials.NONE, HEARTBEAT_SECONDS, false, 0,
            FixVersion.FIX_4_4, SubIds.NONE, null);
    }

    /**
     * Where a run's client keeps its engine, so this floor measures the client a run uses.
     */
    private static Path engineDir()
    {
        return ScratchFolder.create("sonde-fix-floor");
    }
}
