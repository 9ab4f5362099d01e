package io.sonde.inprocess.fault;

import io.sonde.api.FaultKind;
import io.sonde.fix.client.order.FixFailures;
import io.sonde.fix.client.order.MeasuredTransport;
import io.sonde.fix.client.order.OrderLedger;
import io.sonde.fix.client.session.SessionFaults;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.loadgen.transport.CompletionHandler;
import io.sonde.loadgen.transport.Transport;
import org.agrona.collections.Long2LongHashMap;

import java.time.Instant;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.LongSupplier;

/**
 * The run's transport with faults on Sonde's own sessions: only a run with a fault schedule drives its transport
 * through this, so a run without one does no fault work at all. On the load thread it applies the session faults
 * the {@link FaultSchedule} hands over (checked once per duty cycle), remembers the orders in flight (ids and send
 * times, in a map sized up front: nothing allocated per order), and watches each fault's sessions until they are
 * back. Sends are the wrapped transport's: orders due while a session is down go out on the sessions that are up,
 * or wait with their intended time, as any back-pressure does.
 * <p>
 * From each fault's start until its sessions are back (for a fault on the exchange, until the exchange has applied
 * it) and {@link #RECORDED_TIMEOUTS} timeouts more, the transport's {@link OrderLedger} keeps every order sent, to
 * tell the orders the venue lost or executed twice; once the run has drained, {@link #settle} asks the venue about
 * those it acknowledged that never became final.
 */
public final class FaultingTransport implements Transport, CompletionHandler, SessionStates
{
    /** How many outgoing MsgSeqNums a {@link FaultKind#GAP} skips. */
    public static final int GAP_SIZE = 10;
    /** How many order timeouts after a fault's sessions are back the ledger still keeps the orders sent. */
    static final int RECORDED_TIMEOUTS = 3;

    private static final CompletionHandler ALREADY_ENDED = new CompletionHandler()
    {
        public void onAcknowledged(final long requestId, final long responseNanos)
        {
        }

        public void onRejected(final long requestId, final long responseNanos, final int reason)
        {
        }
    };

    private final MeasuredTransport delegate;
    private final OrderLedger ledger;
    private final SessionPool sessions;
    private final SessionFaults sessionFaults;
    private final FixFailures failures;
    private final long timeoutNanos;
    private final Long2LongHashMap inFlight;
    private final int purgeAbove;
    private final Queue<FaultTrack> due = new ConcurrentLinkedQueue<>();
    private final FaultTrack[] watched;
    private final boolean[][] activeScratch;
    private int watchedCount;
    private CompletionHandler handler;
    private long stopRecordingNanos = FaultTrack.NOT_YET;
    private volatile LongSupplier runTimeouts = () -> 0;
    private long timeoutsSeen;

    /**
     * @param delegate     the run's transport.
     * @param sessions     its sessions.
     * @param failures     its failure counts, read when a fault begins.
     * @param capacity     orders in flight at most.
     * @param timeoutNanos when an unanswered order times out.
     * @param faults       how many faults the schedule has.
     * @param ledger       the orders kept to tell lost and duplicated ones, or null when the transport keeps none.
     */
    public FaultingTransport(
        final MeasuredTransport delegate,
        final SessionPool sessions,
        final FixFailures failures,
        final int capacity,
        final long timeoutNanos,
        final int faults,
        final OrderLedger ledger)
    {
        this.delegate = delegate;
        this.ledger = ledger;
        this.sessions = sessions;
        this.sessionFaults = sessions.faults();
        this.failures = failures;
        this.timeoutNanos = timeoutNanos;
        inFlight = new Long2LongHashMap(4 * capacity, 0.65f, Long.MIN_VALUE);
        purgeAbove = 2 * capacity;
        watched = new FaultTrack[faults];
        activeScratch = new boolean[faults][];
    }

    /**
     * Hand a fault to the load thread, which applies it at its next duty cycle. Safe from any thread.
     */
    void hand(final FaultTrack track)
    {
        due.add(track);
    }

    public boolean trySend(final long requestId, final long intendedNanos)
    {
        if (!delegate.trySend(requestId, intendedNanos))
        {
            return false;
        }
        final long nowNanos = System.nanoTime();
        if (inFlight.size() >= purgeAbove)
        {
            purgeTimedOut(nowNanos);
        }
        inFlight.put(requestId, nowNanos);
        return true;
    }

    public int poll(final CompletionHandler handler)
    {
        this.handler = handler;
        final FaultTrack next = due.poll();
        final long nowNanos = System.nanoTime();
        if (next != null)
        {
            apply(next, nowNanos);
        }
        if (watchedCount > 0)
        {
            watch(nowNanos);
            watchTimeouts(nowNanos);
        }
        return delegate.poll(this);
    }

    /**
     * Count a fault's timed-out orders with the run's own count, the one its failures report: read once the run
     * has begun.
     */
    void countTimeoutsOf(final LongSupplier timedOut)
    {
        runTimeouts = timedOut;
    }

    public long timedOut()
    {
        return runTimeouts.getAsLong();
    }

    /**
     * The run timed orders out since the last look: the latest fault under way has them, and ends no sooner.
     */
    private void watchTimeouts(final long nowNanos)
    {
        final long timedOut = runTimeouts.getAsLong();
        if (timedOut != timeoutsSeen)
        {
            timeoutsSeen = timedOut;
            watched[watchedCount - 1].onTimeout(nowNanos);
        }
    }

    /**
     * Once the run has drained, on the thread that polled it: keep no more orders, ask the venue about the kept
     * ones it acknowledged that never became final, and read its answers. Every request has ended by now, so
     * what is read goes to no load run.
     *
     * @return work done.
     */
    int settle(final long nowNanos)
    {
        if (ledger != null)
        {
            ledger.stop();
        }
        return delegate.askLedgerStatus(nowNanos) + delegate.poll(ALREADY_ENDED);
    }

