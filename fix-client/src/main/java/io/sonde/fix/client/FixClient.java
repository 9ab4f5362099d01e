package io.sonde.fix.client;

import io.sonde.fix.engine.EngineHost;
import io.sonde.fix.engine.InvokedDuty;
import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.FlowChooser;
import io.sonde.fix.client.order.OrderParameters;
import io.sonde.fix.client.session.DeferredEvents;
import io.sonde.fix.client.session.ResendPolicy;
import io.sonde.fix.client.session.LogonProgress;
import io.sonde.fix.client.session.SessionEvents;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.fix.client.session.SessionSettings;
import io.sonde.loadgen.runner.SharedThread;
import org.agrona.CloseHelper;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SystemEpochClock;
import org.agrona.concurrent.SystemNanoClock;
import uk.co.real_logic.artio.engine.EngineConfiguration;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Everything a FIX load run needs on the client side, started in order and closed in reverse: an Artio
 * engine (with its media driver and archive), a library with N logged-on initiator sessions, and the
 * order transport the runner drives: Sonde's generated order flows ({@link FixOrderTransport}), or any other
 * transport over the sessions, such as a replay of recorded ones.
 * <p>
 * One thread owns the whole FIX path: the engine, driver, archive and the library's Aeron client run on it
 * from the start, and a run's load agent joins it ({@link #loadThread()}), polling the library through the
 * transport, so no other thread sits between an order and the socket. Sessions are logged on from the calling
 * thread; during a run only the load thread touches the library; closing returns it to the calling thread.
 *
 * @param <T> the transport, which hears every session event.
 */
public final class FixClient<T extends SessionEvents> implements AutoCloseable
{
    /** The name of the thread that runs the client's FIX path and, during a run, its load agent. */
    public static final String LOAD_THREAD = "sonde-load";
    private static final long LOGOUT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final EngineHost host;
    private final SessionPool sessions;
    private final T transport;
    private final SessionSettings settings;
    private SessionPool marketData;

    private FixClient(
        final EngineHost host, final SessionPool sessions, final T transport, final SessionSettings settings)
    {
        this.host = host;
        this.sessions = sessions;
        this.transport = transport;
        this.settings = settings;
    }

    /**
     * Launch the engine, connect the library and log every session on.
     *
     * @param workDir          where the engine keeps its Aeron directory, archive and logs.
     * @param settings         sessions to open.
     * @param orders           what to send.
     * @param flows            which lifecycles, in which proportion.
     * @param clOrdIds         ClOrdID layout (prefix, width).
     * @param capacity         lifecycles in flight at most; must equal the runner's in-flight capacity.
     * @param logonTimeoutNanos how long to wait for all sessions to log on.
     * @throws io.sonde.fix.client.session.SessionLogonException when sessions cannot log on in time.
     */
    public static FixClient<FixOrderTransport> start(
        final Path workDir,
        final SessionSettings settings,
        final OrderParameters orders,
        final FlowChooser flows,
        final ClOrdIdCodec clOrdIds,
        final int capacity,
        final long logonTimeoutNanos)
    {
        return start(workDir, settings, orders, flows, clOrdIds, capacity, logonTimeoutNanos, null);
    }

    /**
     * As {@link #start(Path, SessionSettings, OrderParameters, FlowChooser, ClOrdIdCodec, int, long)}, with the
     * engine, driver and archive joining {@code shared} (an embedded exchange member's infrastructure thread)
     * so that one thread runs both sides' infrastructure and the load agent.
     *
     * @param shared the duty to join, or null for one of the client's own.
     */
    public static FixClient<FixOrderTransport> start(
        final Path workDir,
        final SessionSettings settings,
        final OrderParameters orders,
        final FlowChooser flows,
        final ClOrdIdCodec clOrdIds,
        final int capacity,
        final long logonTimeoutNanos,
        final InvokedDuty shared)
    {
        return start(workDir, settings, sessions -> new FixOrderTransport(
            SystemNanoClock.INSTANCE, SystemEpochClock.INSTANCE, sessions, clOrdIds, flows, orders, capacity),
            logonTimeoutNanos, shared);
    }

    /**
     * As {@link #start(Path, SessionSettings, OrderParameters, FlowChooser, ClOrdIdCodec, int, long, InvokedDuty)},
     * with the transport {@code transports} makes over the client's sessions before they log on.
     */
    public static <T extends SessionEvents> FixClient<T> start(
        final Path workDir,
        final SessionSettings settings,
        final Function<SessionPool, T> transports,
        final long logonTimeoutNanos,
        final InvokedDuty shared)
    {
        return start(workDir, settings, transports, logonTimeoutNanos, shared, LogonProgress.NONE);
    }

