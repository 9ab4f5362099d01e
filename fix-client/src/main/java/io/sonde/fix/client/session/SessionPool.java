package io.sonde.fix.client.session;

import io.sonde.api.FixVersion;
import io.sonde.fix.engine.EngineHost;
import org.agrona.CloseHelper;
import org.agrona.concurrent.IdleStrategy;
import uk.co.real_logic.artio.library.FixLibrary;
import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.library.SessionAcquireHandler;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.session.Session;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Sonde's initiator sessions on one {@link FixLibrary}: logs them on, keeps them up (reconnecting with
 * backoff after a disconnect), and hands out the next session that may send. The faults a run injects on them are
 * {@link #faults()}'. Single-threaded, like the library: every call on the thread that polls it.
 */
public final class SessionPool implements AutoCloseable
{
    private static final int FRAGMENT_LIMIT = 64;
    private static final long LIBRARY_CONNECT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final long PROGRESS_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final SessionSettings settings;
    private final ClientSession[] sessions;
    private final Map<String, ClientSession> bySenderCompId = new HashMap<>();
    private final FixLibrary library;
    private final SessionFaults faults;
    private int nextIndex;
    private long notActiveRefusals;

    /**
     * Connect a library to {@code host}'s engine; sessions are logged on by {@link #logonAll}.
     */
    public SessionPool(
        final EngineHost host, final SessionSettings settings, final SessionEvents events, final IdleStrategy idle)
    {
        this(host, settings, events, idle, configuration -> { });
    }

    /**
     * @param customiser adjusts the library's configuration (e.g. its monitoring thread's idle strategy). A
     *                   FIXT session's DefaultApplVerID is added to any Logon customisation it sets.
     */
    public SessionPool(
        final EngineHost host,
        final SessionSettings settings,
        final SessionEvents events,
        final IdleStrategy idle,
        final Consumer<LibraryConfiguration> customiser)
    {
        this.settings = settings;
        this.sessions = new ClientSession[settings.sessions()];
        for (int i = 0; i < sessions.length; i++)
        {
            sessions[i] = new ClientSession(i,
                SessionConfigurations.of(settings, i, !settings.persistentSequences()),
                SessionConfigurations.of(settings, i, true), events, settings.maxMessagesPerSecond(),
                FixDictionaries.beginString(settings.version()));
            bySenderCompId.put(settings.senderCompId(i), sessions[i]);
        }
        faults = new SessionFaults(settings, sessions);

        final LibraryConfiguration configuration = host.libraryConfiguration()
            .sessionAcquireHandler(acquireHandler())
            .defaultHeartbeatIntervalInS(settings.heartbeatSeconds())
            .replyTimeoutInMs(TimeUnit.SECONDS.toMillis(10));
        customiser.accept(configuration);
        configuration.sessionCustomisationStrategy(SessionConfigurations.customisation(settings, configuration));
        library = FixLibrary.connect(configuration);
        final long deadline = System.nanoTime() + LIBRARY_CONNECT_TIMEOUT_NANOS;
        while (!library.isConnected())
        {
            if (System.nanoTime() > deadline)
            {
                CloseHelper.quietClose(library);
                throw new IllegalStateException("the FIX library could not reach its engine within 10 s");
            }
            idle.idle(library.poll(FRAGMENT_LIMIT));
        }
    }

    /**
     * Log every session on and wait until all are active.
     *
     * @throws SessionLogonException naming the target and the first session that did not log on in time.
     */
    public void logonAll(final long timeoutNanos, final IdleStrategy idle)
    {
        logonAll(timeoutNanos, idle, () -> false, LogonProgress.NONE);
    }

    /**
     * Log every session on and wait until all are active or {@code stopRequested} says to give up.
     *
     * @return false when stopped before every session was active.
     * @throws SessionLogonException naming the target and the first session that did not log on in time.
     */
    public boolean logonAll(final long timeoutNanos, final IdleStrategy idle, final BooleanSupplier stopRequested)
    {
        return logonAll(timeoutNanos, idle, stopRequested, LogonProgress.NONE);
    }

    /**
     * Log every session on and wait until all are active or {@code stopRequested} says to give up, telling
     * {@code progress} once a second while sessions are still waiting, so a target that does not answer is never
     * a silence.
     *
     * @return false when stopped before every session was active.
     * @throws SessionLogonException naming the target and the first session that did not log on in time.
     */
    public boolean logonAll(
        final long timeoutNanos,
        final IdleStrategy idle,
        final BooleanSupplier stopRequested,
        final LogonProgress progress)
    {
        for (final ClientSession session : sessions)
        {
            session.connecting(library.initiate(session.configuration()));
        }

        final long start = System.nanoTime();
        final long deadline = start + timeoutNanos;
        long nextProgress = start + PROGRESS_INTERVAL_NANOS;
        while (activeCount() < sessions.length)
        {
            final long now = System.nanoTime();
            if (stopRequested.getAsBoolean())
            {
                return false;
            }
            if (now > deadline)
            {
                throw logonFailure();
            }
            if (now >= nextProgress)
            {
                progress.waiting(activeCount(), sessions.length, now - start, timeoutNanos, firstFailure());
                nextProgress += PROGRESS_INTERVAL_NANOS;
            }
            idle.idle(library.poll(FRAGMENT_LIMIT) + pollConnects(now));
        }
        return true;
    }

    /**
     * Poll the library and keep sessions up. Allocation-free unless a session reconnects.
     *
     * @return work done.
     */
    public int poll(final long nowNanos)
    {
        if (faults.isReadingPaused(nowNanos))
        {
            return 0;
        }
        return library.poll(FRAGMENT_LIMIT) + pollConnects(nowNanos);
    }

    /**
     * @return the faults a run may inject on these sessions.
     */
    public SessionFaults faults()
    {
        return faults;
    }

    /**
     * @return whether the session at {@code index} is logged on.
     */
    public boolean isActive(final int index)
    {
        return sessions[index].isActive();
    }

    /**
     * @return the session's SenderCompID, e.g. {@code SONDE2}.
     */
    public String senderCompId(final int index)
    {
        return settings.senderCompId(index);
    }

    /**
     * Pick the next session, round robin, that is active, not held while the venue recovers a gap in what it sent
     * ({@link SequenceHold}), and under its message cap.
     *
     * @return the session's index, or -1 if none may send now (sessions down are counted).
     */
    public int nextSendable(final long nowNanos)
    {
        for (int tried = 0; tried < sessions.length; tried++)
        {
            final ClientSession candidate = sessions[nextIndex];
            nextIndex = nextIndex + 1 == sessions.length ? 0 : nextIndex + 1;
            if (!candidate.isActive())
            {
                notActiveRefusals++;
                continue;
            }
            if (candidate.isSendable(nowNanos) && candidate.throttle().hasRoom(nowNanos))
            {
                return candidate.index();
            }
        }
        return -1;
    }

    /**
     * @return the session at {@code index} if it may send now (active, not held, under its cap), else null.
     */
    public Session sendableSession(final int index, final long nowNanos)
    {
        final ClientSession session = sessions[index];
        if (!session.isActive())
        {
            notActiveRefusals++;
            return null;
        }
        return session.isSendable(nowNanos) && session.throttle().hasRoom(nowNanos) ? session.session() : null;
    }

    public Session session(final int index)
    {
        return sessions[index].session();
    }

    /**
     * Count a message sent on {@code index} against its per-second cap.
     */
    public void onSent(final int index)
    {
        sessions[index].throttle().onSent();
    }

    public int size()
    {
        return sessions.length;
    }

    /**
     * @return the FIX version every session speaks, whose BeginString application messages carry.
     */
    public FixVersion version()
    {
        return settings.version();
    }

    public int activeCount()
    {
        int active = 0;
        for (final ClientSession session : sessions)
        {
            if (session.isActive())
            {
                active++;
            }
        }
        return active;
    }

    /**
     * @return times a send skipped a session because it was not active (Artio would have archived, not sent).
     */
    public long notActiveRefusals()
    {
        return notActiveRefusals;
    }

    /**
     * @return disconnects seen across all sessions.
     */
    public long disconnects()
    {
        long total = 0;
        for (final ClientSession session : sessions)
        {
            total += session.disconnects();
        }
        return total;
    }

    /**
     * @return disconnects across all sessions by Artio's reason, in the reasons' order, those that happened only:
     *         {@code APPLICATION_DISCONNECT} for one this side asked for (a {@code disconnect} fault),
     *         {@code MSG_SEQ_NO_TOO_LOW} for a venue whose numbers went back, e.g. after a reconnect.
     */
    public Map<String, Long> disconnectReasons()
    {
        final Map<String, Long> reasons = new LinkedHashMap<>();
        for (final DisconnectReason reason : DisconnectReason.values())
        {
            long total = 0;
            for (final ClientSession session : sessions)
            {
                total += session.disconnects(reason);
            }
            if (total > 0)
            {
                reasons.put(reason.name(), total);
            }
        }
        return reasons;
    }

    /**
     * @return logons completed with a sequence reset because the venue refused the persisted numbers.
     */
    public long sequenceResets()
    {
        long total = 0;
        for (final ClientSession session : sessions)
        {
            total += session.sequenceResets();
        }
        return total;
    }

    /**
     * Log out every active session and wait, bounded, for the logouts to complete.
     */
    public void logoutAll(final long timeoutNanos, final IdleStrategy idle)
    {
        for (final ClientSession session : sessions)
        {
            if (session.isActive())
            {
                session.session().logoutAndDisconnect();
            }
        }
        final long deadline = System.nanoTime() + timeoutNanos;
        while (connectedCount() > 0 && System.nanoTime() < deadline)
        {
            idle.idle(library.poll(FRAGMENT_LIMIT));
        }
    }

    public void close()
    {
        CloseHelper.quietClose(library);
    }

    private int connectedCount()
    {
        int connected = 0;
        for (final ClientSession session : sessions)
        {
            if (session.session() != null && session.session().isConnected())
            {
                connected++;
            }
        }
        return connected;
    }

    private int pollConnects(final long nowNanos)
    {
        int work = 0;
        for (final ClientSession session : sessions)
        {
            if (session.pollConnect(nowNanos))
            {
                work++;
            }
            if (session.isReconnectDue(nowNanos))
            {
                session.connecting(library.initiate(session.configuration()));
                work++;
            }
        }
        return work;
    }

    private String firstFailure()
    {
        for (final ClientSession session : sessions)
        {
            if (!session.isActive())
            {
                return session.lastFailure();
            }
        }
        return "";
    }

    private SessionLogonException logonFailure()
    {
        for (final ClientSession session : sessions)
        {
            if (!session.isActive())
            {
                final String why = session.lastFailure();
                return new SessionLogonException("session " + settings.senderCompId(session.index()) + " -> " +
                    settings.targetCompId() + " could not log on to " + settings.host() + ":" + settings.port() +
                    ": " + why + " (" + activeCount() + " of " + sessions.length + " sessions active)");
            }
        }
        return new SessionLogonException("sessions did not log on in time");
    }

    private SessionAcquireHandler acquireHandler()
    {
        return (session, info) ->
        {
            final ClientSession owner = bySenderCompId.get(session.compositeKey().localCompId());
            if (owner == null)
            {
                throw new IllegalStateException("acquired a session Sonde did not initiate: " + session.compositeKey());
            }
            return (SessionHandler)owner;
        };
    }
}
