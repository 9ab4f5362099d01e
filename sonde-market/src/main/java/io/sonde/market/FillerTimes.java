package io.sonde.market;

import org.agrona.BitUtil;

/**
 * The intended times of the events between two triggers (the fillers), oldest first, in a preallocated ring: the
 * trigger schedule puts them in as it draws them, and the transport takes them out as they fall due.
 */
final class FillerTimes
{
    private final long[] times;
    private final int mask;
    private long head;
    private long tail;
    private long dropped;

    /**
     * @param triggerEvery N: one event in N is a trigger, so N − 1 fillers come with each trigger.
     */
    FillerTimes(final int triggerEvery)
    {
        final int capacity = BitUtil.findNextPositivePowerOfTwo(2 * Math.max(triggerEvery, 2));
        times = new long[capacity];
        mask = capacity - 1;
    }

    /**
     * Queue a filler's intended time; a full ring (the schedule drawn far ahead of the publishing, which only
     * happens when a run abandons what it did not send at its end) drops it and counts it.
     */
    void add(final long intendedNanos)
    {
        if (tail - head == times.length)
        {
            dropped++;
            return;
        }
        times[(int)(tail++ & mask)] = intendedNanos;
    }

    /**
     * @return whether a filler is queued whose intended time is at or before {@code nanos}.
     */
    boolean hasDue(final long nanos)
    {
        return head != tail && times[(int)(head & mask)] <= nanos;
    }

    /**
     * @return the oldest filler's intended time, taking it out; only after {@link #hasDue} or {@link #size} said
     * there is one.
     */
    long take()
    {
        return times[(int)(head++ & mask)];
    }

    int size()
    {
        return (int)(tail - head);
    }

    int capacity()
    {
        return times.length;
    }

    long dropped()
    {
        return dropped;
    }

    void clear()
    {
        head = tail;
    }
}