    /**
     * As {@link #start(Path, SessionSettings, Function, long, InvokedDuty)}, telling {@code progress} once a second
     * while the sessions log on.
     */
    public static <T extends SessionEvents> FixClient<T> start(
        final Path workDir,
        final SessionSettings settings,
        final Function<SessionPool, T> transports,
        final long logonTimeoutNanos,
        final InvokedDuty shared,
        final LogonProgress progress)
    {
        final EngineHost host = launchEngine(workDir, settings, shared);
        SessionPool sessions = null;
        try
        {
            final IdleStrategy idle = new BackoffIdleStrategy();
            final DeferredEvents events = new DeferredEvents();
            sessions = new SessionPool(host, settings, events, idle);
            final T transport = transports.apply(sessions);
            events.deliverTo(transport);
            sessions.logonAll(logonTimeoutNanos, idle, () -> false, progress);
            return new FixClient<>(host, sessions, transport, settings);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(sessions, host);
            throw ex;
        }
    }

    /**
     * The engine for a run: on no thread of its own, so the load thread owns the whole path. Persistent sequence
     * numbers need Artio's message log, recorded by the archive; stopping those recordings at close does not
     * complete while the archive runs as an invoker (measured: the close hangs), so that mode keeps the
     * engine, driver and archive on threads of their own. A resend the venue asks for then gap-fills orders
     * ({@link ResendPolicy}).
     */
    private static EngineHost launchEngine(final Path workDir, final SessionSettings settings, final InvokedDuty shared)
    {
        if (settings.persistentSequences())
        {
            return EngineHost.launch(workDir, true, BackoffIdleStrategy::new, configuration ->
            {
                configuration.defaultHeartbeatIntervalInS(settings.heartbeatSeconds());
                ResendPolicy.gapFillOrders(configuration);
            });
        }
        final Consumer<EngineConfiguration> customiser = configuration -> configuration
            .logInboundMessages(false)
            .logOutboundMessages(false)
            .defaultHeartbeatIntervalInS(settings.heartbeatSeconds());
        return shared == null ? EngineHost.launchInvoked(LOAD_THREAD, workDir, false, customiser) :
            EngineHost.launchInvoked(shared, workDir, false, customiser);
    }

    /**
     * Log a market data session on to the same gateway, on a library of its own over the same engine
     * ({@link SessionSettings#marketDataSession(String, String)}); it is polled by whoever reads it (the load thread
     * during a run) and logged out and closed with the client.
     *
     * @param senderCompId the session's SenderCompID as the venue names it, or null for the default.
     * @param targetCompId its TargetCompID, or null for the order sessions'.
     * @throws io.sonde.fix.client.session.SessionLogonException when it cannot log on in time.
     */
    public SessionPool openMarketData(
        final SessionEvents events, final long logonTimeoutNanos, final String senderCompId, final String targetCompId)
    {
        if (marketData != null)
        {
            throw new IllegalStateException("the market data session is open already");
        }
        final IdleStrategy idle = new BackoffIdleStrategy();
        final SessionPool pool = new SessionPool(host, settings.marketDataSession(senderCompId, targetCompId), events,
            idle);
        try
        {
            pool.logonAll(logonTimeoutNanos, idle);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(pool);
            throw ex;
        }
        marketData = pool;
        return pool;
    }

    public T transport()
    {
        return transport;
    }

    public SessionPool sessions()
    {
        return sessions;
    }

    /**
     * @return what the engine recovered from at start when its persistent state was left by a process that did
     * not stop cleanly ({@code kill -9}), for the user to be told; empty otherwise.
     */
    public Optional<String> recovery()
    {
        return host.recovery();
    }

    /**
     * The thread that runs the engine, media driver, archive and the library's background work, for a run's
     * load agent to join; null when the engine has threads of its own (persistent sequence numbers), and the
     * load agent then has one too.
     */
    public SharedThread loadThread()
    {
        return host.duty() == null ? null : new DutyThread(host.duty());
    }

    public void close()
    {
        try
        {
            if (marketData != null)
            {
                marketData.logoutAll(LOGOUT_TIMEOUT_NANOS, new BackoffIdleStrategy());
            }
            sessions.logoutAll(LOGOUT_TIMEOUT_NANOS, new BackoffIdleStrategy());
        }
        finally
        {
            CloseHelper.closeAll(marketData, sessions, host);
        }
    }

    /**
     * The client's duty as a thread a load agent can join.
     */
    private static final class DutyThread implements SharedThread
    {
        private final InvokedDuty duty;

        DutyThread(final InvokedDuty duty)
        {
            this.duty = duty;
        }

        public void attach(final Agent agent, final IdleStrategy idle)
        {
            duty.attach(agent, idle);
        }

        public void detach(final Agent agent)
        {
            duty.detach(agent);
        }

        public String name()
        {
            return duty.name();
        }
    }
}
