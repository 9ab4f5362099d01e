package io.sonde.loadgen.confidence;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.Arrays;

/**
 * One interval's recorded buckets, packed: each bucket's value as the difference from the previous one and its
 * count, both as variable-length integers (seven bits a byte). A bucket of 3 significant digits is a small step
 * from the one before it, so a bucket takes 2 or 3 bytes instead of the 12 of a long and an int: a 10-minute log
 * of a dozen series at 10k/s holds about 20 million recorded buckets.
 */
final class PackedBuckets
{
    private static final int SEVEN_BITS = 0x7F;
    private static final int MORE = 0x80;

    private final byte[] packed;
    private final int buckets;
    private final long totalCount;

    private PackedBuckets(final byte[] packed, final int buckets, final long totalCount)
    {
        this.packed = packed;
        this.buckets = buckets;
        this.totalCount = totalCount;
    }

    /**
     * @param scratch a buffer to pack into, reused from call to call; grown when too small.
     * @throws IllegalArgumentException when the interval holds more than {@link Integer#MAX_VALUE} samples.
     */
    static PackedBuckets of(final AbstractHistogram interval, final Scratch scratch)
    {
        if (interval.getTotalCount() > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException("an interval holds more than " + Integer.MAX_VALUE + " samples");
        }
        int length = 0;
        int buckets = 0;
        long previous = 0;
        for (final HistogramIterationValue bucket : interval.recordedValues())
        {
            length = scratch.put(length, bucket.getValueIteratedTo() - previous);
            length = scratch.put(length, bucket.getCountAtValueIteratedTo());
            previous = bucket.getValueIteratedTo();
            buckets++;
        }
        return new PackedBuckets(Arrays.copyOf(scratch.bytes, length), buckets, interval.getTotalCount());
    }

    int buckets()
    {
        return buckets;
    }

    long totalCount()
    {
        return totalCount;
    }

    /**
     * @param values filled with the buckets' values, ascending; at least {@link #buckets()} long.
     * @param counts filled with their counts.
     */
    void unpack(final long[] values, final int[] counts)
    {
        int position = 0;
        long value = 0;
        for (int bucket = 0; bucket < buckets; bucket++)
        {
            long delta = 0;
            int shift = 0;
            byte next;
            do
            {
                next = packed[position++];
                delta |= (long)(next & SEVEN_BITS) << shift;
                shift += 7;
            }
            while ((next & MORE) != 0);
            value += delta;
            int count = 0;
            shift = 0;
            do
            {
                next = packed[position++];
                count |= (next & SEVEN_BITS) << shift;
                shift += 7;
            }
            while ((next & MORE) != 0);
            values[bucket] = value;
            counts[bucket] = count;
        }
    }

    /**
     * The buffer buckets are packed in before they are copied out at their size.
     */
    static final class Scratch
    {
        private byte[] bytes = new byte[4096];

        private int put(final int at, final long number)
        {
            if (bytes.length - at < Long.BYTES + 2)
            {
                bytes = Arrays.copyOf(bytes, bytes.length * 2);
            }
            int position = at;
            long rest = number;
            while ((rest & ~SEVEN_BITS) != 0)
            {
                bytes[position++] = (byte)((rest & SEVEN_BITS) | MORE);
                rest >>>= 7;
            }
            bytes[position++] = (byte)rest;
            return position;
        }
    }
}
