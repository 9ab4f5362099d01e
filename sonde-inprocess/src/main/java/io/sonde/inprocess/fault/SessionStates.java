package io.sonde.inprocess.fault;

/**
 * What the judgement of a run's faults reads of its sessions and orders once the run has ended.
 */
interface SessionStates
{
    /**
     * @return whether the session at {@code index} is logged on.
     */
    boolean isActive(int index);

    /**
     * @return when the venue answered the session's last ResendRequest, or 0 when it has not.
     */
    long resendAnsweredNanos(int index);

    /**
     * @return orders settled by OrderStatusRequest so far, whatever the venue said of them.
     */
    long settled();

    /**
     * @return whether the venue refused OrderStatusRequest as a message type it does not support: an order it never
     *         answered cannot be settled, and is unknown.
     */
    boolean statusRefused();

    /**
     * @return orders the run has timed out so far: the count of its failures, so a fault's are a part of it.
     */
    long timedOut();

    /**
     * @return how long an order may go unanswered before it times out.
     */
    long timeoutNanos();
}
