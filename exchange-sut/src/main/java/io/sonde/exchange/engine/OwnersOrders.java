package io.sonde.exchange.engine;

import java.util.ArrayList;
import java.util.Comparator;

/**
 * One owner's open orders, gathered in book order: symbol as configured, bids then asks, best price first,
 * oldest first. Gathered before anything is done with them, because canceling one changes the book being
 * walked. Only the owner's own orders are visited (their links in {@link RestingOrders}), then sorted, so a mass
 * cancel or mass status costs what the owner has resting, not the whole book: a probe's question about its few
 * orders does not walk a deep book of others. Off the per-order path, so the sort may allocate. Reused:
 * {@link #clear()} once done.
 */
final class OwnersOrders
{
    static final int ALL_SYMBOLS = -1;

    /**
     * Book order. A level's orders rested in the order of their {@link Order#restSequence}, which is assigned in
     * log order, so every replica sorts alike.
     */
    private static final Comparator<Order> BOOK_ORDER = (first, second) ->
    {
        if (first.symbolIndex != second.symbolIndex)
        {
            return Integer.compare(first.symbolIndex, second.symbolIndex);
        }
        if (first.isBuy() != second.isBuy())
        {
            return first.isBuy() ? -1 : 1;
        }
        if (first.price != second.price)
        {
            return first.isBuy() ? Long.compare(second.price, first.price) : Long.compare(first.price, second.price);
        }
        return Long.compare(first.restSequence, second.restSequence);
    };

    private final RestingOrders resting;
    private final ArrayList<Order> orders = new ArrayList<>();

    OwnersOrders(final RestingOrders resting)
    {
        this.resting = resting;
    }

    /**
     * @param onlyBook the index of one symbol's book, or {@link #ALL_SYMBOLS}.
     */
    void gather(final long ownerId, final int onlyBook)
    {
        for (Order order = resting.firstOf(ownerId); order != null; order = order.ownerNext)
        {
            if (onlyBook == ALL_SYMBOLS || order.symbolIndex == onlyBook)
            {
                orders.add(order);
            }
        }
        orders.sort(BOOK_ORDER);
    }

    int size()
    {
        return orders.size();
    }

    Order get(final int index)
    {
        return orders.get(index);
    }

    void clear()
    {
        orders.clear();
    }
}
