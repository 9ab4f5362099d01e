package io.sonde.exchange.engine;

/**
 * The orders resting at one price, oldest first: the head trades first (time priority).
 */
final class PriceLevel
{
    long price;
    Order head;
    Order tail;

    void append(final Order order)
    {
        order.level = this;
        order.next = null;
        order.previous = tail;
        if (tail == null)
        {
            head = order;
        }
        else
        {
            tail.next = order;
        }
        tail = order;
    }

    void remove(final Order order)
    {
        if (order.previous == null)
        {
            head = order.next;
        }
        else
        {
            order.previous.next = order.next;
        }
        if (order.next == null)
        {
            tail = order.previous;
        }
        else
        {
            order.next.previous = order.previous;
        }
        order.previous = null;
        order.next = null;
        order.level = null;
    }

    boolean isEmpty()
    {
        return head == null;
    }
}
