package io.sonde.exchange.engine;

import org.agrona.DirectBuffer;

/**
 * Receives every event the engine produces, in order, on the engine's thread. The buffer is the engine's and
 * is reused for the next event: copy or send the event before returning.
 */
@FunctionalInterface
public interface ExecutionListener
{
    /**
     * @param clusterSessionId the cluster client (gateway connection) the event goes to: the one that submitted
     *                         the order concerned, or asked the question answered.
     * @param buffer           holds the event, a message of the exchange's schema, header first.
     */
    void onEvent(long clusterSessionId, DirectBuffer buffer, int offset, int length);
}
