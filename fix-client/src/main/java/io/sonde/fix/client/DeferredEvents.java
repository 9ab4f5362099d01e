package io.sonde.fix.client;

import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.session.SessionEvents;
import org.agrona.DirectBuffer;

/**
 * Breaks the construction cycle between the session pool (which needs somewhere to send events) and the
 * order transport (which needs the pool): events go to the transport once it exists.
 */
final class DeferredEvents implements SessionEvents
{
    private FixOrderTransport transport;

    void deliverTo(final FixOrderTransport transport)
    {
        this.transport = transport;
    }

    public void onMessage(
        final int sessionIndex,
        final long messageType,
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final long receivedNanos)
    {
        if (transport != null)
        {
            transport.onMessage(sessionIndex, messageType, buffer, offset, length, receivedNanos);
        }
    }

    public void onSessionDown(final int sessionIndex, final long nowNanos)
    {
        if (transport != null)
        {
            transport.onSessionDown(sessionIndex, nowNanos);
        }
    }
}
