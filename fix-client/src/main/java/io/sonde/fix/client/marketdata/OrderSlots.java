package io.sonde.fix.client.marketdata;

import io.sonde.fix.client.order.PublicEffects;
import org.agrona.collections.Long2LongHashMap;

/**
 * The orders {@link OrderToTick} follows, a row each in a fixed-size table: an OrderID key finds its slot, a new
 * order takes a free slot and a forgotten one gives it back, and each slot holds the order's request, the intended
 * and sent times of its new order, cancel and replace, whether its lifecycle has ended, and which of its stages still
 * await their public event. A cancel and the replace before it may both await theirs, so each keeps its own times.
 * <p>
 * Everything is sized at construction (the key index for twice the slots, so it never grows) and slots are reused
 * from a free list, so following orders allocates nothing; a full table refuses a new order and the caller counts
 * it. The per-order arrays are the follower's to read and write by slot. Single-threaded.
 */
final class OrderSlots
{
    /** No slot: the key is not followed, or the table is full. */
    static final int NONE = -1;
    /** The new order awaits its first public event. */
    static final byte AWAITS_NEW = 1;
    /** A cancel awaits the order's deletion. */
    static final byte AWAITS_CANCEL = 2;
    /** A replace awaits the order's modification (or deletion as replaced). */
    static final byte AWAITS_REPLACE = 4;

    final long[] requestId;
    final long[] newIntendedNanos;
    final long[] newSentNanos;
    final long[] cancelIntendedNanos;
    final long[] cancelSentNanos;
    final long[] replaceIntendedNanos;
    final long[] replaceSentNanos;
    final boolean[] ended;
    /** The book flow's action of the new order ({@code PublicEffects.BOOK_PASSIVE}, ...), or NOT_BOOK. */
    final byte[] bookAction;

    private final Long2LongHashMap slotByKey;
    private final int[] freeSlots;
    private final long[] keyOfSlot;
    private final byte[] awaits;
    private int freeCount;
    private int awaiting;

    /**
     * @param capacity orders followed at once.
     */
    OrderSlots(final int capacity)
    {
        slotByKey = new Long2LongHashMap(capacity * 2, 0.65f, NONE);
        freeSlots = new int[capacity];
        keyOfSlot = new long[capacity];
        awaits = new byte[capacity];
        requestId = new long[capacity];
        newIntendedNanos = new long[capacity];
        newSentNanos = new long[capacity];
        cancelIntendedNanos = new long[capacity];
        cancelSentNanos = new long[capacity];
        replaceIntendedNanos = new long[capacity];
        replaceSentNanos = new long[capacity];
        ended = new boolean[capacity];
        bookAction = new byte[capacity];
        for (int i = 0; i < capacity; i++)
        {
            freeSlots[i] = capacity - 1 - i;
        }
        freeCount = capacity;
    }

    /**
     * @return the slot of {@code orderKey}, or {@link #NONE} when it is not followed.
     */
    int slotOf(final long orderKey)
    {
        return (int)slotByKey.get(orderKey);
    }

    /**
     * Follow {@code orderKey} in a free slot, its request unknown (-1), awaiting nothing, its lifecycle not ended;
     * the caller has found it not followed yet.
     *
     * @return its slot, or {@link #NONE} when every slot is taken.
     */
    int take(final long orderKey)
    {
        if (freeCount == 0)
        {
            return NONE;
        }
        final int slot = freeSlots[--freeCount];
        keyOfSlot[slot] = orderKey;
        requestId[slot] = -1;
        ended[slot] = false;
        bookAction[slot] = PublicEffects.NOT_BOOK;
        slotByKey.put(orderKey, slot);
        return slot;
    }

    /**
     * Stop following the order in {@code slot}, whatever it still awaits; the slot is free for another.
     */
    void release(final int slot)
    {
        setAwaits(slot, (byte)0);
        slotByKey.remove(keyOfSlot[slot]);
        freeSlots[freeCount++] = slot;
    }

    /**
     * @return the OrderID key the order in {@code slot} was followed by.
     */
    long key(final int slot)
    {
        return keyOfSlot[slot];
    }

    /**
     * @return how many orders may be followed at once: slots are numbered from 0 below it.
     */
    int capacity()
    {
        return keyOfSlot.length;
    }

    /**
     * @return orders followed now.
     */
    int size()
    {
        return keyOfSlot.length - freeCount;
    }

    /**
     * @param stage one of {@link #AWAITS_NEW}, {@link #AWAITS_CANCEL}, {@link #AWAITS_REPLACE}.
     */
    boolean awaits(final int slot, final byte stage)
    {
        return (awaits[slot] & stage) != 0;
    }

    boolean awaitsAny(final int slot)
    {
        return awaits[slot] != 0;
    }

    void await(final int slot, final byte stage)
    {
        setAwaits(slot, (byte)(awaits[slot] | stage));
    }

    void stopAwaiting(final int slot, final byte stage)
    {
        setAwaits(slot, (byte)(awaits[slot] & ~stage));
    }

    /**
     * @return orders with at least one stage awaiting its public event.
     */
    int awaiting()
    {
        return awaiting;
    }

    /**
     * @return the latest intended start among the stages the order in {@code slot} awaits, from which its event is
     *         overdue.
     */
    long latestAwaitedStart(final int slot)
    {
        long latest = Long.MIN_VALUE;
        if (awaits(slot, AWAITS_NEW))
        {
            latest = newIntendedNanos[slot];
        }
        if (awaits(slot, AWAITS_CANCEL))
        {
            latest = Math.max(latest, cancelIntendedNanos[slot]);
        }
        if (awaits(slot, AWAITS_REPLACE))
        {
            latest = Math.max(latest, replaceIntendedNanos[slot]);
        }
        return latest;
    }

    private void setAwaits(final int slot, final byte stages)
    {
        if (awaits[slot] == 0 && stages != 0)
        {
            awaiting++;
        }
        else if (awaits[slot] != 0 && stages == 0)
        {
            awaiting--;
        }
        awaits[slot] = stages;
    }
}
