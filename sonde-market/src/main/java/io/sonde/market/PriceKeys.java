package io.sonde.market;

import org.agrona.collections.Long2LongHashMap;

/**
 * The prices of the triggers awaiting their reaction, each unique per symbol and side, and the search for a free
 * one. Every other event is on its symbol's tick grid, so a trigger sits between two ticks (a sub-tick, in the
 * feed's four-decimal units): a bid trigger just above a bid level, an offer just below an offer level, nearest the
 * reference first, at most {@link MarketShape#MAX_DEPTH} levels out.
 */
final class PriceKeys
{
    static final long NO_PRICE = -1;
    static final byte BID = 0;
    static final byte OFFER = 1;

    private final Long2LongHashMap priceToSlot;
    private long exhausted;

    PriceKeys(final int capacity)
    {
        priceToSlot = new Long2LongHashMap(2 * capacity, 0.65f, TriggerTable.NONE);
    }

    /**
     * @return the key of a price on a symbol's side: (price, symbol index, side) packed in one long.
     */
    static long key(final long price, final int symbolIndex, final byte side)
    {
        return (price << 16) | ((long)symbolIndex << 1) | side;
    }

    /**
     * The free sub-tick nearest the reference for a new trigger on {@code side}: for a bid, above the bid levels
     * {@code reference − tick}, {@code reference − 2·tick}, …; for an offer, below the offer levels.
     *
     * @return the price, or, when every sub-tick of the 64 levels nearest the reference awaits a reaction, the
     * nearest one anyway, counted in {@link #exhausted()} (the run asked for more triggers at once than prices).
     */
    long freePrice(final int symbolIndex, final byte side, final long reference, final long tick)
    {
        for (int level = 1; level <= MarketShape.MAX_DEPTH; level++)
        {
            for (long subTick = 1; subTick < tick; subTick++)
            {
                final long price = side == BID ? reference - level * tick + subTick : reference + level * tick - subTick;
                if (price > 0 && !priceToSlot.containsKey(key(price, symbolIndex, side)))
                {
                    return price;
                }
            }
        }
        exhausted++;
        return side == BID ? reference - tick + 1 : reference + tick - 1;
    }

    void put(final long price, final int symbolIndex, final byte side, final int slot)
    {
        priceToSlot.put(key(price, symbolIndex, side), slot);
    }

    /**
     * @return the slot of the trigger awaiting at that price, symbol and side, or {@link TriggerTable#NONE}.
     */
    int slotOf(final long price, final int symbolIndex, final byte side)
    {
        return (int)priceToSlot.get(key(price, symbolIndex, side));
    }

    /**
     * The trigger at that price ended: the price is free again.
     */
    void remove(final long price, final int symbolIndex, final byte side)
    {
        priceToSlot.remove(key(price, symbolIndex, side));
    }

    void clear()
    {
        priceToSlot.clear();
    }

    long exhausted()
    {
        return exhausted;
    }
}
