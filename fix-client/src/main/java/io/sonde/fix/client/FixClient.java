package io.sonde.fix.client;

import io.sonde.fix.engine.EngineHost;
import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.FlowMix;
import io.sonde.fix.client.order.OrderParameters;
import io.sonde.fix.client.session.DeferredEvents;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.fix.client.session.SessionSettings;
import org.agrona.CloseHelper;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SystemNanoClock;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Everything a FIX load run needs on the client side, started in order and closed in reverse: an Artio
 * engine (with its media driver and archive), a library with N logged-on initiator sessions, and the
 * order transport the runner drives.
 * <p>
 * One thread owns the whole FIX path during a run: the load thread polls the library through the transport and
 * runs {@link #pathAgent()} (engine, driver, archive, the library's Aeron client) beside it, so no other thread
 * sits between an order and the socket. Built and logged on from the calling thread, while a keeper thread runs
 * the engine; closing returns the library to the calling thread after the run.
 */
public final class FixClient implements AutoCloseable
{
    private static final long LOGOUT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final EngineHost host;
    private final SessionPool sessions;
    private final FixOrderTransport transport;

    private FixClient(final EngineHost host, final SessionPool sessions, final FixOrderTransport transport)
    {
        this.host = host;
        this.sessions = sessions;
        this.transport = transport;
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
    public static FixClient start(
        final Path workDir,
        final SessionSettings settings,
        final OrderParameters orders,
        final FlowMix flows,
        final ClOrdIdCodec clOrdIds,
        final int capacity,
        final long logonTimeoutNanos)
    {
        final EngineHost host = launchEngine(workDir, settings);
        SessionPool sessions = null;
        try
        {
            final IdleStrategy idle = new BackoffIdleStrategy();
            final DeferredEvents events = new DeferredEvents();
            sessions = new SessionPool(host, settings, events, idle);
            final FixOrderTransport transport =
                new FixOrderTransport(SystemNanoClock.INSTANCE, sessions, clOrdIds, flows, orders, capacity);
            events.deliverTo(transport);
            sessions.logonAll(logonTimeoutNanos, idle);
            return new FixClient(host, sessions, transport);
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
     * engine, driver and archive on threads of their own.
     */
    private static EngineHost launchEngine(final Path workDir, final SessionSettings settings)
    {
        if (settings.persistentSequences())
        {
            return EngineHost.launch(workDir, true, BackoffIdleStrategy::new, configuration -> configuration
                .defaultHeartbeatIntervalInS(settings.heartbeatSeconds()));
        }
        return EngineHost.launchInvoked("sonde-fix-client", workDir, false, configuration -> configuration
            .logInboundMessages(false)
            .logOutboundMessages(false)
            .defaultHeartbeatIntervalInS(settings.heartbeatSeconds()));
    }

    /**
     * @return true when the load thread owns the whole FIX path ({@link #pathAgent()} is not null).
     */
    public boolean ownsWholePath()
    {
        return host.duty() != null;
    }

    public FixOrderTransport transport()
    {
        return transport;
    }

    public SessionPool sessions()
    {
        return sessions;
    }

    /**
     * The engine, media driver, archive and library background work, for the load thread to run beside the
     * load agent (a run's {@code pathAgent}); while no thread does, a keeper thread runs them. Null when the
     * engine has threads of its own (persistent sequence numbers).
     */
    public Agent pathAgent()
    {
        return host.duty() == null ? null : host.duty().owner();
    }

    public void close()
    {
        try
        {
            sessions.logoutAll(LOGOUT_TIMEOUT_NANOS, new BackoffIdleStrategy());
        }
        finally
        {
            CloseHelper.closeAll(sessions, host);
        }
    }
}
