package io.sonde.probe.order;

/**
 * Where one FIX session stands in settling the probe's orders with the venue: it must ask for the open orders
 * (OrderMassStatusRequest), it is waiting for the answer, or it is settled.
 * <p>
 * A request that could not be sent (the session was back-pressured) stays due and is asked again on the next
 * poll: a session must never wait for the answer to a question it never put, or the probe would never send
 * after start-up and never settle after a reconnect.
 */
final class SessionReconciliation
{
    /**
     * What the session needs from the probe on this poll.
     */
    enum Step
    {
        /** The session is down, or is waiting for an answer still in time. */
        NONE,
        /** Ask the venue for the session's open orders: it has just logged on, or the last request is due. */
        REQUEST_STATUS,
        /** The request has had no complete answer by its deadline. */
        STATUS_OVERDUE,
        /** Up and settled: only orders of unknown state need attention. */
        SETTLED
    }

    private static final byte IDLE = 0;
    private static final byte STATUS_DUE = 1;
    private static final byte AWAITING_STATUS = 2;

    private boolean wasActive;
    private byte state = IDLE;
    private String requestId;
    private long deadlineNanos;
    private int leftOversFound;

    /**
     * @param active whether the session is logged on now.
     * @return what to do for this session now.
     */
    Step poll(final boolean active, final long nowNanos)
    {
        final boolean cameUp = active && !wasActive;
        wasActive = active;
        if (!active)
        {
            return Step.NONE;
        }
        if (cameUp || state == STATUS_DUE)
        {
            return Step.REQUEST_STATUS;
        }
        if (state == AWAITING_STATUS)
        {
            return nowNanos > deadlineNanos ? Step.STATUS_OVERDUE : Step.NONE;
        }
        return Step.SETTLED;
    }

    /**
     * The status request could not be sent: ask again on the next poll.
     */
    void onRequestBackPressured()
    {
        state = STATUS_DUE;
    }

    void onRequestSent(final String requestId, final long deadlineNanos)
    {
        this.requestId = requestId;
        this.deadlineNanos = deadlineNanos;
        this.leftOversFound = 0;
        state = AWAITING_STATUS;
    }

    /**
     * @return whether a status report with this MassStatusReqID answers the request this session is waiting for.
     */
    boolean isAnsweredBy(final String massStatusRequestId)
    {
        return state == AWAITING_STATUS && massStatusRequestId.equals(requestId);
    }

    boolean isAwaitingStatus()
    {
        return state == AWAITING_STATUS;
    }

    /**
     * @return whether orders may be sent: nothing is asked or awaited.
     */
    boolean isSettled()
    {
        return state == IDLE;
    }

    /**
     * The venue answered in full, said it cannot, or the session dropped: nothing is awaited any more.
     */
    void settle()
    {
        state = IDLE;
    }

    void onLeftOverFound()
    {
        leftOversFound++;
    }

    int leftOversFound()
    {
        return leftOversFound;
    }
}
