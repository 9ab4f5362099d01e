package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.ProtocolLimits;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;

/**
 * The orders resting on the engine's books, one book per symbol, with their index by owner and ClOrdID and the
 * pool they come from: what the matching engine changes, a snapshot writes and loads back, and a digest
 * summarises. Resting and taking off allocate nothing in steady state; visiting walks the books in a fixed order,
 * never in hash order, so every replica visits alike.
 */
final class RestingOrders
{
    private final OrderBook[] books;
    private final OpenOrders open = new OpenOrders();
    private final OrderPool pool = new OrderPool();

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
    }

    void takeOffBook(final Order order)
    {
        final PriceLevel level = order.level;
        level.remove(order);
        books[order.symbolIndex].sideOf(order).removeIfEmpty(level);
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
