package io.sonde.fix.client.session;

import org.agrona.DirectBuffer;

/**
 * Breaks the construction cycle between the session pool (which needs somewhere to send events) and the
 * order logic (which needs the pool): events go to the order logic once it exists, and are dropped before
 * (nothing can be sent before it exists, so nothing can be answered).
 */
public final class DeferredEvents implements SessionEvents
{
    private SessionEvents target;

    public void deliverTo(final SessionEvents target)
    {
        this.target = target;
    }

    public void onMessage(
        final int sessionIndex,
        final long messageType,
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final long receivedNanos,
        final long readEpochNanos)
    {
        if (target != null)
        {
            target.onMessage(sessionIndex, messageType, buffer, offset, length, receivedNanos, readEpochNanos);
        }
    }

    public void onSessionDown(final int sessionIndex, final long nowNanos)
    {
        if (target != null)
        {
            target.onSessionDown(sessionIndex, nowNanos);
        }
    }

    public void onSequenceReset(final int sessionIndex)
    {
        if (target != null)
        {
            target.onSequenceReset(sessionIndex);
        }
    }
}
