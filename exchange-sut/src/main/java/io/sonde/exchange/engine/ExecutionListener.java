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

    /**
     * A numbered command its gateway sent again, after a leader change, that the engine had applied already: answer
     * it again with what answered it the first time, if that is kept. The engine changes nothing for it.
     *
     * @return false when the answers are not kept: the engine then answers a new order or replace with the order's
     *         status.
     */
    default boolean answerAgain(final long clusterSessionId, final long gatewayId, final long commandSequence)
    {
        return false;
    }
}
