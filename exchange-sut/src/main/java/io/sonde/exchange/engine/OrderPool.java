package io.sonde.exchange.engine;

import java.util.ArrayDeque;

/**
 * Orders no longer open, kept for the next ones: once the pool holds as many as were ever open at once, the
 * engine allocates no more. Last in, first out, so the order reused is the one most likely still in cache.
 */
final class OrderPool
{
    private final ArrayDeque<Order> spare = new ArrayDeque<>();

    /**
     * @return a cleared order, reused when one is spare.
     */
    Order take()
    {
        final Order order = spare.pollLast();
        return order == null ? new Order() : order;
    }

    /**
     * Clear an order that left the book for good and keep it for reuse.
     */
    void release(final Order order)
    {
        order.clear();
        spare.addLast(order);
    }
}
