package io.sonde.fix.client.marketdata;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The table of followed orders: every key finds its own slot, however the keys crowd the index; a forgotten order
 * gives its slot back without losing its neighbours; a full table refuses and takes again once a slot is free; and
 * following orders allocates nothing.
 */
class OrderSlotsTest
{
    private static final int CAPACITY = 64;
    /** The first run of a path may resolve a constant or two inside the VM, once: far below one object per order. */
    private static final long ALLOWED_BYTES = 1_024;

    @Test
    void everyKeyFindsItsOwnSlotWhenTheKeysCrowdTheIndex()
    {
        final OrderSlots slots = new OrderSlots(CAPACITY);
        final long[] keys = crowdedKeys();
        final int[] taken = new int[CAPACITY];
        for (int i = 0; i < CAPACITY; i++)
        {
            taken[i] = slots.take(keys[i]);
            assertNotEquals(OrderSlots.NONE, taken[i], "key " + i);
        }

        for (int i = 0; i < CAPACITY; i++)
        {
            assertEquals(taken[i], slots.slotOf(keys[i]), "key " + i);
            assertEquals(keys[i], slots.key(taken[i]));
        }
        assertEquals(CAPACITY, slots.size());
        assertEquals(OrderSlots.NONE, slots.slotOf(keys[0] + 1), "a key never taken");
    }

    @Test
    void aReleasedOrderIsForgottenAndItsNeighboursStayFound()
    {
        final OrderSlots slots = new OrderSlots(CAPACITY);
        final long[] keys = crowdedKeys();
        for (final long key : keys)
        {
            slots.take(key);
        }

        for (int i = 0; i < CAPACITY; i += 3)
        {
            slots.release(slots.slotOf(keys[i]));
        }

        for (int i = 0; i < CAPACITY; i++)
        {
            final int slot = slots.slotOf(keys[i]);
            if (i % 3 == 0)
            {
                assertEquals(OrderSlots.NONE, slot, "released key " + i);
            }
            else
            {
                assertEquals(keys[i], slots.key(slot), "kept key " + i);
            }
        }
    }

    @Test
    void aFullTableRefusesUntilASlotIsGivenBack()
    {
        final OrderSlots slots = new OrderSlots(2);
        final int first = slots.take(10);
        slots.take(11);

        assertEquals(OrderSlots.NONE, slots.take(12));
        assertEquals(OrderSlots.NONE, slots.slotOf(12));

        slots.release(first);
        final int reused = slots.take(12);
        assertEquals(first, reused, "the freed slot is taken again");
        assertEquals(reused, slots.slotOf(12));
        assertEquals(OrderSlots.NONE, slots.slotOf(10));
    }

    @Test
    void aTakenSlotStartsAfreshWhateverItsLastOrderLeft()
    {
        final OrderSlots slots = new OrderSlots(1);
        final int slot = slots.take(7);
        slots.requestId[slot] = 42;
        slots.ended[slot] = true;
        slots.await(slot, OrderSlots.AWAITS_CANCEL);
        assertEquals(1, slots.awaiting());

        slots.release(slot);
        assertEquals(0, slots.awaiting(), "a released order awaits nothing");
        assertEquals(slot, slots.take(8));

        assertEquals(-1, slots.requestId[slot]);
        assertFalse(slots.ended[slot]);
        assertFalse(slots.awaitsAny(slot));
    }

    @Test
    void theLatestAwaitedStartIsAmongTheStagesStillAwaited()
    {
        final OrderSlots slots = new OrderSlots(1);
        final int slot = slots.take(7);
        slots.newIntendedNanos[slot] = 100;
        slots.cancelIntendedNanos[slot] = 300;
        slots.replaceIntendedNanos[slot] = 200;
        slots.await(slot, OrderSlots.AWAITS_NEW);
        slots.await(slot, OrderSlots.AWAITS_REPLACE);
        assertEquals(200, slots.latestAwaitedStart(slot));

        slots.stopAwaiting(slot, OrderSlots.AWAITS_REPLACE);
        assertTrue(slots.awaits(slot, OrderSlots.AWAITS_NEW));
        assertEquals(100, slots.latestAwaitedStart(slot));
    }

    @Test
    void followingAndForgettingOrdersAllocatesNothing()
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final OrderSlots slots = new OrderSlots(CAPACITY);
        cycle(slots, 0);
        final long before = threads.getCurrentThreadAllocatedBytes();
        final long found = cycle(slots, 1_000_000);
        final long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertEquals(100_000L * CAPACITY, found);
        assertTrue(allocated <= ALLOWED_BYTES, allocated + " bytes over " + 100_000 * CAPACITY + " orders");
    }

    /**
     * Take a table's worth of keys, find each, release them all, and again, from {@code firstKey} on.
     *
     * @return keys found in their slot.
     */
    private static long cycle(final OrderSlots slots, final long firstKey)
    {
        long found = 0;
        long key = firstKey;
        for (int round = 0; round < 100_000; round++)
        {
            for (int i = 0; i < CAPACITY; i++)
            {
                slots.take(key + i);
            }
            for (int i = 0; i < CAPACITY; i++)
            {
                final int slot = slots.slotOf(key + i);
                if (slots.key(slot) == key + i)
                {
                    found++;
                }
                slots.release(slot);
            }
            key += CAPACITY;
        }
        return found;
    }

    /**
     * Keys that differ only in high bits, as OrderIDs of one prefix and many sequence numbers do after packing:
     * many share low bits, so an index that hashed poorly would pile them into one run of its table.
     */
    private static long[] crowdedKeys()
    {
        final long[] keys = new long[CAPACITY];
        for (int i = 0; i < CAPACITY; i++)
        {
            keys[i] = ((long)i << 40) | 7;
        }
        return keys;
    }
}
