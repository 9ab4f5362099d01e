package io.sonde.probe.order;

import java.util.Arrays;

/**
 * Every order the probe knows to be open, or cannot yet prove closed, in preallocated parallel arrays. An
 * order leaves the table only when the venue has said it is closed (cancelled, rejected, filled) or a
 * mass status has shown it is gone: the table is what "never leave orders behind" is checked against.
 */
final class ProbeOrderTable
{
    static final long FREE = -1;

    /** Sent, not yet acknowledged. */
    static final byte NEW_SENT = 1;
    /** Acknowledged and resting, its cancel not sent yet (back-pressure or no session). */
    static final byte RESTING = 2;
    static final byte CANCEL_SENT = 3;
    /** Its state at the venue is unknown (timed out or its session dropped): only a mass status can tell. */
    static final byte UNCERTAIN = 4;

    final long[] orderNumber;
    final byte[] state;
    final int[] session;
    /** True for the probe's own measured orders, false for orders found at the venue and being cleaned up. */
    final boolean[] measured;
    final boolean[] acknowledged;
    /** Found open at the venue by a mass status, placed by an earlier probe run. */
    final boolean[] leftOver;
    final char[][] clOrdId;
    final int[] clOrdIdLength;
    final char[][] symbol;
    final int[] symbolLength;
    final char[] side;
    final long[] quantity;
    final long[] intendedNanos;
    final long[] sentNanos;
    final long[] cancelIntendedNanos;
    final long[] cancelSentNanos;
    final long[] deadlineNanos;
    /** Seen in the mass status being collected. */
    final boolean[] listed;
    private int size;

    ProbeOrderTable(final int capacity, final int maxIdLength)
    {
        orderNumber = new long[capacity];
        Arrays.fill(orderNumber, FREE);
        state = new byte[capacity];
        session = new int[capacity];
        measured = new boolean[capacity];
        acknowledged = new boolean[capacity];
        leftOver = new boolean[capacity];
        clOrdId = new char[capacity][maxIdLength];
        clOrdIdLength = new int[capacity];
        symbol = new char[capacity][maxIdLength];
        symbolLength = new int[capacity];
        side = new char[capacity];
        quantity = new long[capacity];
        intendedNanos = new long[capacity];
        sentNanos = new long[capacity];
        cancelIntendedNanos = new long[capacity];
        cancelSentNanos = new long[capacity];
        deadlineNanos = new long[capacity];
        listed = new boolean[capacity];
    }

    /**
     * @return a free slot for {@code number}, or -1 when the table is full.
     */
    int claim(final long number)
    {
        for (int slot = 0; slot < orderNumber.length; slot++)
        {
            if (orderNumber[slot] == FREE)
            {
                orderNumber[slot] = number;
                state[slot] = 0;
                acknowledged[slot] = false;
                leftOver[slot] = false;
                measured[slot] = false;
                listed[slot] = false;
                size++;
                return slot;
            }
        }
        return -1;
    }

    /**
     * @return the slot of order {@code number}, or -1 when it is not in the table (or the number is negative).
     */
    int find(final long number)
    {
        if (number < 0)
        {
            return -1;
        }
        for (int slot = 0; slot < orderNumber.length; slot++)
        {
            if (orderNumber[slot] == number)
            {
                return slot;
            }
        }
        return -1;
    }

    /**
     * @return the slot whose live ClOrdID equals {@code id}, or -1.
     */
    int findByClOrdId(final char[] id, final int length)
    {
        for (int slot = 0; slot < orderNumber.length; slot++)
        {
            if (orderNumber[slot] != FREE && clOrdIdLength[slot] == length &&
                Arrays.equals(clOrdId[slot], 0, length, id, 0, length))
            {
                return slot;
            }
        }
        return -1;
    }

    void free(final int slot)
    {
        orderNumber[slot] = FREE;
        size--;
    }

    boolean isUsed(final int slot)
    {
        return orderNumber[slot] != FREE;
    }

    int capacity()
    {
        return orderNumber.length;
    }

    int size()
    {
        return size;
    }
}
