package io.sonde.exchange.engine;

import java.util.ArrayList;

/**
 * One owner's open orders, gathered in book order: symbol as configured, bids then asks, best price first,
 * oldest first. Gathered before anything is done with them, because canceling one changes the book being
 * walked. Reused: {@link #clear()} once done.
 */
final class OwnersOrders
{
    static final int ALL_SYMBOLS = -1;

    private final OrderBook[] books;
    private final ArrayList<Order> orders = new ArrayList<>();

    OwnersOrders(final OrderBook[] books)
    {
        this.books = books;
    }

    /**
     * @param onlyBook the index of one symbol's book, or {@link #ALL_SYMBOLS}.
     */
    void gather(final long ownerId, final int onlyBook)
    {
        for (int book = 0; book < books.length; book++)
        {
            if (onlyBook == ALL_SYMBOLS || book == onlyBook)
            {
                gather(books[book].bids, ownerId);
                gather(books[book].asks, ownerId);
            }
        }
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

    private void gather(final BookSide side, final long ownerId)
    {
        for (int level = 0; level < side.levelCount(); level++)
        {
            for (Order order = side.levelFromBest(level).head; order != null; order = order.next)
            {
                if (order.ownerId == ownerId)
                {
                    orders.add(order);
                }
            }
        }
    }
}
