package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.ProtocolLimits;

/**
 * Bids and asks of one symbol.
 */
final class OrderBook
{
    /**
     * Null-padded to its width, as the protocol carries it, so events copy it whole.
     */
    final byte[] symbol = new byte[ProtocolLimits.SYMBOL_WIDTH];
    final BookSide bids = new BookSide(true);
    final BookSide asks = new BookSide(false);

    OrderBook(final byte[] name)
    {
        System.arraycopy(name, 0, symbol, 0, name.length);
    }

    /**
     * @param symbolField a symbol as the protocol carries it, null-padded.
     * @return the index of the book trading it, or -1.
     */
    static int indexOf(final OrderBook[] books, final byte[] symbolField)
    {
        for (int i = 0; i < books.length; i++)
        {
            if (books[i].trades(symbolField))
            {
                return i;
            }
        }
        return -1;
    }

    BookSide sideOf(final Order order)
    {
        return order.isBuy() ? bids : asks;
    }

    BookSide oppositeOf(final Order order)
    {
        return order.isBuy() ? asks : bids;
    }

    /**
     * The same characters up to the first NUL: what follows a NUL is padding.
     */
    private boolean trades(final byte[] symbolField)
    {
        for (int i = 0; i < symbol.length; i++)
        {
            if (symbolField[i] != symbol[i])
            {
                return false;
            }
            if (symbol[i] == 0)
            {
                return true;
            }
        }
        return true;
    }
}
