package io.sonde.exchange.engine;

/**
 * Bids and asks of one symbol.
 */
final class OrderBook
{
    final byte[] symbol;
    final BookSide bids = new BookSide(true);
    final BookSide asks = new BookSide(false);

    OrderBook(final byte[] symbol)
    {
        this.symbol = symbol;
    }

    BookSide sideOf(final Order order)
    {
        return order.isBuy() ? bids : asks;
    }

    BookSide oppositeOf(final Order order)
    {
        return order.isBuy() ? asks : bids;
    }
}
