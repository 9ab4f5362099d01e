package io.sonde.strategy;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.fix.codecs.decoder.MarketDataIncrementalRefreshDecoder;
import io.sonde.fix.engine.EngineHost;
import io.sonde.fix.engine.ScratchFolder;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.IdleStrategy;
import uk.co.real_logic.artio.Reply;
import uk.co.real_logic.artio.dictionary.FixDictionary;
import uk.co.real_logic.artio.fields.EpochFractionFormat;
import uk.co.real_logic.artio.library.FixLibrary;
import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionConfiguration;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.session.Session;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The reference trading application: it reads triggers from a market's feed and sends an order for each, echoing
 * the trigger's identity, so {@code sonde market} has an application to measure tick-to-trade against. It is a
 * foreign application by construction: it shares nothing with the market beyond the wire formats (the feed's SBE
 * codecs and the FIX codecs) and the way Sonde hosts Artio.
 * <p>
 * One thread does everything: an Artio engine launched with {@link EngineHost#launchInvoked} (driver, archive and
 * engine on no thread of their own), one initiator session to the market, and the trigger source beside it on the
 * same duty: the UDP feed ({@link StrategySettings#udpFeed()}) or FIX market data on the order session. Each
 * trigger is answered at once with a NewOrderSingle (ClOrdID {@code S<n>}, the opposite side, a limit at the
 * trigger's price for its quantity, IOC, the identity in {@link StrategySettings#echoTag()}). Nothing is allocated
 * per trigger once warm.
 * <p>
 * When the market's session ends (the market exits, or drops it) the strategy logs on again, retrying with a backoff
 * from 100 ms to 1 s, so one strategy serves market run after market run; so does a strategy started before its
 * market. In-process use:
 * <pre>
 *   try (ReferenceStrategy strategy = new ReferenceStrategy(
 *       StrategySettings.udp(new InetSocketAddress("127.0.0.1", 40001), "127.0.0.1", 9879),
 *       new BackoffIdleStrategy()))
 *   {
 *       ... run the market; strategy.counts() tells what it saw and sent ...
 *   }
 * </pre>
 */
public final class ReferenceStrategy implements AutoCloseable
{
    private static final String NAME = "sonde-strategy";
    private static final int FRAGMENT_LIMIT = 64;
    private static final long FIRST_RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long LAST_RETRY_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final int LOGON_TIMEOUT_MS = 5_000;
    private static final long LOGOUT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(2);
    private static final long PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final StrategySettings settings;
    private final StrategyCounts counts = new StrategyCounts();
    private final Reactions reactions;
    private final UdpTriggers udpTriggers;
    private final FixTriggers fixTriggers;
    private final ReactionStall stall;
    private final SessionConfiguration sessionConfiguration;
    private final EngineHost host;
    private final FixLibrary library;
    private final Duty duty = new Duty();
    private final OrderSession orderSession = new OrderSession();
    private Reply<Session> pendingLogon;
    private Session session;
    private boolean subscriptionOwed;
    private long nextAttemptNanos;
    private long retryNanos = FIRST_RETRY_NANOS;
    private volatile boolean loggedOn;
    private volatile boolean stopRequested;
    private volatile boolean loggedOut;
    private boolean logoutSent;

    /**
     * Bind the feed's socket (when the feed is UDP), launch the engine and start logging on to the market; returns
     * at once, the logon going on in the background until it succeeds or the strategy is closed.
     *
     * @param settings the feed, the market and how reactions are marked.
     * @param idle     how the strategy's one thread waits for work: busy-spin for a measurement on a host with a
     *                 core to spare for it, backoff in tests that share the machine.
     * @throws java.io.UncheckedIOException when the feed's address cannot be bound.
     */
    public ReferenceStrategy(final StrategySettings settings, final IdleStrategy idle)
    {
        this.settings = settings;
        reactions = new Reactions(settings.beginString(), settings.echoTag(), counts);
        udpTriggers = settings.fixFeed() ? null : new UdpTriggers(settings.udpFeed(), reactions, counts);
        fixTriggers = settings.fixFeed() ? new FixTriggers(settings.symbols(), reactions) : null;
        final SessionConfiguration.Builder session = SessionConfiguration.builder()
            .address(settings.marketHost(), settings.marketPort())
            .senderCompId(settings.senderCompId())
            .targetCompId(settings.targetCompId())
            .sequenceNumbersPersistent(false)
            .resetSeqNum(true)
            .timeoutInMs(LOGON_TIMEOUT_MS)
            .fixDictionary(dictionary(settings.beginString()));
        if (settings.password() != null)
        {
            session.credentials(settings.senderCompId(), settings.password());
        }
        sessionConfiguration = session.build();
        EngineHost launched = null;
        try
        {
            launched = EngineHost.launchInvoked(NAME, ScratchFolder.create(NAME), false, configuration -> configuration
                .logInboundMessages(false)
                .logOutboundMessages(false));
            final LibraryConfiguration libraryConfiguration = launched.libraryConfiguration()
                .sessionAcquireHandler((acquired, info) -> orderSession);
            libraryConfiguration.sessionEpochFractionFormat(EpochFractionFormat.NANOSECONDS);
            if (StrategySettings.FIXT_1_1.equals(settings.beginString()))
            {
                libraryConfiguration.sessionCustomisationStrategy(new FixtLogon());
            }
            library = FixLibrary.connect(libraryConfiguration);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(launched, udpTriggers);
            throw ex;
        }
        host = launched;
        stall = new ReactionStall(settings.stallLength(), settings.stallPeriod(), System.nanoTime());
        host.duty().attach(duty, idle);
    }

    /**
     * @return what the strategy has seen and sent so far.
     */
    public StrategyCounts counts()
    {
        return counts;
    }

    /**
     * @return whether a session with the market is logged on now.
     */
    public boolean isLoggedOn()
    {
        return loggedOn;
    }

    /**
     * @return where the UDP feed is received (its port resolved when 0 was asked for); null with a FIX feed.
     */
    public InetSocketAddress feedAddress()
    {
        return udpTriggers == null ? null : udpTriggers.address();
    }

    public StrategySettings settings()
    {
        return settings;
    }

    /**
     * Log out of the market (waiting up to 2 s for the session to end: an engine closed under a live session waits
     * far longer), then stop the thread and close the engine and the feed's socket.
     */
    public void close()
    {
        stopRequested = true;
        final long deadline = System.nanoTime() + LOGOUT_TIMEOUT_NANOS;
        while (!loggedOut && System.nanoTime() - deadline < 0)
        {
            LockSupport.parkNanos(PARK_NANOS);
        }
        CloseHelper.closeAll(() -> host.duty().detach(duty), library, host, udpTriggers);
    }

    private static Class<? extends FixDictionary> dictionary(final String beginString)
    {
        return switch (beginString)
        {
            case StrategySettings.FIX_4_2 -> io.sonde.fix.codecs.fix42.FixDictionaryImpl.class;
            case StrategySettings.FIXT_1_1 -> io.sonde.fix.codecs.fixt11.FixDictionaryImpl.class;
            default -> io.sonde.fix.codecs.FixDictionaryImpl.class;
        };
    }

    /**
     * Log on when there is no session, after the backoff since the last attempt.
     */
    private int logOn(final long nowNanos)
    {
        if (pendingLogon != null)
        {
            if (pendingLogon.isExecuting())
            {
                return 0;
            }
            if (pendingLogon.hasCompleted())
            {
                started(pendingLogon.resultIfPresent());
            }
            else
            {
                retryLater(nowNanos);
            }
            pendingLogon = null;
            return 1;
        }
        if (session == null && library.isConnected() && nowNanos - nextAttemptNanos >= 0)
        {
            pendingLogon = library.initiate(sessionConfiguration);
            return 1;
        }
        return 0;
    }

    /**
     * The session is logged on: told by the logon's reply and by the session handler, whichever comes first.
     */
    private void started(final Session started)
    {
        if (started == null || started == session)
        {
            return;
        }
        session = started;
        loggedOn = true;
        retryNanos = FIRST_RETRY_NANOS;
        reactions.session(started);
        subscriptionOwed = fixTriggers != null;
        counts.onLogon();
    }

    private void retryLater(final long nowNanos)
    {
        nextAttemptNanos = nowNanos + retryNanos;
        retryNanos = Math.min(retryNanos * 2, LAST_RETRY_NANOS);
    }

    private final class Duty implements Agent
    {
        public int doWork()
        {
            if (stopRequested)
            {
                return logOut();
            }
            final long now = System.nanoTime();
            if (stall.isStalled(now))
            {
                return 0;
            }
            int work = library.poll(FRAGMENT_LIMIT);
            work += logOn(now);
            if (subscriptionOwed && session != null && fixTriggers.subscribe(session))
            {
                subscriptionOwed = false;
                work++;
            }
            if (udpTriggers != null)
            {
                work += udpTriggers.poll();
            }
            return work;
        }

        public String roleName()
        {
            return NAME;
        }

        private int logOut()
        {
            if (!logoutSent && session != null)
            {
                logoutSent = session.logoutAndDisconnect() >= 0;
            }
            final int work = library.poll(FRAGMENT_LIMIT);
            loggedOut = session == null && (pendingLogon == null || !pendingLogon.isExecuting());
            return work;
        }
    }

    private final class OrderSession implements SessionHandler
    {
        public Action onMessage(
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final int libraryId,
            final Session from,
            final int sequenceIndex,
            final long messageType,
            final long timestampInNs,
            final long position,
            final OnMessageInfo messageInfo)
        {
            if (fixTriggers != null && messageType == MarketDataIncrementalRefreshDecoder.MESSAGE_TYPE)
            {
                fixTriggers.onIncrementalRefresh(buffer, offset, length);
            }
            return Action.CONTINUE;
        }

        public void onTimeout(final int libraryId, final Session timedOut)
        {
        }

        public void onSlowStatus(final int libraryId, final Session slow, final boolean hasBecomeSlow)
        {
        }

        public Action onDisconnect(final int libraryId, final Session gone, final DisconnectReason reason)
        {
            session = null;
            loggedOn = false;
            reactions.session(null);
            retryNanos = FIRST_RETRY_NANOS;
            retryLater(System.nanoTime());
            return Action.CONTINUE;
        }

        public void onSessionStart(final Session started)
        {
            started(started);
        }
    }
}
