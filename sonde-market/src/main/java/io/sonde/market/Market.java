package io.sonde.market;

import io.sonde.acceptor.PasswordCheck;
import io.sonde.fix.engine.AcceptorPort;
import io.sonde.fix.engine.EngineHost;
import io.sonde.fix.engine.ScratchFolder;
import io.sonde.fix.engine.WallClock;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.runner.SharedThread;
import io.sonde.loadgen.schedule.Schedule;
import io.sonde.md.publish.FeedSettings;
import org.agrona.CloseHelper;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SystemNanoClock;
import uk.co.real_logic.artio.fields.EpochFractionFormat;
import uk.co.real_logic.artio.library.FixLibrary;
import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.messages.InitialAcceptedSessionOwner;
import uk.co.real_logic.artio.session.SessionCustomisationStrategy;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Sonde as the venue of a trading application: it publishes a scripted feed on a schedule (SBE over UDP, FIX
 * market data on its acceptor, or both), accepts the application's order sessions, and matches each order to the
 * trigger that caused it. One thread does it all: the Artio engine, its library, the feed and, during a run, the
 * load agent.
 * <p>
 * Open it, tell the application where it is, {@link #awaitApplication wait for it}, then run one
 * {@link #step step} at a time with a {@code LoadRun} on {@link #loadThread()}. Close it at the end.
 */
public final class Market implements AutoCloseable
{
    /**
     * The most triggers awaiting their reaction at once, and so the load agent's in-flight capacity.
     */
    public static final int TRIGGER_CAPACITY = 65_536;

    private static final long LISTEN_TIMEOUT_MS = 30_000;
    private static final long AWAIT_POLL_MS = 10;
    private static final int FRAGMENT_LIMIT = 64;
    private static final String LOOPBACK = "127.0.0.1";
    private static final String ANY_INTERFACE = "0.0.0.0";

    private final MarketSettings settings;
    private final int fixPort;
    private final SymbolIndex symbols;
    private final TriggerTable table = new TriggerTable(TRIGGER_CAPACITY);
    private final PriceKeys priceKeys = new PriceKeys(TRIGGER_CAPACITY);
    private final ReactionMatcher matcher;
    private final MarketBook book;
    private final MarketFeed feed;
    private final MarketSessions sessions;
    private final EngineHost host;
    private final FixLibrary library;
    private final MarketLoadThread loadThread;
    private final Agent ownWork = new OwnWork();

    private Market(final MarketSettings settings, final IdleStrategy idle)
    {
        this.settings = settings;
        symbols = new SymbolIndex(settings.symbols());
        matcher = new ReactionMatcher(settings.match(), settings.echoTag(), table, priceKeys, symbols);
        book = new MarketBook(settings.symbols(), settings.shape(), settings.seed(), priceKeys);
        sessions = new MarketSessions(SystemNanoClock.INSTANCE, symbols, matcher,
            SessionVersions.beginString(settings.fixVersion()));
        feed = new MarketFeed(feedSettings(settings), settings.bindHost(), symbolNames(settings),
            WallClock.INSTANCE);
        sessions.desk(feed);
        fixPort = settings.port() == 0 ? AcceptorPort.onLoopback() : settings.port();
        final SessionCustomisationStrategy logonAnswer = SessionVersions.logonAnswer(settings.fixVersion());
        EngineHost launched = null;
        FixLibrary connected = null;
        try
        {
            launched = EngineHost.launchInvoked("sonde-market", ScratchFolder.create("sonde-market"), false,
                configuration -> configuration
                    .bindTo(settings.bindHost(), fixPort)
                    .initialAcceptedSessionOwner(InitialAcceptedSessionOwner.SOLE_LIBRARY)
                    .acceptorfixDictionary(SessionVersions.dictionary(settings.fixVersion()))
                    .authenticationStrategy(new PasswordCheck(emptyAsNull(settings.password())))
                    .sessionCustomisationStrategy(logonAnswer)
                    // Sequence numbers restart at every logon: nothing is ever resent from a log.
                    .logInboundMessages(false)
                    .logOutboundMessages(false));
            final LibraryConfiguration libraryConfiguration = launched.libraryConfiguration()
                .sessionAcquireHandler(sessions);
            // SendingTime (52) in nanoseconds, like TransactTime (60).
            libraryConfiguration.sessionEpochFractionFormat(EpochFractionFormat.NANOSECONDS);
            libraryConfiguration.sessionCustomisationStrategy(logonAnswer);
            connected = FixLibrary.connect(libraryConfiguration);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(connected, launched, feed);
            throw ex;
        }
        host = launched;
        library = connected;
        loadThread = new MarketLoadThread(host.duty());
        try
        {
            host.duty().idleWithoutWork(idle);
            host.duty().add(ownWork);
            AcceptorPort.awaitListening(ANY_INTERFACE.equals(settings.bindHost()) ? LOOPBACK : settings.bindHost(),
                fixPort, LISTEN_TIMEOUT_MS);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(library, host, feed);
            throw ex;
        }
    }

    /**
     * Start the acceptor (listening once this returns), the feed and the market's thread.
     *
     * @param settings what to open.
     * @param idle     how the market's thread waits for work outside a run.
     * @return the open market.
     */
    public static Market open(final MarketSettings settings, final IdleStrategy idle)
    {
        return new Market(settings, idle);
    }

    /**
     * Wait until the application is ready: an order session is logged on and, when the feed has no UDP
     * destination, FIX market data subscriptions cover every symbol.
     *
     * @param timeoutNanos how long to wait.
     * @param progress     told each step on the way, e.g. {@code APP logged on}.
     * @return true once ready; false if the time ran out first (or the waiting thread was interrupted).
     */
    public boolean awaitApplication(final long timeoutNanos, final Consumer<String> progress)
    {
        final long deadline = System.nanoTime() + timeoutNanos;
        boolean toldLogon = false;
        while (true)
        {
            final List<String> applications = sessions.applications();
            if (!toldLogon && !applications.isEmpty())
            {
                progress.accept(String.join(", ", applications) + " logged on");
                toldLogon = true;
            }
            final boolean subscribed = settings.hasUdpFeed() || sessions.everySymbolSubscribed();
            if (toldLogon && subscribed)
            {
                if (!settings.hasUdpFeed())
                {
                    progress.accept("FIX market data subscribed for " + symbols.size() + " symbol" +
                        (symbols.size() == 1 ? "" : "s"));
                }
                return true;
            }
            if (System.nanoTime() - deadline >= 0)
            {
                return false;
            }
            try
            {
                TimeUnit.MILLISECONDS.sleep(AWAIT_POLL_MS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /**
     * The next run or sweep step: a trigger every {@code triggerEvery}th event of {@code events}.
     *
     * @param events       the event schedule, at the event rate (not yet started).
     * @param triggerEvery N, at least 2: one event in N is a trigger.
     * @return the step, for one {@code LoadRun}; the previous step's run must be over.
     */
    public MarketStep step(final Schedule events, final int triggerEvery)
    {
        final FillerTimes fillers = new FillerTimes(triggerEvery);
        final TriggerSchedule schedule = new TriggerSchedule(events, triggerEvery, fillers);
        final HopSeries feedLateness = HopSeries.ofFeed("lateness");
        final StepCounts counts = new StepCounts();
        final MarketTransport transport = new MarketTransport(SystemNanoClock.INSTANCE, WallClock.INSTANCE,
            fillers, book, table, priceKeys, matcher, feed, () -> library.poll(FRAGMENT_LIMIT), feedLateness,
            settings.timeoutNanos(), counts::begin, counts::beginMeasured);
        loadThread.onRunEnd(() -> counts.end(transport));
        return new MarketStep(schedule, transport, feedLateness, () -> counts.of(transport));
    }

    /**
     * @return the market's thread, for the load agent to join ({@code RunConfig.sharedThread}).
     */
    public SharedThread loadThread()
    {
        return loadThread;
    }

    /**
     * @return the port the acceptor listens on.
     */
    public int fixPort()
    {
        return fixPort;
    }

    /**
     * @return the snapshot server's TCP port, or 0 without a UDP feed.
     */
    public int snapshotPort()
    {
        return feed.snapshotPort();
    }

    /**
     * @return the SenderCompIDs of the order sessions logged on now.
     */
    public List<String> applications()
    {
        return sessions.applications();
    }

    /**
     * @return the settings it was opened with.
     */
    public MarketSettings settings()
    {
        return settings;
    }

    /**
     * Log the sessions out, stop the thread and release the ports.
     */
    public void close()
    {
        CloseHelper.closeAll(() -> host.duty().remove(ownWork), library, host, feed);
    }

    private static FeedSettings feedSettings(final MarketSettings settings)
    {
        return new FeedSettings(settings.feedUnicast(), settings.feedGroup(), settings.feedInterface(),
            settings.snapshotPort());
    }

    private static List<String> symbolNames(final MarketSettings settings)
    {
        return settings.symbols().stream().map(MarketSymbol::symbol).toList();
    }

    private static String emptyAsNull(final String password)
    {
        return password == null || password.isEmpty() ? null : password;
    }

    /**
     * What a step counts, from where the market's running totals stood when its run began to where they stood
     * when it ended, both read on the market's thread; the ends of the previous run (its triggers, their prices,
     * its counts) are cleared as the run begins. Read before its run ended, the counts are those so far.
     */
    private final class StepCounts
    {
        private long packetsAtStart;
        private long notSentAtStart;
        private long backPressuredAtStart;
        private volatile MarketCounts atEnd;

        void begin()
        {
            table.clear();
            priceKeys.clear();
            matcher.clear();
            sessions.clear();
            beginMeasured();
        }

        /**
         * The feed's counts start again with the measured window, the window its events are counted over: the
         * warm-up's packets, and a datagram it could not send, belong to no figure of the run.
         */
        void beginMeasured()
        {
            packetsAtStart = feed.packetsSent();
            notSentAtStart = feed.datagramsNotSent();
            backPressuredAtStart = feed.fixBackPressured();
        }

        void end(final MarketTransport transport)
        {
            atEnd = now(transport);
        }

        MarketCounts of(final MarketTransport transport)
        {
            final MarketCounts ended = atEnd;
            return ended != null ? ended : now(transport);
        }

        private MarketCounts now(final MarketTransport transport)
        {
            return new MarketCounts(transport.events(), transport.measuredEvents(),
                feed.packetsSent() - packetsAtStart, feed.datagramsNotSent() - notSentAtStart,
                feed.fixBackPressured() - backPressuredAtStart, matcher.duplicates(), matcher.late(),
                matcher.withoutTrigger(), matcher.named().lines(), sessions.malformed(),
                sessions.applications().size(), feed.subscriptions());
        }
    }

    /**
     * The market's own duty beside the engine: the feed's heartbeats and snapshots always, the FIX library only
     * while no run polls it.
     */
    private final class OwnWork implements Agent
    {
        public int doWork()
        {
            int work = feed.doWork(System.nanoTime());
            if (!loadThread.running())
            {
                matcher.handler(null);
                work += library.poll(FRAGMENT_LIMIT);
            }
            return work;
        }

        public String roleName()
        {
            return "sonde-market";
        }
    }
}
