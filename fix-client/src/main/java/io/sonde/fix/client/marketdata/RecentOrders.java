package io.sonde.fix.client.marketdata;

import org.agrona.collections.Long2LongHashMap;

/**
 * The OrderIDs of the orders the matcher most recently stopped following, so that their later public events (an
 * aggressor's further fills, the rest of it coming to rest, a resting order traded later) are known as the run's
 * own rather than counted as others'. A preallocated ring: the oldest is forgotten when it is full.
 */
final class RecentOrders
{
    private static final long ABSENT = -1;

    private final long[] ring;
    private final int mask;
    private final Long2LongHashMap positionByKey;
    private long next;

    /**
     * @param capacity orders remembered; rounded up to a power of two.
     */
    RecentOrders(final int capacity)
    {
        final int slots = Integer.highestOneBit(Math.max(2, capacity - 1)) << 1;
        this.ring = new long[slots];
        this.mask = slots - 1;
        this.positionByKey = new Long2LongHashMap(slots * 2, 0.65f, ABSENT);
    }

    void add(final long orderKey)
    {
        if (next >= ring.length)
        {
            final long oldest = ring[(int)(next & mask)];
            if (positionByKey.get(oldest) == next - ring.length)
            {
                positionByKey.remove(oldest);
            }
        }
        ring[(int)(next & mask)] = orderKey;
        positionByKey.put(orderKey, next);
        next++;
    }

    boolean contains(final long orderKey)
    {
        return positionByKey.get(orderKey) != ABSENT;
    }
}
