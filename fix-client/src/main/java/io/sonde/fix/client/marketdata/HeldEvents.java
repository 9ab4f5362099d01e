package io.sonde.fix.client.marketdata;

import org.agrona.collections.Long2LongHashMap;

/**
 * Public events that named an order Sonde has not heard of yet, kept until an acknowledgement names the order
 * ({@link #claim}) or the hold time passes. Oldest first in a preallocated ring: when it is full the oldest is
 * given up early, and counted like any that timed out. One entry per OrderID: further events of the same unknown
 * order only add to its count.
 */
final class HeldEvents
{
    static final long NONE = Long.MIN_VALUE;

    private final long holdNanos;
    private final long[] ringKey;
    private final long[] ringTime;
    private final int mask;
    private long head;
    private long tail;
    private final Long2LongHashMap firstTimeByKey;
    private final Long2LongHashMap eventsByKey;
    private long expiredUnmatched;

    /**
     * @param capacity events of unknown orders held at once; rounded up to a power of two.
     */
    HeldEvents(final int capacity, final long holdNanos)
    {
        final int slots = Integer.highestOneBit(Math.max(2, capacity - 1)) << 1;
        this.holdNanos = holdNanos;
        this.ringKey = new long[slots];
        this.ringTime = new long[slots];
        this.mask = slots - 1;
        this.firstTimeByKey = new Long2LongHashMap(slots * 2, 0.65f, NONE);
        this.eventsByKey = new Long2LongHashMap(slots * 2, 0.65f, -1);
    }

    /**
     * @param unmatched whether the event counts as another's order should it never be claimed (a trade whose
     *                  resting order is Sonde's does not).
     */
    void hold(final long orderKey, final long receivedNanos, final boolean unmatched)
    {
        if (firstTimeByKey.get(orderKey) != NONE)
        {
            eventsByKey.put(orderKey, eventsByKey.get(orderKey) + (unmatched ? 1 : 0));
            return;
        }
        if (tail - head == ringKey.length)
        {
            expireOldest();
        }
        final int slot = (int)(tail++ & mask);
        ringKey[slot] = orderKey;
        ringTime[slot] = receivedNanos;
        firstTimeByKey.put(orderKey, receivedNanos);
        eventsByKey.put(orderKey, unmatched ? 1 : 0);
    }

    /**
     * @return whether an event of the order is held.
     */
    boolean holds(final long orderKey)
    {
        return firstTimeByKey.get(orderKey) != NONE;
    }

    /**
     * @return when the first event of the order arrived, or {@link #NONE} when none is held; it is held no more.
     */
    long claim(final long orderKey)
    {
        final long first = firstTimeByKey.remove(orderKey);
        if (first != NONE)
        {
            eventsByKey.remove(orderKey);
        }
        return first;
    }

    /**
     * Give up on every event held longer than the hold time at {@code nowNanos}.
     *
     * @return entries given up.
     */
    int expire(final long nowNanos)
    {
        int expired = 0;
        while (head < tail && ringTime[(int)(head & mask)] <= nowNanos - holdNanos)
        {
            expireOldest();
            expired++;
        }
        return expired;
    }

    /**
     * @return the events of unknown orders given up on since the last call.
     */
    long takeExpiredUnmatched()
    {
        final long taken = expiredUnmatched;
        expiredUnmatched = 0;
        return taken;
    }

    int size()
    {
        return firstTimeByKey.size();
    }

    private void expireOldest()
    {
        final int slot = (int)(head++ & mask);
        final long orderKey = ringKey[slot];
        // A claimed key's entry is stale, and so is one whose key was claimed and held again later.
        if (firstTimeByKey.get(orderKey) == ringTime[slot])
        {
            firstTimeByKey.remove(orderKey);
            expiredUnmatched += eventsByKey.remove(orderKey);
        }
    }
}
