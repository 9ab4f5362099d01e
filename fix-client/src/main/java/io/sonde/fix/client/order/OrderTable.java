package io.sonde.fix.client.order;

import org.agrona.BitUtil;

import java.util.Arrays;

/**
 * Every order Sonde has in flight or open at the venue, in preallocated parallel arrays: no object per order,
 * nothing allocated in steady state. The load client and the probe both keep their orders here.
 * <p>
 * An order lives in the slot its number selects ({@code number & mask}), so a report finds its order from the
 * number in its ClOrdID in one step. Each slot holds two ClOrdIDs: the <em>live</em> one the venue knows the
 * order by (the OrigClOrdID of its next cancel or replace) and the <em>pending</em> one of a cancel or replace
 * in flight. A replace that takes effect makes the pending id the live one.
 * <p>
 * Single-threaded, on the thread that polls the FIX library.
 */
public final class OrderTable
{
    public static final long FREE = -1;

    /** Claimed, not sent yet. */
    public static final byte CLAIMED = 0;
    public static final byte NEW_SENT = 1;
    /** Acknowledged, its flow done; waits for the report that ends it (an IOC's fill or cancel). */
    public static final byte AWAITING_TERMINAL = 2;
    public static final byte REPLACE_QUEUED = 3;
    public static final byte REPLACE_SENT = 4;
    /** Acknowledged and resting; its cancel is due but not sent yet (back-pressure or no session). */
    public static final byte CANCEL_QUEUED = 5;
    public static final byte CANCEL_SENT = 6;
    /** Its state at the venue is unknown (timed out, or its session dropped): only the venue can tell. */
    public static final byte UNCERTAIN = 7;

    /** {@link #slotNamedBy}: the ClOrdID is not one Sonde's codec wrote. */
    public static final int NOT_OURS = -1;
    /** The id is one of ours, but of no order in the table: it ended, or was never sent. */
    public static final int NOT_LIVE = -2;

    public final long[] orderNumber;
    public final int[] session;
    public final byte[] state;
    /** The {@link OrderFlow} ordinal the order follows. */
    public final byte[] flow;
    public final char[][] clOrdId;
    public final int[] clOrdIdLength;
    public final char[][] pendingClOrdId;
    public final int[] pendingClOrdIdLength;
    public final char[][] symbol;
    public final int[] symbolLength;
    public final char[] side;
    public final long[] priceCents;
    public final long[] quantity;
    public final boolean[] ioc;
    public final boolean[] filled;
    public final long[] newIntendedNanos;
    public final long[] newSentNanos;
    /** Intended and send times of the order's latest stage: the new order, or its cancel or replace. */
    public final long[] stageIntendedNanos;
    public final long[] stageSentNanos;
    /** An OrderStatusRequest is out for the stage in progress: it had no answer in time. */
    public final boolean[] statusAsked;
    /** The key of the OrderID the venue gave the order ({@link OrderIdKeys}), once acknowledged. */
    public final long[] orderIdKey;

    private final int mask;
    private int size;
    private long nextNumber;

    /**
     * @param capacity     orders at once; rounded up to a power of two.
     * @param clOrdIdWidth the longest ClOrdID kept (Sonde's own, or one another run left at the venue).
     * @param symbolWidth  the longest Symbol (55) kept.
     */
    public OrderTable(final int capacity, final int clOrdIdWidth, final int symbolWidth)
    {
        final int slots = BitUtil.findNextPositivePowerOfTwo(capacity);
        mask = slots - 1;
        orderNumber = new long[slots];
        Arrays.fill(orderNumber, FREE);
        session = new int[slots];
        state = new byte[slots];
        flow = new byte[slots];
        clOrdId = new char[slots][clOrdIdWidth];
        clOrdIdLength = new int[slots];
        pendingClOrdId = new char[slots][clOrdIdWidth];
        pendingClOrdIdLength = new int[slots];
        symbol = new char[slots][symbolWidth];
        symbolLength = new int[slots];
        side = new char[slots];
        priceCents = new long[slots];
        quantity = new long[slots];
        ioc = new boolean[slots];
        filled = new boolean[slots];
        newIntendedNanos = new long[slots];
        newSentNanos = new long[slots];
        stageIntendedNanos = new long[slots];
        stageSentNanos = new long[slots];
        statusAsked = new boolean[slots];
        orderIdKey = new long[slots];
    }

    public int capacity()
    {
        return mask + 1;
    }

    /**
     * @return orders in the table.
     */
    public int size()
    {
        return size;
    }

    /**
     * @return one more than the highest order number claimed so far.
     */
    public long nextNumber()
    {
        return nextNumber;
    }

    public int slotOf(final long number)
    {
        return (int)(number & mask);
    }

    public boolean isUsed(final int slot)
    {
        return orderNumber[slot] != FREE;
    }

    /**
     * @return the slot of order {@code number} if it is in the table, else -1.
     */
    public int liveSlot(final long number)
    {
        final int slot = slotOf(number);
        return number >= 0 && orderNumber[slot] == number ? slot : -1;
    }

