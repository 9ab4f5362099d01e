package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.OrderEvent;

/**
 * Receives every event the engine produces, in order, on the engine's thread. The event is a flyweight over
 * the engine's buffer: copy or send it before returning.
 */
@FunctionalInterface
public interface ExecutionListener
{
    /**
     * @param clusterSessionId the cluster client (gateway connection) that submitted the order concerned.
     */
    void onEvent(long clusterSessionId, OrderEvent event);
}