    /**
     * @return whether every status request {@link #settle} sent is answered.
     */
    boolean statusAnswered()
    {
        return delegate.ledgerSettled();
    }

    /**
     * @return the orders kept while faults were under way, or null.
     */
    OrderLedger ledger()
    {
        return ledger;
    }

    public void onAcknowledged(final long requestId, final long responseNanos)
    {
        answered(requestId, responseNanos);
        handler.onAcknowledged(requestId, responseNanos);
    }

    public void onRejected(final long requestId, final long responseNanos, final int reason)
    {
        answered(requestId, responseNanos);
        handler.onRejected(requestId, responseNanos, reason);
    }

    private void answered(final long requestId, final long responseNanos)
    {
        inFlight.remove(requestId);
        for (int i = 0; i < watchedCount; i++)
        {
            watched[i].onAnswer(requestId, responseNanos);
        }
    }

    private void apply(final FaultTrack track, final long nowNanos)
    {
        purgeTimedOut(nowNanos);
        if (ledger != null)
        {
            ledger.record();
            stopRecordingNanos = FaultTrack.NOT_YET;
        }
        timeoutsSeen = timedOut();
        track.begin(nowNanos, Instant.now(), inFlight, settled(), timeoutsSeen);
        final FaultKind kind = track.fault().kind();
        final int[] indexes = track.sessions();
        int applied = 0;
        for (final int index : indexes)
        {
            if (applyTo(kind, index, track, nowNanos))
            {
                applied++;
            }
        }
        if (indexes.length > 0 && applied == 0)
        {
            track.notApplied("none of its sessions was logged on when it was due");
        }
        if (kind == FaultKind.GAP || kind.onExchange())
        {
            track.sessionsBackAt(nowNanos);
        }
        activeScratch[watchedCount] = new boolean[indexes.length];
        watched[watchedCount++] = track;
    }

    private boolean applyTo(final FaultKind kind, final int index, final FaultTrack track, final long nowNanos)
    {
        return switch (kind)
        {
            case DISCONNECT -> sessionFaults.disconnectKeepingSequence(index);
            case LOGOUT -> sessionFaults.logout(index);
            case GAP -> sessionFaults.skipSentSequenceNumbers(index, GAP_SIZE, nowNanos);
            case RESEND -> sessionFaults.requestResendAll(index);
            case SLOW_READER ->
            {
                final long resumes = nowNanos + track.fault().duration().toNanos();
                sessionFaults.pauseReading(resumes);
                track.readingResumesAt(resumes);
                yield true;
            }
            default -> true;
        };
    }

    /**
     * While a fault's sessions are not all back, see how they are. Once every watched fault has them back, this
     * costs nothing more than the count's read.
     */
    private void watch(final long nowNanos)
    {
        if (ledger != null && ledger.isRecording())
        {
            watchRecording(nowNanos);
        }
        for (int i = 0; i < watchedCount; i++)
        {
            final FaultTrack track = watched[i];
            if (track.sessionsBackNanos() != FaultTrack.NOT_YET)
            {
                continue;
            }
            final int[] indexes = track.sessions();
            final boolean[] active = activeScratch[i];
            for (int s = 0; s < indexes.length; s++)
            {
                active[s] = sessions.isActive(indexes[s]) && healthy(track, indexes[s], nowNanos);
            }
            track.onSessionStates(active, nowNanos, track.mustGoDown());
        }
    }

    /**
     * The ledger keeps recording until every fault so far is over on Sonde's side, and some timeouts more: orders
     * sent as the sessions come back are the ones a venue is likeliest to lose or take twice.
     */
    private void watchRecording(final long nowNanos)
    {
        if (stopRecordingNanos == FaultTrack.NOT_YET)
        {
            for (int i = 0; i < watchedCount; i++)
            {
                if (!isOver(watched[i]))
                {
                    return;
                }
            }
            stopRecordingNanos = nowNanos + RECORDED_TIMEOUTS * timeoutNanos;
        }
        else if (nowNanos >= stopRecordingNanos)
        {
            ledger.stop();
        }
    }

    private static boolean isOver(final FaultTrack track)
    {
        if (track.fault().kind().onExchange())
        {
            return track.exchangeApplied() != null || track.notAppliedReason() != null;
        }
        return track.sessionsBackNanos() != FaultTrack.NOT_YET;
    }

    private boolean healthy(final FaultTrack track, final int index, final long nowNanos)
    {
        return switch (track.fault().kind())
        {
            case RESEND -> sessionFaults.resendAnsweredNanos(index) != 0;
            case SLOW_READER -> nowNanos >= track.readingResumesNanos();
            default -> true;
        };
    }

    /**
     * Forget orders the run has timed out by now: it does not tell the transport.
     */
    private void purgeTimedOut(final long nowNanos)
    {
        final Long2LongHashMap.EntryIterator entries = inFlight.entrySet().iterator();
        while (entries.hasNext())
        {
            entries.next();
            if (nowNanos - entries.getLongValue() >= timeoutNanos)
            {
                entries.remove();
            }
        }
    }

    public boolean isActive(final int index)
    {
        return sessions.isActive(index);
    }

    public long resendAnsweredNanos(final int index)
    {
        return sessionFaults.resendAnsweredNanos(index);
    }

    public long settled()
    {
        return failures.resolvedOpen() + failures.resolvedNotOpen();
    }

    public boolean statusRefused()
    {
        return failures.statusUnsupported() > 0;
    }

    public long timeoutNanos()
    {
        return timeoutNanos;
    }
}