    /**
     * Claim the slot of order {@code number}, if free.
     *
     * @return the slot, emptied and in state {@link #CLAIMED}; -1 when another order holds it.
     */
    public int claim(final long number)
    {
        final int slot = slotOf(number);
        if (isUsed(slot))
        {
            return -1;
        }
        size++;
        return take(slot, number);
    }

    /**
     * Claim the slot of order {@code number} whatever it held: for a caller whose own bookkeeping guarantees the
     * order there has ended (the load runner reuses a request's slot only after ending it).
     *
     * @return the slot, emptied and in state {@link #CLAIMED}.
     */
    public int reuse(final long number)
    {
        final int slot = slotOf(number);
        if (!isUsed(slot))
        {
            size++;
        }
        return take(slot, number);
    }

    /**
     * @return the first order number from {@code from} on whose slot is free, or -1 when the table is full.
     */
    public long nextFreeNumber(final long from)
    {
        if (size == capacity())
        {
            return -1;
        }
        long number = from;
        while (isUsed(slotOf(number)))
        {
            number++;
        }
        return number;
    }

    /**
     * A request of its own went out for the order (its NewOrderSingle, or a replayed message): its stage, and the
     * answer's timing, start now.
     *
     * @param state NEW_SENT, CANCEL_SENT or REPLACE_SENT.
     */
    public void sent(
        final int slot, final int sessionIndex, final byte state, final long intendedNanos, final long nowNanos)
    {
        session[slot] = sessionIndex;
        this.state[slot] = state;
        newSentNanos[slot] = nowNanos;
        stageIntendedNanos[slot] = intendedNanos;
        stageSentNanos[slot] = nowNanos;
    }

    /**
     * A follow-up of a live order went out (its cancel or replace), on the order's own session: the stage starts
     * now, the order's own timing stays.
     *
     * @param state CANCEL_SENT or REPLACE_SENT.
     */
    public void followUpSent(final int slot, final byte state, final long nowNanos)
    {
        this.state[slot] = state;
        stageSentNanos[slot] = nowNanos;
    }

    public void free(final int slot)
    {
        if (isUsed(slot))
        {
            orderNumber[slot] = FREE;
            size--;
        }
    }

    /**
     * Copy {@code length} chars of {@code from} into the slot's symbol, cut to the table's symbol width.
     */
    public void symbol(final int slot, final char[] from, final int length)
    {
        final int kept = Math.min(length, symbol[slot].length);
        System.arraycopy(from, 0, symbol[slot], 0, kept);
        symbolLength[slot] = kept;
    }

    /**
     * The replace in flight has taken effect: its ClOrdID is now the one the venue knows the order by.
     */
    public void acceptPending(final int slot)
    {
        final char[] previous = clOrdId[slot];
        clOrdId[slot] = pendingClOrdId[slot];
        clOrdIdLength[slot] = pendingClOrdIdLength[slot];
        pendingClOrdId[slot] = previous;
        pendingClOrdIdLength[slot] = 0;
    }

    /**
     * Find the order a report is about from its ClOrdID alone: the order number is decoded from the id, and the
     * id must be the order's live or pending one, so a report about an order of an earlier run with the same
     * number (another intended time) is not taken for this one's.
     *
     * @return the slot; {@link #NOT_OURS} when {@code codec} cannot decode the id; {@link #NOT_LIVE} when it names
     *         no order in the table that has been sent.
     */
    public int slotNamedBy(final ClOrdIdCodec codec, final char[] id, final int idLength)
    {
        if (!codec.decode(id, idLength))
        {
            return NOT_OURS;
        }
        final int slot = liveSlot(codec.orderNumber(nextNumber));
        if (slot < 0 || state[slot] == CLAIMED || !(isId(clOrdId[slot], clOrdIdLength[slot], id, idLength) ||
            isId(pendingClOrdId[slot], pendingClOrdIdLength[slot], id, idLength)))
        {
            return NOT_LIVE;
        }
        return slot;
    }

    /**
     * @return the slot whose live ClOrdID is {@code id}, or -1: a linear search, for reconciliation only.
     */
    public int findByClOrdId(final char[] id, final int idLength)
    {
        for (int slot = 0; slot < orderNumber.length; slot++)
        {
            if (isUsed(slot) && isId(clOrdId[slot], clOrdIdLength[slot], id, idLength))
            {
                return slot;
            }
        }
        return -1;
    }

    /**
     * @return the slot's live ClOrdID as text, for messages to people.
     */
    public String describe(final int slot)
    {
        return new String(clOrdId[slot], 0, clOrdIdLength[slot]);
    }

    private int take(final int slot, final long number)
    {
        orderNumber[slot] = number;
        nextNumber = Math.max(nextNumber, number + 1);
        state[slot] = CLAIMED;
        clOrdIdLength[slot] = 0;
        pendingClOrdIdLength[slot] = 0;
        symbolLength[slot] = 0;
        filled[slot] = false;
        statusAsked[slot] = false;
        orderIdKey[slot] = OrderIdKeys.NONE;
        return slot;
    }

    private static boolean isId(final char[] known, final int knownLength, final char[] id, final int idLength)
    {
        return knownLength == idLength && Arrays.equals(known, 0, knownLength, id, 0, idLength);
    }
}
