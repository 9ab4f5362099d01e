package io.sonde.md;

import io.sonde.md.sbe.Side;
import org.agrona.collections.Long2LongHashMap;

import java.util.List;

/**
 * The book by price level, as the feed shows it: for each of the symbols named at construction and each side, how
 * many orders rest at each price, so the levels a side shows are the prices with an order at them. It follows an
 * {@link OrderLevelBook} as its {@link OrderLevelBook.RestingChanges}; orders of other symbols are left out and
 * counted.
 * <p>
 * Each side's table is sized at construction for {@code levelsPerSide} prices, so a book within that size changes
 * without allocating; a side holding more grows its table once (and keeps it). Single-threaded: the thread that
 * applies the feed to the book reads the levels too.
 */
public final class PriceLevels implements OrderLevelBook.RestingChanges
{
    private static final int SYMBOL_LENGTH = OrderLevelBook.symbolLength();
    private static final long NONE = 0;
    private static final float LOAD_FACTOR = 0.5f;

    private final byte[][] symbols;
    private final Long2LongHashMap[] ordersAtPrice;
    private long otherSymbols;

    /**
     * @param symbols       the symbols followed, as FIX Symbol (55), at most 16 characters.
     * @param levelsPerSide the price levels a side is expected to hold at most.
     */
    public PriceLevels(final List<String> symbols, final int levelsPerSide)
    {
        this.symbols = new byte[symbols.size()][SYMBOL_LENGTH];
        this.ordersAtPrice = new Long2LongHashMap[2 * symbols.size()];
        for (int i = 0; i < symbols.size(); i++)
        {
            final String symbol = symbols.get(i);
            if (symbol.length() > SYMBOL_LENGTH)
            {
                throw new IllegalArgumentException("symbol '" + symbol + "' is longer than the feed's " +
                    SYMBOL_LENGTH + " characters");
            }
            for (int c = 0; c < symbol.length(); c++)
            {
                this.symbols[i][c] = (byte)symbol.charAt(c);
            }
            ordersAtPrice[2 * i] = new Long2LongHashMap(2 * levelsPerSide, LOAD_FACTOR, NONE);
            ordersAtPrice[2 * i + 1] = new Long2LongHashMap(2 * levelsPerSide, LOAD_FACTOR, NONE);
        }
    }

    public int symbols()
    {
        return symbols.length;
    }

    /**
     * @return the price levels {@code symbolIndex}'s bids ({@code buy}) or offers show now.
     */
    public int levels(final int symbolIndex, final boolean buy)
    {
        return ordersAtPrice[2 * symbolIndex + (buy ? 0 : 1)].size();
    }

    /**
     * @return orders that came to rest on a symbol not followed.
     */
    public long otherSymbols()
    {
        return otherSymbols;
    }

    public void onRest(final byte[] symbol, final byte side, final long price)
    {
        final Long2LongHashMap sideOrders = sideOf(symbol, side);
        if (sideOrders == null)
        {
            otherSymbols++;
            return;
        }
        sideOrders.put(price, sideOrders.get(price) + 1);
    }

    public void onLeave(final byte[] symbol, final byte side, final long price)
    {
        final Long2LongHashMap sideOrders = sideOf(symbol, side);
        if (sideOrders == null)
        {
            return;
        }
        final long left = sideOrders.get(price) - 1;
        if (left <= 0)
        {
            sideOrders.remove(price);
        }
        else
        {
            sideOrders.put(price, left);
        }
    }

    public void onCleared()
    {
        for (final Long2LongHashMap sideOrders : ordersAtPrice)
        {
            sideOrders.clear();
        }
    }

    private Long2LongHashMap sideOf(final byte[] symbol, final byte side)
    {
        for (int i = 0; i < symbols.length; i++)
        {
            if (same(symbols[i], symbol))
            {
                return ordersAtPrice[2 * i + (side == Side.BUY.value() ? 0 : 1)];
            }
        }
        return null;
    }

    private static boolean same(final byte[] a, final byte[] b)
    {
        for (int i = 0; i < SYMBOL_LENGTH; i++)
        {
            if (a[i] != b[i])
            {
                return false;
            }
        }
        return true;
    }
}
