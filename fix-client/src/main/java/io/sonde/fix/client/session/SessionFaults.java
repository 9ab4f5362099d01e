package io.sonde.fix.client.session;

import uk.co.real_logic.artio.session.Session;

/**
 * The faults a run injects on its own sessions: a disconnect without Logout, a clean Logout, a sequence gap, a
 * ResendRequest for everything, and a reader that stops reading. Each acts on one session of a {@link SessionPool}
 * (all of them, for the paused reader) and answers false when that session was not logged on, so a fault due on a
 * session that is down is reported as not applied rather than lost. Single-threaded, on the pool's thread.
 */
public final class SessionFaults
{
    private final SessionSettings settings;
    private final ClientSession[] sessions;
    private long readingPausedUntilNanos;

    SessionFaults(final SessionSettings settings, final ClientSession[] sessions)
    {
        this.settings = settings;
        this.sessions = sessions;
    }

    /**
     * Read nothing from the venue until {@code untilNanos}. Every session's messages reach this side over the
     * library's one stream from the engine, so every session stops reading: the engine's stream fills, the engine
     * stops reading the sockets, and the venue meets TCP back-pressure. Sending goes on.
     */
    public void pauseReading(final long untilNanos)
    {
        readingPausedUntilNanos = untilNanos;
    }

    /**
     * Drop the session's connection without a Logout and log on again keeping both sides' sequence numbers (see
     * {@link ClientSession#disconnectKeepingSequence}).
     *
     * @return false when the session was not logged on.
     */
    public boolean disconnectKeepingSequence(final int index)
    {
        final ClientSession owner = sessions[index];
        if (!owner.isActive())
        {
            return false;
        }
        final Session session = owner.session();
        owner.disconnectKeepingSequence(SessionConfigurations.of(settings, index, false,
            session.lastSentMsgSeqNum() + 1, session.lastReceivedMsgSeqNum() + 1));
        return true;
    }

    /**
     * Log the session out cleanly; it logs on again as after any disconnect, its lifecycles in flight ended.
     *
     * @return false when the session was not logged on.
     */
    public boolean logout(final int index)
    {
        if (!sessions[index].isActive())
        {
            return false;
        }
        sessions[index].session().logoutAndDisconnect();
        return true;
    }

    /**
     * Skip {@code count} outgoing MsgSeqNums, so the venue sees a gap, asks for it and is gap-filled; the session's
     * orders wait until it has ({@link SequenceHold}), so that none is gap-filled with it.
     *
     * @return false when the session was not logged on.
     */
    public boolean skipSentSequenceNumbers(final int index, final int count, final long nowNanos)
    {
        if (!sessions[index].isActive())
        {
            return false;
        }
        sessions[index].skipSentSequenceNumbers(count, nowNanos);
        return true;
    }

    /**
     * Ask the venue to resend everything since the session began (ResendRequest 1..0), and watch for its answer
     * ({@link #resendAnsweredNanos}; see {@link ClientSession#requestResendAll}).
     *
     * @return false when the session was not logged on or the request could not be sent (back-pressure).
     */
    public boolean requestResendAll(final int index)
    {
        final ClientSession owner = sessions[index];
        return owner.isActive() && owner.requestResendAll();
    }

    /**
     * @return when the venue answered the session's last ResendRequest, or 0 while it has not.
     */
    public long resendAnsweredNanos(final int index)
    {
        return sessions[index].resendAnsweredNanos();
    }

    /**
     * @return whether {@link #pauseReading} still holds the venue's messages back at {@code nowNanos}.
     */
    boolean isReadingPaused(final long nowNanos)
    {
        return nowNanos < readingPausedUntilNanos;
    }
}
