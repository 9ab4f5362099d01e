package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.ProtocolLimits;
import org.agrona.collections.Long2ObjectHashMap;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;

/**
 * The orders resting on the engine's books, one book per symbol, with their index by owner and ClOrdID, each
 * owner's resting orders linked together, and the pool they come from: what the matching engine changes, a snapshot
 * writes and loads back, and a digest summarises. Resting and taking off allocate nothing in steady state;
 * visiting walks the books in a fixed order, never in hash order, so every replica visits alike.
 */
final class RestingOrders
{
    private final OrderBook[] books;
    private final OpenOrders open = new OpenOrders();
    private final OrderPool pool = new OrderPool();
    /** The first of each owner's linked resting orders, looked up by owner, never iterated. */
    private final Long2ObjectHashMap<Order> ownersFirst = new Long2ObjectHashMap<>();
    private long restSequence;

    /**
     * @throws IllegalArgumentException for a symbol that is empty or too long.
     */
    RestingOrders(final List<String> symbols)
    {
        books = new OrderBook[symbols.size()];
        for (int i = 0; i < books.length; i++)
        {
            final byte[] name = symbols.get(i).getBytes(StandardCharsets.US_ASCII);
            if (name.length == 0 || name.length > ProtocolLimits.SYMBOL_WIDTH)
            {
                throw new IllegalArgumentException("symbol '" + symbols.get(i) + "' must have 1 to " +
                    ProtocolLimits.SYMBOL_WIDTH + " characters");
            }
            books[i] = new OrderBook(name);
        }
    }

    /**
     * @return the books, in the order of the configured symbols.
     */
    OrderBook[] books()
    {
        return books;
    }

    OpenOrders open()
    {
        return open;
    }

    OrderPool pool()
    {
        return pool;
    }

    int symbolCount()
    {
        return books.length;
    }

    /**
     * Put the order at the back of its price level.
     */
    void rest(final Order order)
    {
        final BookSide side = books[order.symbolIndex].sideOf(order);
        side.levelFor(order.price).append(order);
        order.restSequence = ++restSequence;
        order.ownerPrevious = null;
        order.ownerNext = ownersFirst.put(order.ownerId, order);
        if (order.ownerNext != null)
        {
            order.ownerNext.ownerPrevious = order;
        }
    }

    /**
     * Take the order off its level, the level off its side once empty, and the order out of its owner's.
     */
    void takeOffBook(final Order order)
    {
        final PriceLevel level = order.level;
        level.remove(order);
        books[order.symbolIndex].sideOf(order).removeIfEmpty(level);
        final Order previous = order.ownerPrevious;
        final Order next = order.ownerNext;
        if (previous != null)
        {
            previous.ownerNext = next;
        }
        else if (next != null)
        {
            ownersFirst.put(order.ownerId, next);
        }
        else
        {
            ownersFirst.remove(order.ownerId);
        }
        if (next != null)
        {
            next.ownerPrevious = previous;
        }
        order.ownerPrevious = null;
        order.ownerNext = null;
    }

    /**
     * @return one of the owner's resting orders, whose {@link Order#ownerNext} lead to all the others; null for none.
     */
    Order firstOf(final long ownerId)
    {
        return ownersFirst.get(ownerId);
    }

    /**
     * Visit the open orders in a fixed order: symbol as configured, bids then asks, best price first, oldest
     * first. Loading them back in this order restores time priority.
     */
    void forEach(final Consumer<Order> visitor)
    {
        for (final OrderBook book : books)
        {
            visitSide(book.bids, visitor);
            visitSide(book.asks, visitor);
        }
    }

    /**
     * @return an order to fill in from a snapshot, then {@link #restore}.
     */
    Order takeForRestore()
    {
        return pool.take();
    }

    /**
     * Put a restored order at the back of its level: restoring in {@link #forEach} order keeps priority.
     *
     * @throws IllegalStateException for an order of a symbol the engine does not have.
     */
    void restore(final Order order)
    {
        if (order.symbolIndex < 0 || order.symbolIndex >= books.length)
        {
            throw new IllegalStateException("snapshot order " + order.orderId + " has symbol index " +
                order.symbolIndex + " but the engine has " + books.length + " symbols");
        }
        rest(order);
        open.add(order);
    }

    private static void visitSide(final BookSide side, final Consumer<Order> visitor)
    {
        for (int i = 0; i < side.levelCount(); i++)
        {
            for (Order order = side.levelFromBest(i).head; order != null; order = order.next)
            {
                visitor.accept(order);
            }
        }
    }
}
