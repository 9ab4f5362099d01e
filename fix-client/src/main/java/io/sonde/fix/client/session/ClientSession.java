package io.sonde.fix.client.session;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.fix.codecs.builder.ResendRequestEncoder;
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
 * <p>
 * With persistent sequence numbers, a venue that restarted with fresh ones answers the logon with a
 * sequence number lower than expected, and Artio drops the connection before the session is active. The
 * next attempt then logs on with ResetSeqNumFlag (141=Y), which is what an operator would do, and the
 * sessions after it persist again. A venue that remembers numbers this side lost (an emptied state folder) refuses
 * the logon the same way. Either way both sides restart at 1, which the user is told
 * ({@link SessionEvents#onSequenceReset}).
 */
final class ClientSession implements SessionHandler
{
    static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** Artio's words for a connection dropped during logon (a sequence-number mismatch among other causes). */
    private static final String DROPPED_BEFORE_ACTIVE = "Disconnected before session active";

    private final int index;
    private final SessionConfiguration configuration;
    private final SessionConfiguration resetConfiguration;
    private final SessionEvents events;
    private final MessageThrottle throttle;
    private final SequenceHold sequenceHold;
    private final ResendRequestEncoder resendRequest = new ResendRequestEncoder();
    private Session session;
    private Reply<Session> pendingConnect;
    private long reconnectAtNanos = Long.MAX_VALUE;
    private long backoffNanos = FIRST_BACKOFF_NANOS;
    private long disconnects;
    private final long[] disconnectsByReason = new long[DisconnectReason.values().length];
    private long sequenceResets;
    private boolean resetNextLogon;
    private boolean resetting;
    private String lastFailure = "no logon completed in time";
    private SessionConfiguration keptSequenceConfiguration;
    private boolean keptSequenceLogon;
    private boolean plannedDisconnect;
    private int awaitedResendBelow;
    private long resendAnsweredNanos;

    ClientSession(
        final int index,
        final SessionConfiguration configuration,
        final SessionConfiguration resetConfiguration,
        final SessionEvents events,
        final int maxPerSecond,
        final String beginString)
    {
        this.index = index;
        this.configuration = configuration;
        this.resetConfiguration = resetConfiguration;
        this.events = events;
        this.throttle = new MessageThrottle(maxPerSecond);
        this.sequenceHold = new SequenceHold(beginString);
        resendRequest.header().beginString(beginString);
    }

    int index()
    {
        return index;
    }

    /**
     * @return how the next logon is made: as configured, or with a sequence reset after a refused one.
     */
    SessionConfiguration configuration()
    {
        resetting = resetNextLogon;
        keptSequenceLogon = keptSequenceConfiguration != null && !resetNextLogon;
        if (keptSequenceLogon)
        {
            final SessionConfiguration kept = keptSequenceConfiguration;
            keptSequenceConfiguration = null;
            return kept;
        }
        return resetNextLogon ? resetConfiguration : configuration;
    }

    /**
     * Drop the connection without a Logout, as a network failure would, and log on again with the sequence numbers
     * both sides had, so the venue must resend or gap-fill what this side missed. The lifecycles in flight on the
     * session stay in flight: their answers come with the resend. A venue that refuses the kept numbers is logged
     * on to again with a reset, as after any refused logon.
     *
     * @param keptSequence how the next logon is made: the numbers after those last sent and received.
     */
    void disconnectKeepingSequence(final SessionConfiguration keptSequence)
    {
        keptSequenceConfiguration = keptSequence;
        plannedDisconnect = true;
        session.requestDisconnect();
    }

    /**
     * Skip {@code count} outgoing MsgSeqNums and show the venue the gap at once, holding the session's orders until
     * it is recovered ({@link SequenceHold}).
     */
    void skipSentSequenceNumbers(final int count, final long nowNanos)
    {
        session.lastSentMsgSeqNum(session.lastSentMsgSeqNum() + count);
        sequenceHold.hold(session, nowNanos);
    }

    /**
     * @return whether orders may go out on the session now: it is logged on, and not held while the venue recovers
     *         a gap in what this side sent.
     */
    boolean isSendable(final long nowNanos)
    {
        return isActive() && !sequenceHold.isHolding(nowNanos);
    }

    /**
     * Ask the venue to resend everything since the session began (ResendRequest 1..0), and watch for its answer: a
     * message numbered below the next one expected now (a resend) or a SequenceReset. The encoder is this session's
     * own, with its BeginString: Artio fills the CompIDs into an encoder's header only on its first send, so one
     * encoder shared by the sessions would carry the first session's CompIDs on every other, and a venue that checks
     * them (QuickFIX/J) rejects the request and logs the session out, losing the reports it sends meanwhile.
     *
     * @return whether the request went out (not back-pressured).
     */
    boolean requestResendAll()
    {
        awaitResend(session.lastReceivedMsgSeqNum() + 1);
        resendRequest.beginSeqNo(1).endSeqNo(0);
        return session.trySend(resendRequest) >= 0;
    }

    /**
     * Watch for the venue's answer to a ResendRequest this side sent: a message numbered below {@code nextExpected}
     * (a resend) or a SequenceReset, on this connection. A disconnect before it came ends the watch unanswered: the
     * venue did not resend (it may have logged the session out instead), and the next connection's Logon, numbered
     * 1 when the numbers are reset, is no resend.
     */
    void awaitResend(final int nextExpected)
    {
        awaitedResendBelow = nextExpected;
        resendAnsweredNanos = 0;
    }

    /**
     * @return when the venue answered the ResendRequest awaited, or 0 while it has not.
     */
    long resendAnsweredNanos()
    {
        return resendAnsweredNanos;
    }

    /**
     * @return logons completed with ResetSeqNumFlag because one with the persisted sequence numbers was refused.
     */
    long sequenceResets()
    {
        return sequenceResets;
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

    /**
     * @return this session's disconnects so far with {@code reason}, as Artio gave it.
     */
    long disconnects(final DisconnectReason reason)
    {
        return disconnectsByReason[reason.ordinal()];
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
            resetNextLogon = false;
            if (keptSequenceLogon)
            {
                // The venue may have missed what this side sent before the drop, and ask for it.
                sequenceHold.hold(session, nowNanos);
            }
            if (resetting)
            {
                sequenceResets++;
                events.onSequenceReset(index);
            }
        }
        else
        {
            lastFailure = pendingConnect.hasTimedOut() ? "logon timed out" : describe(pendingConnect.error());
            resetNextLogon = configuration.sequenceNumbersPersistent() && !resetNextLogon &&
                lastFailure.contains(DROPPED_BEFORE_ACTIVE);
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
        final long nowNanos = System.nanoTime();
        if (awaitedResendBelow > 0 && ResentMessages.answersResend(messageType, buffer, offset, length,
            awaitedResendBelow))
        {
            awaitedResendBelow = 0;
            resendAnsweredNanos = nowNanos;
        }
        sequenceHold.onMessage(messageType, buffer, offset, length);
        events.onMessage(index, messageType, buffer, offset, length, nowNanos, timestampInNs);
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
        sequenceHold.release();
        awaitedResendBelow = 0;
        disconnects++;
        disconnectsByReason[reason.ordinal()]++;
        if (plannedDisconnect)
        {
            plannedDisconnect = false;
            reconnectAtNanos = nowNanos;
            return Action.CONTINUE;
        }
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

    /**
     * @return what went wrong in the words of the error, not its class: a user reads "Unable to connect to any of
     *         the addresses specified", not the FIX engine's exception type.
     */
    private static String describe(final Throwable error)
    {
        if (error == null)
        {
            return "the connection failed";
        }
        return error.getMessage() != null ? error.getMessage() : error.getClass().getSimpleName();
    }
}
