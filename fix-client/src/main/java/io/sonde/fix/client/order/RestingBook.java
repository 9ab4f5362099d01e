package io.sonde.fix.client.order;

import io.sonde.fix.codecs.Side;
import org.agrona.collections.Long2LongHashMap;

import java.util.Arrays;

/**
 * The orders of the book flow resting at the venue, in preallocated parallel arrays capped at
 * {@code --max-resting}: nothing is allocated per order. Each is found three ways, all in constant time: by the
 * sequence in its ClOrdID (a fill the venue reports), by age (a doubly linked list, oldest first) and at random
 * (a dense array). Single-threaded, on the thread that polls the FIX library.
 */
final class RestingBook
{
    private static final int NONE = -1;
    private static final char BUY = Side.BUY.representation();

    final long[] sequence;
    final char[][] clOrdId;
    final int[] clOrdIdLength;
    final int[] session;
    final int[] symbol;
    final char[] side;
    final long[] priceCents;
    final long[] quantity;

    private final int[] older;
    private final int[] newer;
    private final int[] dense;
    private final int[] densePosition;
    private final int[] free;
    private final Long2LongHashMap bySequence;
    private final int[] perSymbol;
    /** Orders resting at each price of each symbol's side, keyed by {@link #priceKey}. */
    private final Long2LongHashMap atPrice;
    private int freeCount;
    private int size;
    private int oldest = NONE;
    private int newest = NONE;

    /**
     * @param capacity     most orders resting at once.
     * @param clOrdIdWidth the longest ClOrdID kept.
     * @param symbols      symbols the orders are for.
     */
    RestingBook(final int capacity, final int clOrdIdWidth, final int symbols)
    {
        sequence = new long[capacity];
        clOrdId = new char[capacity][clOrdIdWidth];
        clOrdIdLength = new int[capacity];
        session = new int[capacity];
        symbol = new int[capacity];
        side = new char[capacity];
        priceCents = new long[capacity];
        quantity = new long[capacity];
        older = new int[capacity];
        newer = new int[capacity];
        dense = new int[capacity];
        densePosition = new int[capacity];
        free = new int[capacity];
        perSymbol = new int[symbols];
        for (int i = 0; i < capacity; i++)
        {
            free[i] = capacity - 1 - i;
        }
        freeCount = capacity;
        bySequence = new Long2LongHashMap(capacity * 2, 0.6f, NONE);
        atPrice = new Long2LongHashMap(capacity * 2, 0.6f, 0);
    }

    int size()
    {
        return size;
    }

    int capacity()
    {
        return sequence.length;
    }

    int restingFor(final int symbolIndex)
    {
        return perSymbol[symbolIndex];
    }

    /**
     * The order of OrderTable {@code slot} rests now under its live ClOrdID, whose sequence is
     * {@code idSequence}.
     *
     * @return its resting index, or -1 when the table is full.
     */
    int add(final OrderTable orders, final int slot, final long idSequence, final int symbolIndex)
    {
        if (freeCount == 0)
        {
            return NONE;
        }
        final int index = free[--freeCount];
        sequence[index] = idSequence;
        final int length = Math.min(orders.clOrdIdLength[slot], clOrdId[index].length);
        System.arraycopy(orders.clOrdId[slot], 0, clOrdId[index], 0, length);
        clOrdIdLength[index] = length;
        session[index] = orders.session[slot];
        symbol[index] = symbolIndex;
        side[index] = orders.side[slot];
        priceCents[index] = orders.priceCents[slot];
        quantity[index] = orders.quantity[slot];
        older[index] = newest;
        newer[index] = NONE;
        if (newest != NONE)
        {
            newer[newest] = index;
        }
        newest = index;
        if (oldest == NONE)
        {
            oldest = index;
        }
        densePosition[index] = size;
        dense[size++] = index;
        perSymbol[symbolIndex]++;
        final long key = priceKey(symbolIndex, side[index], priceCents[index]);
        atPrice.put(key, atPrice.get(key) + 1);
        bySequence.put(idSequence, index);
        return index;
    }

    /**
     * @return the resting index of the order whose ClOrdID has sequence {@code idSequence} and reads
     *         {@code id}, or -1.
     */
    int find(final long idSequence, final char[] id, final int idLength)
    {
        final int index = (int)bySequence.get(idSequence);
        if (index == NONE || clOrdIdLength[index] != idLength ||
            !Arrays.equals(clOrdId[index], 0, idLength, id, 0, idLength))
        {
            return NONE;
        }
        return index;
    }

    int oldest()
    {
        return oldest;
    }

    /**
     * @return the order that came to rest next after {@code index}, or -1 when it is the newest.
     */
    int newer(final int index)
    {
        return newer[index];
    }

    /**
     * @param draw a number in [0, size).
     */
    int atRandom(final int draw)
    {
        return dense[draw];
    }

    /**
     * Copy the resting order at {@code index} into OrderTable {@code slot} as its live order (what a cancel or
     * replace names), on its own session.
     */
    void copyTo(final int index, final OrderTable orders, final int slot, final char[] symbolChars)
    {
        final int length = Math.min(clOrdIdLength[index], orders.clOrdId[slot].length);
        System.arraycopy(clOrdId[index], 0, orders.clOrdId[slot], 0, length);
        orders.clOrdIdLength[slot] = length;
        orders.session[slot] = session[index];
        orders.symbol(slot, symbolChars, symbolChars.length);
        orders.side[slot] = side[index];
        orders.priceCents[slot] = priceCents[index];
        orders.quantity[slot] = quantity[index];
    }

    void remove(final int index)
    {
        bySequence.remove(sequence[index]);
        if (older[index] != NONE)
        {
            newer[older[index]] = newer[index];
        }
        else
        {
            oldest = newer[index];
        }
        if (newer[index] != NONE)
        {
            older[newer[index]] = older[index];
        }
        else
        {
            newest = older[index];
        }
        final int position = densePosition[index];
        final int last = dense[--size];
        dense[position] = last;
        densePosition[last] = position;
        perSymbol[symbol[index]]--;
        final long key = priceKey(symbol[index], side[index], priceCents[index]);
        final long left = atPrice.get(key) - 1;
        if (left <= 0)
        {
            atPrice.remove(key);
        }
        else
        {
            atPrice.put(key, left);
        }
        free[freeCount++] = index;
    }

    /**
     * @return how many of the orders rest on {@code symbolIndex}'s {@code side} at {@code priceCents}.
     */
    int restingAt(final int symbolIndex, final char side, final long priceCents)
    {
        return (int)atPrice.get(priceKey(symbolIndex, side, priceCents));
    }

    private static long priceKey(final int symbolIndex, final char side, final long priceCents)
    {
        return priceCents << 21 | (long)symbolIndex << 1 | (side == BUY ? 0 : 1);
    }
}
