package io.sonde.exchange.engine;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * The price levels of one side of a book, kept sorted from the worst price to the best so the best level is
 * the last element: matching and removing at the touch costs nothing. A level is found by binary search on its
 * price, whether to add an order or to remove the level once empty, so a deep book costs a logarithm of its levels
 * to search; only a level created or removed away from the touch shifts the levels better than it, one memory move
 * of as many references as levels lie between it and the touch. Iteration order is fixed by price, never by
 * hashing, so digests and snapshots are the same on every replica.
 */
final class BookSide
{
    private final boolean bids;
    private final ArrayDeque<PriceLevel> spareLevels = new ArrayDeque<>();
    private PriceLevel[] levels = new PriceLevel[64];
    private int count;

    BookSide(final boolean bids)
    {
        this.bids = bids;
    }

    PriceLevel best()
    {
        return count == 0 ? null : levels[count - 1];
    }

    int levelCount()
    {
        return count;
    }

    /**
     * @param index 0 is the best level.
     */
    PriceLevel levelFromBest(final int index)
    {
        return levels[count - 1 - index];
    }

    /**
     * True when an incoming order at {@code price} on the other side may trade with a level at {@code levelPrice}.
     */
    boolean crosses(final long levelPrice, final long price)
    {
        return bids ? levelPrice >= price : levelPrice <= price;
    }

    PriceLevel levelFor(final long price)
    {
        final int index = search(price);
        return index >= 0 ? levels[index] : insertAt(-index - 1, price);
    }

    void removeIfEmpty(final PriceLevel level)
    {
        if (!level.isEmpty())
        {
            return;
        }
        final int index = levels[count - 1] == level ? count - 1 : search(level.price);
        if (index < 0 || levels[index] != level)
        {
            throw new IllegalStateException("level " + level.price + " is not in this book side");
        }
        System.arraycopy(levels, index + 1, levels, index, count - index - 1);
        levels[--count] = null;
        spareLevels.addLast(level);
    }

    /**
     * @return the index of the level at {@code price}, or {@code -(insertion point) - 1} when there is none, as
     * {@link Arrays#binarySearch(long[], long)} answers.
     */
    private int search(final long price)
    {
        int low = 0;
        int high = count - 1;
        while (low <= high)
        {
            final int middle = (low + high) >>> 1;
            final long middlePrice = levels[middle].price;
            if (middlePrice == price)
            {
                return middle;
            }
            if (isWorse(middlePrice, price))
            {
                low = middle + 1;
            }
            else
            {
                high = middle - 1;
            }
        }
        return -low - 1;
    }

    private boolean isWorse(final long candidate, final long reference)
    {
        return bids ? candidate < reference : candidate > reference;
    }

    private PriceLevel insertAt(final int index, final long price)
    {
        if (count == levels.length)
        {
            levels = Arrays.copyOf(levels, count * 2);
        }
        System.arraycopy(levels, index, levels, index + 1, count - index);
        final PriceLevel level = spareLevels.isEmpty() ? new PriceLevel() : spareLevels.pollLast();
        level.price = price;
        level.head = null;
        level.tail = null;
        levels[index] = level;
        count++;
        return level;
    }
}
