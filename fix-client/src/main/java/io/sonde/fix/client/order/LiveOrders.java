package io.sonde.fix.client.order;

import org.agrona.BitUtil;

import java.util.Arrays;

/**
 * Preallocated state of every order lifecycle in progress, indexed by request id like the runner's own
 * in-flight table (same capacity, so a slot is reused only after the runner has ended its request).
 * Parallel primitive arrays: no objects per order, nothing allocated in steady state.
 */
final class LiveOrders
{
    static final long FREE = -1;

    static final byte NEW_SENT = 1;
    static final byte AWAITING_TERMINAL = 2;
    static final byte REPLACE_QUEUED = 3;
    static final byte REPLACE_SENT = 4;
    static final byte CANCEL_QUEUED = 5;
    static final byte CANCEL_SENT = 6;

    final int mask;
    final long[] requestId;
    final int[] session;
    final byte[] flow;
    final byte[] state;
    final int[] symbol;
    final char[] side;
    final long[] priceCents;
    final long[] quantity;
    final boolean[] ioc;
    final boolean[] filled;
    final long[] newIntendedNanos;
    final long[] newSentNanos;
    final long[] stageIntendedNanos;
    final long[] stageSentNanos;
    /** The ClOrdID sequence and intended time of the order's latest accepted message: the next OrigClOrdID. */
    final long[] liveClOrdSequence;
    final long[] liveClOrdIntendedNanos;
    /** An OrderStatusRequest is out for the stage in progress: it had no answer in time. */
    final boolean[] statusAsked;

    LiveOrders(final int capacity)
    {
        final int slots = BitUtil.findNextPositivePowerOfTwo(capacity);
        mask = slots - 1;
        requestId = new long[slots];
        Arrays.fill(requestId, FREE);
        session = new int[slots];
        flow = new byte[slots];
        state = new byte[slots];
        symbol = new int[slots];
        side = new char[slots];
        priceCents = new long[slots];
        quantity = new long[slots];
        ioc = new boolean[slots];
        filled = new boolean[slots];
        newIntendedNanos = new long[slots];
        newSentNanos = new long[slots];
        stageIntendedNanos = new long[slots];
        stageSentNanos = new long[slots];
        liveClOrdSequence = new long[slots];
        liveClOrdIntendedNanos = new long[slots];
        statusAsked = new boolean[slots];
    }

    int slotOf(final long id)
    {
        return (int)(id & mask);
    }

    /**
     * @return the slot of {@code id} if its lifecycle is in progress, else -1.
     */
    int liveSlot(final long id)
    {
        final int slot = slotOf(id);
        return id >= 0 && requestId[slot] == id ? slot : -1;
    }

    void free(final int slot)
    {
        requestId[slot] = FREE;
    }

    int capacity()
    {
        return mask + 1;
    }
}
