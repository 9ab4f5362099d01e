package io.sonde.exchange.gateway;

import io.aeron.cluster.client.AeronCluster;
import io.sonde.exchange.cluster.ClusterConnection;
import io.sonde.exchange.cluster.MatchingService;
import io.sonde.exchange.feed.FeedPublisher;
import io.sonde.exchange.sbe.FeedSnapshotRequestEncoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.fix.engine.AcceptorPort;
import io.sonde.fix.engine.CancelOnDisconnectReply;
import io.sonde.fix.engine.CountingErrorHandler;
import io.sonde.fix.engine.EngineHost;
import io.sonde.fix.engine.WallClock;
import io.sonde.md.fix.MarketDataSubscriptions;
import org.agrona.CloseHelper;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.UnsafeBuffer;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.library.FixLibrary;
import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.InitialAcceptedSessionOwner;
import uk.co.real_logic.artio.session.CompositeKey;
import uk.co.real_logic.artio.session.Session;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongPredicate;

/**
 * The exchange's FIX front door: an Artio acceptor whose sessions' orders become commands of the exchange's
 * SBE protocol on the cluster's ingress, and whose sessions receive the engine's reports from the cluster's
 * egress ({@link EngineEvents}). Stateless apart from which FIX session each owner id is currently logged on
 * with; one thread polls both sides. A session whose Logon carries CancelOnDisconnectType (35002) has every
 * open order canceled once it has been gone for its CODTimeoutWindow (35003): Artio's engine keeps the timer,
 * the gateway sends the cancel. Only such a session finds the two fields in the gateway's Logon answer
 * ({@link CancelOnDisconnectReply}).
 * <p>
 * The cluster's market-data events come on the same egress: the gateway's {@link FeedPublisher} keeps the book
 * from them and, when {@link GatewaySettings#feed()} says where, publishes them over UDP, on the same thread.
 * <p>
 * One thread runs all of it: the library poll, the cluster's egress, and the Artio engine, media driver and
 * archive as invokers beside them. That thread is the engine's own ({@link #start}), which the gateway's work
 * joins, or, when the gateway sits in the same process as a one-member cluster, the matching service's
 * ({@link #startOnService}). With
 * {@link GatewaySettings#logMessages()} the engine keeps threads of its own (see {@code FixClient} for why a
 * recorded message log needs them).
 * <p>
 * A leader change would lose the commands offered to the old leader that it never committed, and the answers of
 * those it applied but never sent: the gateway keeps what it sent lately ({@link SentCommands}) and, on the new
 * leader's event (or a new connection), sends again every command it has had no answer to, before anything new;
 * the engine applies each numbered command once, and answers one it had applied as it did the first time.
 */
