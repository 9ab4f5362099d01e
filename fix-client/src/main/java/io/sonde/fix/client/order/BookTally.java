package io.sonde.fix.client.order;

import io.sonde.loadgen.record.PhasedSeries;

import java.util.Arrays;

/**
 * What the book flow did, for its report: the actions sent and the trades, cancels and replaces they came to in
 * the measured window (split from the warm-up by each request's intended start, as the stages are), the resting
 * orders at each second, and how the orders left resting at the end were cancelled. Plain counters, written on
 * the thread that polls the FIX library and read once the run is over.
 */
public final class BookTally
{
    /** The close-out's methods: an OrderCancelRequest per order. */
    public static final String ONE_BY_ONE = "one-by-one";
    /** A mass cancel per session, which left nothing to cancel one by one. */
    public static final String MASS = "mass";
    /** A mass cancel per session, then an OrderCancelRequest for each order it left. */
    public static final String MASS_THEN_ONE_BY_ONE = "mass-then-one-by-one";

    /** Seconds of resting-order counts kept: a day. */
    static final int SECONDS_KEPT = 86_400;

    private final PhasedSeries phase;
    private final long[] sent = new long[4];
    private final int[] restingBySecond = new int[SECONDS_KEPT];
    private long trades;
    private long cancelled;
    private long cancelsRefused;
    private long replaced;
    private long restingFills;
    private long firstNanos = Long.MIN_VALUE;
    private int seconds;
    private long closeCancelled;
    private long closeRefused;
    private long closeLeft;
    private String closeMethod = ONE_BY_ONE;
    private String massCancelRefusal;
    private int restingAtStart = -1;
    private boolean builtBeforeMeasuring;

    BookTally(final PhasedSeries phase)
    {
        this.phase = phase;
    }

    /**
     * @param resting the orders resting as it went: the first of the measured window's notes how far the warm-up
     *                built the book.
     * @param built   whether every order that builds the book had been placed.
     */
    void onSent(final byte action, final long intendedNanos, final int resting, final boolean built)
    {
        if (phase.measures(intendedNanos))
        {
            if (restingAtStart < 0)
            {
                restingAtStart = resting;
                builtBeforeMeasuring = built;
            }
            sent[action]++;
        }
    }

    void onTrade(final long intendedNanos)
    {
        if (phase.measures(intendedNanos))
        {
            trades++;
        }
    }

    void onFollowUpAnswered(final byte action, final boolean done, final long intendedNanos)
    {
        if (!phase.measures(intendedNanos))
        {
            return;
        }
        if (action == BookActions.REPLACE)
        {
            replaced += done ? 1 : 0;
        }
        else if (done)
        {
            cancelled++;
        }
        else
        {
            cancelsRefused++;
        }
    }

    void onRestingFill()
    {
        restingFills++;
    }

    /**
     * Note how many orders rest at {@code nowNanos}: the latest count in each second is kept.
     */
    void sample(final long nowNanos, final int resting)
    {
        if (firstNanos == Long.MIN_VALUE)
        {
            firstNanos = nowNanos;
        }
        final long second = (nowNanos - firstNanos) / 1_000_000_000L;
        if (second < SECONDS_KEPT)
        {
            restingBySecond[(int)second] = resting;
            seconds = Math.max(seconds, (int)second + 1);
        }
    }

    /**
     * @param refusal why the mass cancel did not end every order, or null.
     */
    void closedOut(
        final String method, final long cancelled, final long refused, final long left, final String refusal)
    {
        closeMethod = method;
        massCancelRefusal = refusal;
        closeCancelled = cancelled;
        closeRefused = refused;
        closeLeft = left;
    }

    public long passiveSent()
    {
        return sent[BookActions.PASSIVE];
    }

    public long aggressiveSent()
    {
        return sent[BookActions.AGGRESSIVE];
    }

    public long cancelsSent()
    {
        return sent[BookActions.CANCEL];
    }

    public long replacesSent()
    {
        return sent[BookActions.REPLACE];
    }

    /**
     * @return order messages of every kind sent in the measured window.
     */
    public long messages()
    {
        return sent[0] + sent[1] + sent[2] + sent[3];
    }

    /**
     * @return aggressive orders of the measured window that executed, at least in part.
     */
    public long trades()
    {
        return trades;
    }

    public long cancelled()
    {
        return cancelled;
    }

    public long cancelsRefused()
    {
        return cancelsRefused;
    }

    public long replaced()
    {
        return replaced;
    }

    /**
     * @return fills of resting orders reported by the venue, warm-up included.
     */
    public long restingFills()
    {
        return restingFills;
    }

    /**
     * @return the resting orders at the end of each second of the run, warm-up included.
     */
    public int[] restingBySecond()
    {
        return Arrays.copyOf(restingBySecond, seconds);
    }

    /**
     * @return the orders resting when the measured window began, as the warm-up built the book; 0 when nothing was
     *         measured.
     */
    public int restingAtStart()
    {
        return Math.max(0, restingAtStart);
    }

    /**
     * @return whether the warm-up placed every order that builds the book (one per level, side and symbol) before
     *         the measured window began.
     */
    public boolean builtBeforeMeasuring()
    {
        return builtBeforeMeasuring;
    }

    /**
     * @return how the orders resting at the end were cancelled: {@link #ONE_BY_ONE}, {@link #MASS} or
     *         {@link #MASS_THEN_ONE_BY_ONE}.
     */
    public String closeMethod()
    {
        return closeMethod;
    }

    /**
     * @return why the close-out's mass cancel left orders to cancel one by one (refused, unanswered); null when it
     *         left none, or none was tried.
     */
    public String massCancelRefusal()
    {
        return massCancelRefusal;
    }

    /**
     * @return resting orders cancelled at the end of the run.
     */
    public long closeCancelled()
    {
        return closeCancelled;
    }

    /**
     * @return cancels at the end of the run the venue refused (the order had traded or gone).
     */
    public long closeRefused()
    {
        return closeRefused;
    }

    /**
     * @return orders still resting, or cancels unanswered, when the end of the run gave up waiting.
     */
    public long closeLeft()
    {
        return closeLeft;
    }
}
