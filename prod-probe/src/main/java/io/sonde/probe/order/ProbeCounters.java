package io.sonde.probe.order;

import io.sonde.probe.safety.SendVerdict;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What the probe has done, written by the probe thread and read by the metrics and SLO threads. One
 * {@link AtomicLongArray} slot per counter: lazy writes from the single writer, no locks, no allocation.
 */
public final class ProbeCounters
{
    public enum Count
    {
        SENT("orders sent"),
        ACKNOWLEDGED("orders acknowledged"),
        REJECTED("orders rejected"),
        TIMED_OUT("orders timed out"),
        ENDED_BY_DISCONNECT("orders whose session dropped before they ended"),
        CANCELLED("orders cancelled"),
        CANCEL_REJECTED("cancels rejected"),
        FILLED("orders that traded"),
        SKIPPED_SESSION_DOWN("sends skipped: no session up"),
        DRY_RUN("orders logged, not sent (dry run)"),
        CLEANUP_CANCELS("cancels of orders left behind"),
        UNKNOWN_REPORTS("reports for unknown orders"),
        SESSION_REJECTS("session-level rejects"),
        SESSION_DISCONNECTS("session disconnects"),
        SEQUENCE_RESETS("logons that reset both sides' sequence numbers (141=Y): the venue refused the persisted ones");

        private final String description;

        Count(final String description)
        {
            this.description = description;
        }

        public String description()
        {
            return description;
        }
    }

    private static final Count[] COUNTS = Count.values();

    private final AtomicLongArray counts = new AtomicLongArray(COUNTS.length);
    private final AtomicLongArray refusals = new AtomicLongArray(SendVerdict.values().length);
    private volatile long consecutiveTimeouts;
    private volatile long sessionDownSinceNanos;
    private volatile long lastRoundTripEpochMs;
    private volatile int openOrders;
    private volatile int sessionsUp;

    public void increment(final Count count)
    {
        counts.lazySet(count.ordinal(), counts.get(count.ordinal()) + 1);
    }

    public long get(final Count count)
    {
        return counts.get(count.ordinal());
    }

    public void refused(final SendVerdict verdict)
    {
        refusals.lazySet(verdict.ordinal(), refusals.get(verdict.ordinal()) + 1);
    }

    public long refusals(final SendVerdict verdict)
    {
        return refusals.get(verdict.ordinal());
    }

    void onRoundTrip(final long epochMs)
    {
        consecutiveTimeouts = 0;
        lastRoundTripEpochMs = epochMs;
    }

    void onTimeout()
    {
        consecutiveTimeouts = consecutiveTimeouts + 1;
        increment(Count.TIMED_OUT);
    }

    public long consecutiveTimeouts()
    {
        return consecutiveTimeouts;
    }

    /**
     * @return epoch milliseconds of the last order that completed its round trip, or 0 if none has.
     */
    public long lastRoundTripEpochMs()
    {
        return lastRoundTripEpochMs;
    }

    void sessions(final int up, final int total, final long nowNanos)
    {
        sessionsUp = up;
        if (up == total)
        {
            sessionDownSinceNanos = 0;
        }
        else if (sessionDownSinceNanos == 0)
        {
            sessionDownSinceNanos = nowNanos;
        }
    }

    public int sessionsUp()
    {
        return sessionsUp;
    }

    /**
     * @return how long a session has been down, or 0 when all are up.
     */
    public long sessionDownNanos(final long nowNanos)
    {
        final long since = sessionDownSinceNanos;
        return since == 0 ? 0 : nowNanos - since;
    }

    void openOrders(final int open)
    {
        openOrders = open;
    }

    public int openOrders()
    {
        return openOrders;
    }
}
