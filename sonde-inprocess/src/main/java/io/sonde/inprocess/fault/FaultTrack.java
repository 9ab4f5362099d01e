package io.sonde.inprocess.fault;

import io.sonde.api.Fault;
import io.sonde.api.FaultKind;
import org.agrona.collections.Long2LongHashMap;

import java.time.Instant;
import java.util.List;

/**
 * One fault as the run went through it, written on the load thread while the run lasts and read once it has ended:
 * when it began, the sessions it acted on, the orders in flight at that moment and when the last of them was
 * answered, and when the sessions were back. Allocates when the fault begins, never per order.
 */
final class FaultTrack
{
    static final long NOT_YET = Long.MAX_VALUE;

    private final Fault fault;
    private final int[] sessions;
    private final List<String> sessionNames;
    private final boolean[] wentDown;
    private Long2LongHashMap inFlightSent;
    private long startNanos = NOT_YET;
    private Instant wallClockStart;
    private long lastInFlightAnswerNanos;
    private long answered;
    private long sessionsBackNanos = NOT_YET;
    private long readingResumesNanos;
    private long settledBefore;
    private long timedOutBefore;
    private long lastTimeoutNanos;
    private volatile String notApplied;
    private volatile AppliedFault onExchange;

    FaultTrack(final Fault fault, final int[] sessions, final List<String> sessionNames)
    {
        this.fault = fault;
        this.sessions = sessions.clone();
        this.sessionNames = List.copyOf(sessionNames);
        wentDown = new boolean[sessions.length];
    }

    Fault fault()
    {
        return fault;
    }

    int[] sessions()
    {
        return sessions;
    }

    List<String> sessionNames()
    {
        return sessionNames;
    }

    /**
     * The fault began: remember what was in flight (ids and send times), and how many orders OrderStatusRequest had
     * settled and the run had timed out by then.
     */
    void begin(
        final long nowNanos, final Instant wallClock, final Long2LongHashMap inFlight, final long settled,
        final long timedOut)
    {
        startNanos = nowNanos;
        wallClockStart = wallClock;
        inFlightSent = new Long2LongHashMap(Math.max(8, inFlight.size() * 2), 0.65f, Long.MIN_VALUE);
        inFlight.forEachLong(inFlightSent::put);
        settledBefore = settled;
        timedOutBefore = timedOut;
        lastInFlightAnswerNanos = nowNanos;
        lastTimeoutNanos = nowNanos;
    }

    /**
     * The run timed out an order while this was the latest fault.
     */
    void onTimeout(final long nowNanos)
    {
        lastTimeoutNanos = nowNanos;
    }

    /**
     * @return the run's timeouts before the fault began.
     */
    long timedOutBefore()
    {
        return timedOutBefore;
    }

    boolean hasBegun()
    {
        return startNanos != NOT_YET;
    }

    long startNanos()
    {
        return startNanos;
    }

    Instant wallClockStart()
    {
        return wallClockStart;
    }

    /**
     * The fault could not be applied at all (its sessions were down already): why.
     */
    void notApplied(final String why)
    {
        notApplied = why;
    }

    String notAppliedReason()
    {
        return notApplied;
    }

    /**
     * The bundled exchange applied the fault (on the schedule's thread): which member, and when it was over.
     */
    void onExchange(final AppliedFault applied)
    {
        onExchange = applied;
    }

    /**
     * @return what the exchange did, or null for a fault on Sonde's sessions or one not applied.
     */
    AppliedFault exchangeApplied()
    {
        return onExchange;
    }

    void readingResumesAt(final long nanos)
    {
        readingResumesNanos = nanos;
    }

    long readingResumesNanos()
    {
        return readingResumesNanos;
    }

    /**
     * An order was answered: one of those in flight at the fault, perhaps.
     */
    void onAnswer(final long requestId, final long nowNanos)
    {
        if (inFlightSent != null && inFlightSent.remove(requestId) != Long.MIN_VALUE)
        {
            answered++;
            lastInFlightAnswerNanos = nowNanos;
        }
    }

    /**
     * Watch the sessions' state on the load thread: a session that went down and is active again is back.
     *
     * @param active whether each of the fault's sessions is logged on now.
     */
    void onSessionStates(final boolean[] active, final long nowNanos, final boolean mustGoDown)
    {
        if (sessionsBackNanos != NOT_YET)
        {
            return;
        }
        boolean allBack = true;
        for (int i = 0; i < sessions.length; i++)
        {
            wentDown[i] |= !active[i];
            allBack &= active[i] && (wentDown[i] || !mustGoDown);
        }
        if (allBack)
        {
            sessionsBackNanos = nowNanos;
        }
    }

    void sessionsBackAt(final long nanos)
    {
        if (sessionsBackNanos == NOT_YET)
        {
            sessionsBackNanos = nanos;
        }
    }

    long sessionsBackNanos()
    {
        return sessionsBackNanos;
    }

    long inFlight()
    {
        return inFlightSent == null ? 0 : answered + inFlightSent.size();
    }

    long answered()
    {
        return answered;
    }

    /**
     * @return orders in flight at the fault that were never answered (they timed out).
     */
    long unanswered()
    {
        return inFlightSent == null ? 0 : inFlightSent.size();
    }

    /**
     * @return when the last order of the fault ended: the answer or timeout of one in flight at it, or the timeout of
     *         one sent since.
     */
    long inFlightSettledNanos(final long timeoutNanos)
    {
        long latest = Math.max(lastInFlightAnswerNanos, lastTimeoutNanos);
        if (inFlightSent != null)
        {
            final Long2LongHashMap.ValueIterator sent = inFlightSent.values().iterator();
            while (sent.hasNext())
            {
                latest = Math.max(latest, sent.nextValue() + timeoutNanos);
            }
        }
        return latest;
    }

    long settledBefore()
    {
        return settledBefore;
    }

    boolean mustGoDown()
    {
        return fault.kind() == FaultKind.DISCONNECT || fault.kind() == FaultKind.LOGOUT;
    }
}
