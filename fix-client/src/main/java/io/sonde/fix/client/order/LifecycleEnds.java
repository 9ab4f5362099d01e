package io.sonde.fix.client.order;

import io.sonde.loadgen.transport.CompletionHandler;

/**
 * Ends an order's lifecycle: frees its slot, then tells the load runner how its request ended.
 */
final class LifecycleEnds
{
    private final OrderTable orders;
    private CompletionHandler handler;
    private PublicEffects effects = PublicEffects.NONE;

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

    /**
     * Tell {@code effects} about every order from now on.
     */
    void watchedBy(final PublicEffects effects)
    {
        this.effects = effects;
    }

    PublicEffects effects()
    {
        return effects;
    }

    void acknowledged(final int slot, final long nowNanos)
    {
        final long requestId = orders.orderNumber[slot];
        ended(slot);
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
        ended(slot);
        if (handler != null)
        {
            handler.onRejected(requestId, nowNanos, reason);
        }
    }

    private void ended(final int slot)
    {
        final long orderKey = orders.orderIdKey[slot];
        orders.free(slot);
        if (orderKey != OrderIdKeys.NONE)
        {
            effects.onLifecycleEnded(orderKey);
        }
    }
}
