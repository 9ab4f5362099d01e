package io.sonde.probe.order;

import io.sonde.fix.client.order.OrderIdKeys;
import io.sonde.fix.client.order.OrderTable;
import io.sonde.fix.client.order.PublicEffects;

/**
 * Every order the probe knows to be open, or cannot yet prove closed: the shared {@link OrderTable}, plus what
 * only the probe tracks about each. An order leaves only when the venue has said it is closed (cancelled,
 * rejected, filled) or a mass status has shown it is gone: this is what "never leave orders behind" is checked
 * against.
 */
final class ProbeOrders
{
    private static final int SYMBOL_WIDTH = 64;

    /**
     * Told whenever an order leaves: the open-order cap and the gauge follow the table.
     */
    interface ClosedListener
    {
        void onOrderClosed(int openOrders);
    }

    final OrderTable table;
    /** True for the probe's own measured orders, false for orders found at the venue and being cleaned up. */
    final boolean[] measured;
    final boolean[] acknowledged;
    /** Found open at the venue by a mass status, placed by an earlier probe run. */
    final boolean[] leftOver;
    /** Seen in the mass status being collected. */
    final boolean[] listed;
    /** When the stage in flight times out, or an uncertain order is worth asking about again. */
    final long[] deadlineNanos;
    private final ClosedListener closedListener;
    private PublicEffects publicEffects = PublicEffects.NONE;
    private long nextOrderNumber;

    /**
     * @param clOrdIdWidth the longest ClOrdID kept: the probe's own, or one an earlier run left at the venue.
     */
    ProbeOrders(final int capacity, final int clOrdIdWidth, final ClosedListener closedListener)
    {
        this.closedListener = closedListener;
        table = new OrderTable(capacity, clOrdIdWidth, SYMBOL_WIDTH);
        final int slots = table.capacity();
        measured = new boolean[slots];
        acknowledged = new boolean[slots];
        leftOver = new boolean[slots];
        listed = new boolean[slots];
        deadlineNanos = new long[slots];
    }

    /**
     * Claim a slot under the next order number whose slot is free: an order stuck in its own slot delays no
     * other.
     *
     * @return the slot, or -1 when the table is full.
     */
    int claimNext()
    {
        final long number = table.nextFreeNumber(nextOrderNumber);
        if (number < 0)
        {
            return -1;
        }
        nextOrderNumber = number + 1;
        final int slot = table.claim(number);
        measured[slot] = false;
        acknowledged[slot] = false;
        leftOver[slot] = false;
        listed[slot] = false;
        return slot;
    }

    /**
     * The venue has said the order is closed, or a mass status has shown it is gone: forget it.
     */
    void close(final int slot)
    {
        final long orderKey = table.orderIdKey[slot];
        table.free(slot);
        if (orderKey != OrderIdKeys.NONE)
        {
            publicEffects.onLifecycleEnded(orderKey);
        }
        closedListener.onOrderClosed(table.size());
    }

    /**
     * Tell {@code effects} of every order from now on: acknowledged, left no trace, closed.
     */
    void watchedBy(final PublicEffects effects)
    {
        this.publicEffects = effects;
    }

    PublicEffects publicEffects()
    {
        return publicEffects;
    }

    boolean isUsed(final int slot)
    {
        return table.isUsed(slot);
    }

    int capacity()
    {
        return table.capacity();
    }

    int size()
    {
        return table.size();
    }

    /**
     * @return whether the order in {@code slot} is of session {@code sessionIndex} and in state {@code state}.
     */
    boolean is(final int slot, final int sessionIndex, final byte state)
    {
        return table.isUsed(slot) && table.session[slot] == sessionIndex && table.state[slot] == state;
    }

    /**
     * Schedule the order's cancel, intended now.
     */
    void cancelDue(final int slot, final long nowNanos)
    {
        table.state[slot] = OrderTable.CANCEL_QUEUED;
        table.stageIntendedNanos[slot] = nowNanos;
    }
}
