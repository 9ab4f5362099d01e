package io.sonde.fix.client.order;

import io.sonde.loadgen.transport.CompletionHandler;

/**
 * Ends an order's lifecycle: frees its slot, then tells the load runner how its request ended.
 */
final class LifecycleEnds
{
    private final OrderTable orders;
    private CompletionHandler handler;

    LifecycleEnds(final OrderTable orders)
    {
        this.orders = orders;
    }

    /**
     * @param handler the runner's handler for this poll; it may change from one poll to the next.
     */
    void reportTo(final CompletionHandler handler)
    {
        this.handler = handler;
    }

    void acknowledged(final int slot, final long nowNanos)
    {
        final long requestId = orders.orderNumber[slot];
        orders.free(slot);
        if (handler != null)
        {
            handler.onAcknowledged(requestId, nowNanos);
        }
    }

    /**
     * @param reason one of {@link RejectReasons}.
     */
    void rejected(final int slot, final long nowNanos, final int reason)
    {
        final long requestId = orders.orderNumber[slot];
        orders.free(slot);
        if (handler != null)
        {
            handler.onRejected(requestId, nowNanos, reason);
        }
    }
}
