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
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SystemNanoClock;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Everything a FIX load run needs on the client side, started in order and closed in reverse: an Artio
 * engine (with its media driver and archive), a library with N logged-on initiator sessions, and the
 * order transport the runner drives.
 * <p>
 * Built and logged on from the calling thread; during the run only the runner's thread touches the
 * library (through the transport); closing returns it to the calling thread after the run.
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
     * @param engineIdle       idle strategy of the engine, driver and archive threads.
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
        final Supplier<IdleStrategy> engineIdle,
        final long logonTimeoutNanos)
    {
        final EngineHost host = EngineHost.launch(workDir, settings.persistentSequences(), engineIdle, configuration ->
            configuration
                .logInboundMessages(settings.persistentSequences())
                .logOutboundMessages(settings.persistentSequences())
                .defaultHeartbeatIntervalInS(settings.heartbeatSeconds()));
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

    public FixOrderTransport transport()
    {
        return transport;
    }

    public SessionPool sessions()
    {
        return sessions;
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
