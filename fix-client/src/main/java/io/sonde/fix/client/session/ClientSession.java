package io.sonde.fix.client.session;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import org.agrona.DirectBuffer;
import uk.co.real_logic.artio.Reply;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionConfiguration;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.session.Session;

import java.util.concurrent.TimeUnit;

/**
 * One initiator session and its life: connecting, active, down and waiting to reconnect with
 * exponential backoff. Artio initiators do not reconnect by themselves, so this does.
 */
final class ClientSession implements SessionHandler
{
    static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final int index;
    private final SessionConfiguration configuration;
    private final SessionEvents events;
    private final MessageThrottle throttle;
    private Session session;
    private Reply<Session> pendingConnect;
    private long reconnectAtNanos = Long.MAX_VALUE;
    private long backoffNanos = FIRST_BACKOFF_NANOS;
    private long disconnects;
    private String lastFailure = "no logon completed in time";

    ClientSession(
        final int index, final SessionConfiguration configuration, final SessionEvents events, final int maxPerSecond)
    {
        this.index = index;
        this.configuration = configuration;
        this.events = events;
        this.throttle = new MessageThrottle(maxPerSecond);
    }

    int index()
    {
        return index;
    }

    SessionConfiguration configuration()
    {
        return configuration;
    }

    Session session()
    {
        return session;
    }

    boolean isActive()
    {
        return session != null && session.isActive();
    }

    MessageThrottle throttle()
    {
        return throttle;
    }

    long disconnects()
    {
        return disconnects;
    }

    void connecting(final Reply<Session> reply)
    {
        pendingConnect = reply;
        reconnectAtNanos = Long.MAX_VALUE;
    }

    /**
     * Advance a pending connect; schedule another try when it failed.
     *
     * @return true if the connect attempt finished (either way) in this call.
     */
    boolean pollConnect(final long nowNanos)
    {
        if (pendingConnect == null || pendingConnect.isExecuting())
        {
            return false;
        }
        if (pendingConnect.hasCompleted())
        {
            session = pendingConnect.resultIfPresent();
            backoffNanos = FIRST_BACKOFF_NANOS;
        }
        else
        {
            lastFailure = pendingConnect.hasTimedOut() ? "logon timed out" : String.valueOf(pendingConnect.error());
            scheduleReconnect(nowNanos);
        }
        pendingConnect = null;
        return true;
    }

    /**
     * @return why the last connect attempt failed, for error messages.
     */
    String lastFailure()
    {
        return lastFailure;
    }

    boolean isReconnectDue(final long nowNanos)
    {
        return pendingConnect == null && session == null && nowNanos >= reconnectAtNanos;
    }

    public Action onMessage(
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final int libraryId,
        final Session session,
        final int sequenceIndex,
        final long messageType,
        final long timestampInNs,
        final long position,
        final OnMessageInfo messageInfo)
    {
        events.onMessage(index, messageType, buffer, offset, length, System.nanoTime());
        return Action.CONTINUE;
    }

    public void onTimeout(final int libraryId, final Session session)
    {
    }

    public void onSlowStatus(final int libraryId, final Session session, final boolean hasBecomeSlow)
    {
    }

    public Action onDisconnect(final int libraryId, final Session session, final DisconnectReason reason)
    {
        final long nowNanos = System.nanoTime();
        this.session = null;
        disconnects++;
        scheduleReconnect(nowNanos);
        events.onSessionDown(index, nowNanos);
        return Action.CONTINUE;
    }

    public void onSessionStart(final Session session)
    {
    }

    private void scheduleReconnect(final long nowNanos)
    {
        reconnectAtNanos = nowNanos + backoffNanos;
        backoffNanos = Math.min(MAX_BACKOFF_NANOS, backoffNanos * 2);
    }
}