public final class Gateway implements AutoCloseable
{
    private static final int FRAGMENT_LIMIT = 64;
    /** How long a stop waits for its sessions' logouts to be answered before it disconnects the rest. */
    private static final long LOGOUT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(1);
    private static final long LOGOUT_POLL_NS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long KEEP_ALIVE_INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);
    private static final int PENDING_MASS_CANCELS = 1024;
    /**
     * Commands kept for a resend: about three seconds at 5,000 commands a second, more than an election and its
     * margin take with the bundled exchange's timings.
     */
    private static final int SENT_COMMANDS_KEPT = 16 * 1024;
    /** The library answers accepted Logons (sole library mode); the engine gets it too should it ever answer one. */
    private static final CancelOnDisconnectReply LOGON_ANSWER = new CancelOnDisconnectReply();

    private final GatewaySettings settings;
    private final EngineHost host;
    private final FixLibrary library;
    private final ClusterConnection connection;
    private final AgentRunner runner;
    private final Agent attached;
    private final MatchingService service;
    private final LoggedOnSessions loggedOn = new LoggedOnSessions();
    private final ReportWriter reports = new ReportWriter();
    private final MarketDataSubscriptions marketData;
    private final OrderTranslator translator;
    private final ClusterCommands commands;
    private final HopStampAsks hopStampAsks = new HopStampAsks();
    private final CountingErrorHandler errors = new CountingErrorHandler("exchange-gateway");
    private final FeedPublisher feed;
    private final EngineEvents egress;
    private final UnsafeBuffer feedSnapshotRequest = new UnsafeBuffer(new byte[MessageHeaderEncoder.ENCODED_LENGTH]);
    private final BooleanSupplier requestFeedSnapshot = this::offerFeedSnapshotRequest;
    private final MassCancelRequests massCancels = new MassCancelRequests(PENDING_MASS_CANCELS);
    private final LongPredicate massCancel;
    private final SentCommands sentCommands = new SentCommands(SENT_COMMANDS_KEPT);
    /** The current cluster client's ingress, whichever connection that is. */
    private final SentCommands.Ingress ingress = (buffer, offset, length) ->
        this.cluster.offer(buffer, offset, length);
    private final int port;
    private volatile boolean loggingOut;
    private AeronCluster cluster;

    private Gateway(
        final GatewaySettings settings,
        final Function<String, ClusterConnection> clusterConnection,
        final MatchingService service)
    {
        this.settings = settings;
        this.service = service;
        this.port = settings.port() == 0 ? AcceptorPort.onLoopback() : settings.port();
        new FeedSnapshotRequestEncoder().wrapAndApplyHeader(feedSnapshotRequest, 0, new MessageHeaderEncoder());
        feed = FeedPublisher.open(settings.feed(), settings.bindHost(), WallClock.INSTANCE);
        egress = new EngineEvents(loggedOn.byOwner(), reports, feed, sentCommands);
        marketData = new MarketDataSubscriptions(settings.symbols(), feed.replica(), feed::isLive);
        feed.addListener(marketData);
        commands = ClusterCommands.forNewGateway(sentCommands);
        translator = new OrderTranslator(reports, marketData, commands);
        massCancel = commands::massCancel;
        host = launchEngine(settings, configuration -> configuration
            .bindTo(settings.bindHost(), port)
            .initialAcceptedSessionOwner(InitialAcceptedSessionOwner.SOLE_LIBRARY)
            .acceptorfixDictionary(EngineHost.dictionary())
            .authenticationStrategy(
                new LogonCheck(settings.users(), settings.limits().sessionsPerAddress(), hopStampAsks))
            .receiverBufferSize(settings.limits().maxMessageBytes())
            .noLogonDisconnectTimeoutInMs(settings.limits().logonTimeoutMs())
            .errorHandlerFactory(new InputErrorLog())
            .cancelOnDisconnectTimeoutHandler((sessionId, key) -> onCancelOnDisconnectTimeout(key))
            .sessionCustomisationStrategy(LOGON_ANSWER)
            // A gap whose fill does not reach past the messages that came after it (the client's engine fills up
            // to where it stood when it read the request) left the session awaiting a resend for good, refusing
            // every later message as beyond the gap: asking again closes it.
            .acceptedSessionSendRedundantResendRequests(true)
            .logInboundMessages(settings.logMessages())
            .logOutboundMessages(settings.logMessages()));
        try
        {
            connection = ownDriverRunsHere(clusterConnection.apply(host.aeronDirectoryName()), service);
            cluster = connection.connect(egress, settings.connectTimeoutSeconds(), TimeUnit.SECONDS);
            commands.cluster(cluster);
            final LibraryConfiguration libraryConfiguration = host.libraryConfiguration()
                .sessionAcquireHandler((session, info) -> onSessionAcquired(session));
            libraryConfiguration.errorHandlerFactory(new InputErrorLog());
            libraryConfiguration.sessionCustomisationStrategy(LOGON_ANSWER);
            library = FixLibrary.connect(libraryConfiguration);
            AcceptorPort.awaitListening(settings.bindHost(), port,
                TimeUnit.SECONDS.toMillis(settings.connectTimeoutSeconds()));
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(cluster, host, feed);
            throw ex;
        }
        final GatewayAgent work = new GatewayAgent();
        if (service != null)
        {
            runner = null;
            attached = null;
            startOnServiceThread(host.duty() == null ? work : new GatewayThreadAgent(work, host.duty().owner()));
        }
        else if (host.duty() != null)
        {
            runner = null;
            attached = work;
            host.duty().attach(work, settings.idle().get());
        }
        else
        {
            attached = null;
            runner = new AgentRunner(settings.idle().get(), errors, null, work);
            AgentRunner.startOnThread(runner);
        }
    }

    /**
     * A gateway on its engine's duty uses a cluster client on that duty's driver: its waits for the driver
     * (connecting, adding a new leader's ingress after a failover) must run the driver themselves. On the
     * service's thread (embedded) the client is on the member's driver, which another thread runs.
     */
    private ClusterConnection ownDriverRunsHere(final ClusterConnection connection, final MatchingService service)
    {
        return service == null && host.duty() != null && !connection.ipc() ?
            connection.drivenBy(host.duty()) : connection;
    }

    private static EngineHost launchEngine(
        final GatewaySettings settings, final Consumer<EngineConfiguration> customiser)
    {
        return settings.logMessages() ?
            EngineHost.launch(settings.workDir(), false, settings.idle(), customiser) :
            EngineHost.launchInvoked("exchange-gateway", settings.workDir(), false, customiser);
    }

    private void startOnServiceThread(final Agent work)
    {
        try
        {
            if (!service.runInBackground(work, settings.connectTimeoutSeconds(), TimeUnit.SECONDS))
            {
                throw new IllegalStateException("the matching service's thread did not take the gateway on within " +
                    settings.connectTimeoutSeconds() + " s");
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while handing the gateway to the service's thread", ex);
        }
    }

    /**
     * Start a gateway and connect it to the cluster.
     *
     * @param clusterConnection given the gateway's own Aeron directory, says how to reach the cluster.
     * @throws IllegalStateException when no cluster leader answers within the settings' timeout.
     */
    public static Gateway start(
        final GatewaySettings settings, final Function<String, ClusterConnection> clusterConnection)
    {
        return new Gateway(settings, clusterConnection, null);
    }

    /**
     * Start a gateway in front of a cluster member in this process, on that member's service thread (as its
     * background work) rather than a thread of its own.
     *
     * @throws IllegalStateException when no cluster leader answers, or the service's thread does not take the
     *                               gateway on, within the settings' timeout.
     */
    public static Gateway startOnService(
        final GatewaySettings settings,
        final Function<String, ClusterConnection> clusterConnection,
        final MatchingService service)
    {
        return new Gateway(settings, clusterConnection, service);
    }

    public int port()
    {
        return port;
    }

    /**
     * The gateway's copy of the market-data feed: its replica of the book, its counters, and where to follow
     * its events ({@link FeedPublisher#addListener}).
     */
    public FeedPublisher feed()
    {
        return feed;
    }

    /**
     * @return the TCP port the feed's snapshots are served on, -1 when the gateway publishes no feed.
     */
    public int feedSnapshotPort()
    {
        return feed.snapshotPort();
    }

    /**
     * Reports the engine produced for a FIX session that was not logged on here when they arrived.
     */
    public long undeliveredReports()
    {
        return egress.undeliveredReports();
    }

    /**
     * The gateway's own Aeron directory: another cluster client (a status query) can share its driver.
     */
    public String aeronDirectoryName()
    {
        return host.aeronDirectoryName();
    }

    /**
     * @return errors the gateway's work threw and carried on from, on its own thread or its engine's; when its work
     *         runs on the cluster service's thread, errors there are the cluster member's to count.
     */
    public long errorCount()
    {
        return errors.errorCount() + host.errorCount();
    }

    /**
     * @return market data refreshes a session's back-pressure held up: each was made good by a fresh full refresh.
     */
    public long marketDataBackPressured()
    {
        return marketData.backPressured();
    }

    public long leaderChanges()
    {
        return egress.leaderChanges();
    }

    /**
     * @return commands sent to the cluster again after a leader change or a new connection.
     */
    public long commandsResent()
    {
        return sentCommands.commandsResent();
    }

    /**
     * Log every session out, then stop. Sessions go first, while the thread that owns them still runs: an engine
     * closed with sessions of a closed library waits out the library's timeout (seconds) before it can let them go.
     */
    public void close()
    {
        loggingOut = true;
        final long deadline = System.nanoTime() + LOGOUT_TIMEOUT_NS;
        while (loggedOn.count() > 0 && System.nanoTime() < deadline)
        {
            LockSupport.parkNanos(LOGOUT_POLL_NS);
        }
        CloseHelper.closeAll(this::stopWork, library, cluster, host, feed);
    }

    private void stopWork() throws InterruptedException
    {
        if (runner != null)
        {
            runner.close();
        }
        else if (attached != null)
        {
            host.duty().detach(attached);
        }
        else if (!service.stopBackground(settings.connectTimeoutSeconds(), TimeUnit.SECONDS))
        {
            System.err.println("[gateway] the matching service's thread did not let the gateway go; " +
                "closing it from " + Thread.currentThread().getName());
        }
    }

    /**
     * Called on Artio's framer thread when a session that asked for cancel on disconnect has been gone for
     * its window; the gateway's own thread sends the cancel, since only it may use the cluster client.
     */
    private void onCancelOnDisconnectTimeout(final CompositeKey key)
    {
        if (!massCancels.request(key.remoteCompId()))
        {
            System.err.println("[gateway] cancel on disconnect for " + key.remoteCompId() + " NOT sent: " +
                PENDING_MASS_CANCELS + " are already waiting for the cluster; its orders stay open");
        }
    }

    /**
     * On the gateway's thread: ask the cluster for the book, for the feed's replica.
     */
    private boolean offerFeedSnapshotRequest()
    {
        return cluster.offer(feedSnapshotRequest, 0, feedSnapshotRequest.capacity()) > 0;
    }

    private SessionHandler onSessionAcquired(final Session session)
    {
        final String senderCompId = session.compositeKey().remoteCompId();
        final long ownerId = OwnerIds.of(senderCompId);
        loggedOn.onLogon(ownerId, session);
        massCancels.onLogon(ownerId);
        return new OrderSessionHandler(ownerId, senderCompId, hopStampAsks.asks(senderCompId), translator, loggedOn,
            marketData, session);
    }

    private final class GatewayAgent implements Agent
    {
        private long nextKeepAliveNanos;
        private boolean loggedOut;

        public int doWork()
        {
            int work = library.poll(FRAGMENT_LIMIT);
            if (loggingOut && !loggedOut)
            {
                loggedOut = true;
                loggedOn.byOwner().values().forEach(Session::logoutAndDisconnect);
                work++;
            }
            if (cluster.isClosed())
            {
                reconnect();
            }
            else
            {
                final long now = System.nanoTime();
                work += invokeClusterClient();
                work += cluster.controlledPollEgress();
                work += sentCommands.resend(ingress);
                work += massCancels.send(massCancel);
                work += feed.doWork(now, requestFeedSnapshot);
                work += marketData.sendOwedRefreshes();
                keepAlive(now);
            }
            return work;
        }

        /**
         * A cluster client on the gateway's own driver runs its conductor in invoker mode (see
         * {@link ClusterConnection#drivingDuty()}): this thread invokes it.
         */
        private int invokeClusterClient()
        {
            final AgentInvoker conductor = cluster.context().aeron().conductorAgentInvoker();
            return conductor == null ? 0 : conductor.invoke();
        }

        /**
         * The cluster closes a client it has not heard from within its session timeout (10 s by default): a
         * gateway whose sessions are quiet must still say it is there.
         */
        private void keepAlive(final long now)
        {
            if (now - nextKeepAliveNanos >= 0 && cluster.sendKeepAlive())
            {
                nextKeepAliveNanos = now + KEEP_ALIVE_INTERVAL_NS;
            }
        }

        public String roleName()
        {
            return "exchange-gateway";
        }

        /**
         * The cluster closed this client (a long election, a session timeout): connect again. Orders
         * arriving meanwhile stay with Artio and are offered once the connection is back.
         */
        private void reconnect()
        {
            System.err.println("[gateway] cluster connection closed, reconnecting");
            CloseHelper.quietClose(cluster);
            cluster = connection.connect(egress, settings.connectTimeoutSeconds(), TimeUnit.SECONDS);
            commands.cluster(cluster);
            feed.onReconnect();
            sentCommands.onLeaderChange();
        }
    }
}
