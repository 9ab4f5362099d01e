package io.sonde.market;

import org.agrona.collections.Long2LongHashMap;

import java.util.Arrays;

/**
 * The triggers of a run, awaiting their reaction or recently ended, in preallocated parallel arrays: slot =
 * the trigger's ordinal modulo the capacity. A slot keeps an ended trigger until its ordinal comes round
 * again, so a second reaction is told apart (a duplicate after an answer, late after a miss) from an order that
 * names no trigger. Lookups by sequence number go through a map sized so it never grows.
 */
final class TriggerTable
{
    static final byte FREE = 0;
    static final byte AWAITING = 1;
    static final byte ANSWERED = 2;
    static final byte MISSED = 3;
    static final int NONE = -1;

    private final int mask;
    private final long[] sequences;
    private final long[] requestIds;
    private final long[] sentNanos;
    private final int[] symbolIndexes;
    private final byte[] sides;
    private final long[] prices;
    private final byte[] states;
    private final Long2LongHashMap sequenceToSlot;
    private long added;
    private long oldestAwaiting;

    /**
     * @param capacity a power of two: the most triggers awaiting at once.
     */
    TriggerTable(final int capacity)
    {
        if (Integer.bitCount(capacity) != 1)
        {
            throw new IllegalArgumentException("trigger capacity " + capacity + " is not a power of two");
        }
        mask = capacity - 1;
        sequences = new long[capacity];
        requestIds = new long[capacity];
        sentNanos = new long[capacity];
        symbolIndexes = new int[capacity];
        sides = new byte[capacity];
        prices = new long[capacity];
        states = new byte[capacity];
        sequenceToSlot = new Long2LongHashMap(2 * capacity, 0.65f, NONE);
    }

    /**
     * A trigger went out: it awaits its reaction from {@code sentNanos}.
     *
     * @return its slot.
     * @throws IllegalStateException if its slot's trigger is still awaiting: call {@link #missIfStillAwaiting()}
     *                               first.
     */
    int add(
        final long sequence, final long requestId, final long sentNanos, final int symbolIndex,
        final byte side, final long price)
    {
        final int slot = (int)(added & mask);
        if (states[slot] == AWAITING)
        {
            throw new IllegalStateException("more than " + (mask + 1) + " triggers awaiting their reaction");
        }
        if (states[slot] != FREE)
        {
            sequenceToSlot.remove(sequences[slot]);
        }
        added++;
        sequences[slot] = sequence;
        requestIds[slot] = requestId;
        this.sentNanos[slot] = sentNanos;
        symbolIndexes[slot] = symbolIndex;
        sides[slot] = side;
        prices[slot] = price;
        states[slot] = AWAITING;
        sequenceToSlot.put(sequence, slot);
        return slot;
    }

    /**
     * The next trigger's slot is taken by one still awaiting only when the capacity is exceeded, or when the load
     * agent timed it out a moment before this table would (the agent reads the clock before the market does): it
     * is missed now, as the agent already counts it.
     *
     * @return the slot missed, whose price the caller frees; or {@link #NONE}.
     */
    int missIfStillAwaiting()
    {
        final int slot = (int)(added & mask);
        if (states[slot] != AWAITING)
        {
            return NONE;
        }
        states[slot] = MISSED;
        return slot;
    }

    /**
     * @return the slot of the trigger published under {@code sequence}, or {@link #NONE} if no trigger of the
     * run (still remembered) has it.
     */
    int slotOf(final long sequence)
    {
        return (int)sequenceToSlot.get(sequence);
    }

    byte state(final int slot)
    {
        return states[slot];
    }

    void answer(final int slot)
    {
        states[slot] = ANSWERED;
    }

    long requestId(final int slot)
    {
        return requestIds[slot];
    }

    int symbolIndex(final int slot)
    {
        return symbolIndexes[slot];
    }

    byte side(final int slot)
    {
        return sides[slot];
    }

    long price(final int slot)
    {
        return prices[slot];
    }

    /**
     * Miss the oldest trigger that has waited {@code timeoutNanos} or more, the load agent's own rule for a
     * timeout, skipping those already answered.
     *
     * @return its slot, now {@link #MISSED}; or {@link #NONE} when the oldest awaiting one has time left.
     */
    int expireOldest(final long nowNanos, final long timeoutNanos)
    {
        while (oldestAwaiting < added)
        {
            final int slot = (int)(oldestAwaiting & mask);
            if (states[slot] != AWAITING)
            {
                oldestAwaiting++;
                continue;
            }
            if (nowNanos - sentNanos[slot] < timeoutNanos)
            {
                return NONE;
            }
            oldestAwaiting++;
            states[slot] = MISSED;
            return slot;
        }
        return NONE;
    }

    /**
     * @return how many triggers await their reaction now.
     */
    int awaiting()
    {
        int awaiting = 0;
        for (long ordinal = oldestAwaiting; ordinal < added; ordinal++)
        {
            if (states[(int)(ordinal & mask)] == AWAITING)
            {
                awaiting++;
            }
        }
        return awaiting;
    }

    /**
     * Forget every trigger, for the next run.
     */
    void clear()
    {
        Arrays.fill(states, FREE);
        sequenceToSlot.clear();
        added = 0;
        oldestAwaiting = 0;
    }
}
