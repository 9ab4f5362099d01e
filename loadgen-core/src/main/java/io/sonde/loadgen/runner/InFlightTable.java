package io.sonde.loadgen.runner;

import org.agrona.BitUtil;

import java.util.Arrays;

/**
 * Preallocated table of requests awaiting an answer, indexed by request id.
 * <p>
 * Ids are issued in sequence, so slot {@code id & mask} holds id {@code id} and a slot is reusable
 * once the request {@code capacity} ids earlier has ended. Because every request shares one timeout
 * and ids are sent in order, the oldest unfinished id is always the next to time out: expiry only
 * ever looks at {@link #oldestSlot()}.
 */
final class InFlightTable
{
    private static final long FREE = -1;

    private final int mask;
    private final long[] ids;
    private final long[] intendedNanos;
    private final long[] sentNanos;
    private long oldestId;
    private long nextId;
    private int size;

    InFlightTable(final int capacity)
    {
        final int slots = BitUtil.findNextPositivePowerOfTwo(capacity);
        mask = slots - 1;
        ids = new long[slots];
        intendedNanos = new long[slots];
        sentNanos = new long[slots];
        Arrays.fill(ids, FREE);
    }

    /**
     * @return the id the next added request must carry.
     */
    long nextId()
    {
        return nextId;
    }

    /**
     * @return true if the next id's slot is free, false when the window is full.
     */
    boolean hasRoom()
    {
        return ids[(int)(nextId & mask)] == FREE;
    }

    void add(final long intended, final long sent)
    {
        final int slot = (int)(nextId & mask);
        ids[slot] = nextId;
        intendedNanos[slot] = intended;
        sentNanos[slot] = sent;
        nextId++;
        size++;
    }

    /**
     * @return the slot holding {@code id}, or -1 if it is not in flight.
     */
    int slotOf(final long id)
    {
        if (id < 0)
        {
            return -1;
        }
        final int slot = (int)(id & mask);
        return ids[slot] == id ? slot : -1;
    }

    /**
     * @return true if {@code id} was issued by this table (it may have ended already).
     */
    boolean wasIssued(final long id)
    {
        return id >= 0 && id < nextId;
    }

    long intendedNanos(final int slot)
    {
        return intendedNanos[slot];
    }

    long sentNanos(final int slot)
    {
        return sentNanos[slot];
    }

    void remove(final int slot)
    {
        ids[slot] = FREE;
        size--;
        advanceOldest();
    }

    /**
     * @return the slot of the oldest request still in flight, or -1 if none.
     */
    int oldestSlot()
    {
        return size == 0 ? -1 : (int)(oldestId & mask);
    }

    int size()
    {
        return size;
    }

    private void advanceOldest()
    {
        while (oldestId < nextId && ids[(int)(oldestId & mask)] != oldestId)
        {
            oldestId++;
        }
    }
}
