package io.sonde.fix.client.order;

/**
 * ClOrdID (tag 11) stamping: carries the request's sequence and its intended start time, so latency can be
 * computed from the echoed ExecutionReport without a lookup and a foreign or garbled id is recognised.
 * <p>
 * Layout: {@code [prefix][sequence: sequenceChars base-32 digits][intended nanoTime: 13 base-32 digits]},
 * fixed width, ASCII, and order-preserving: the digits {@code 0-9A-V} sort in ASCII order, so ids sort
 * as their sequences do. 13 digits hold all 64 bits of a nanoTime; the sequence keeps its low
 * {@code 5 * sequenceChars} bits and the full value is rebuilt from the sender's current sequence
 * ({@link #widen(long, long)}). The default (no prefix, 7 sequence digits) is 20 characters.
 * <p>
 * An order's messages share its number and differ in their stage: the sequence is
 * {@code orderNumber << 2 | stage} ({@link #stamp(long, int)}), so a report's ClOrdID alone says which order
 * and which of its messages (new, replace, cancel) it answers. The load client and the probe both stamp so.
 * <p>
 * Encoding and decoding work in caller-supplied char arrays and allocate nothing. Not thread-safe: the
 * last decoded values are kept in the codec.
 */
public final class ClOrdIdCodec
{
    public static final int NANOS_CHARS = 13;
    public static final int DEFAULT_SEQUENCE_CHARS = 7;
    /** The NewOrderSingle of an order. */
    public static final int NEW_STAGE = 0;
    /** An OrderCancelReplaceRequest of an order. */
    public static final int REPLACE_STAGE = 1;
    /** The OrderCancelRequest of an order. */
    public static final int CANCEL_STAGE = 2;
    private static final int STAGE_BITS = 2;
    private static final long STAGE_MASK = (1L << STAGE_BITS) - 1;
    private static final int BITS_PER_CHAR = 5;
    private static final int DIGIT_MASK = (1 << BITS_PER_CHAR) - 1;
    /** 13 digits carry 65 bits: the leading one may only use the 4 bits a 64-bit value leaves it. */
    private static final int MAX_LEADING_NANOS_DIGIT = 0xF;
    private static final char[] DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUV".toCharArray();

    private final char[] prefix;
    private final int sequenceChars;
    private final long sequenceMask;
    private final int length;
    private long decodedSequence;
    private long decodedIntendedNanos;

    public ClOrdIdCodec()
    {
        this("", DEFAULT_SEQUENCE_CHARS);
    }

    /**
     * @param prefix        marks ids as this generator's (e.g. the probe's synthetic orders); printable ASCII.
     * @param sequenceChars base-32 digits kept of the sequence, 1..12.
     */
    public ClOrdIdCodec(final String prefix, final int sequenceChars)
    {
        if (sequenceChars < 1 || sequenceChars > 12)
        {
            throw new IllegalArgumentException("ClOrdID sequence digits must be 1..12: " + sequenceChars);
        }
        for (int i = 0; i < prefix.length(); i++)
        {
            final char c = prefix.charAt(i);
            if (c <= ' ' || c > '~')
            {
                throw new IllegalArgumentException("ClOrdID prefix must be printable ASCII without spaces: '" +
                    prefix + "'");
            }
        }
        this.prefix = prefix.toCharArray();
        this.sequenceChars = sequenceChars;
        this.sequenceMask = (1L << (BITS_PER_CHAR * sequenceChars)) - 1;
        this.length = prefix.length() + sequenceChars + NANOS_CHARS;
    }

    /**
     * @return the characters every id of this codec starts with (empty for none).
     */
    public String prefix()
    {
        return new String(prefix);
    }

    /**
     * @return the fixed length of every id this codec writes.
     */
    public int length()
    {
        return length;
    }

    /**
     * Write the id for ({@code sequence}, {@code intendedNanos}) into {@code dst} from index 0.
     *
     * @return the number of chars written, always {@link #length()}.
     */
    public int encode(final char[] dst, final long sequence, final long intendedNanos)
    {
        System.arraycopy(prefix, 0, dst, 0, prefix.length);
        writeDigits(dst, prefix.length, sequenceChars, sequence & sequenceMask);
        writeDigits(dst, prefix.length + sequenceChars, NANOS_CHARS, intendedNanos);
        return length;
    }

    /**
     * @return the sequence that names stage {@code stage} of order {@code orderNumber}.
     */
    public static long stamp(final long orderNumber, final int stage)
    {
        return (orderNumber << STAGE_BITS) | stage;
    }

    /**
     * Write the id of stage {@code stage} of order {@code orderNumber} into {@code dst} from index 0.
     *
     * @return the number of chars written, always {@link #length()}.
     */
    public int encode(final char[] dst, final long orderNumber, final int stage, final long intendedNanos)
    {
        return encode(dst, stamp(orderNumber, stage), intendedNanos);
    }

    /**
     * Parse an id; on success {@link #sequenceLowBits()} and {@link #intendedNanos()} hold its values.
     *
     * @return false if {@code src[0, srcLength)} is not an id of this codec (wrong length, prefix or digit).
     */
    public boolean decode(final char[] src, final int srcLength)
    {
        final int nanosOffset = prefix.length + sequenceChars;
        if (srcLength != length || !hasPrefix(src) || !allDigits(src, prefix.length, length) ||
            digitValue(src[nanosOffset]) > MAX_LEADING_NANOS_DIGIT)
        {
            return false;
        }
        decodedSequence = readDigits(src, prefix.length, sequenceChars);
        decodedIntendedNanos = readDigits(src, nanosOffset, NANOS_CHARS);
        return true;
    }

    /**
     * @return the sequence bits of the last decoded id (the low {@code 5 * sequenceChars} bits).
     */
    public long sequenceLowBits()
    {
        return decodedSequence;
    }

    /**
     * @return the intended start nanoTime of the last decoded id.
     */
    public long intendedNanos()
    {
        return decodedIntendedNanos;
    }

    /**
     * @return the stage ({@link #NEW_STAGE}, {@link #REPLACE_STAGE}, {@link #CANCEL_STAGE}) of the last decoded id.
     */
    public int stage()
    {
        return (int)(decodedSequence & STAGE_MASK);
    }

    /**
     * @param nextOrderNumber the next order number the sender will issue.
     * @return the full number of the order the last decoded id belongs to, or -1 when it cannot be one issued
     *         yet.
     */
    public long orderNumber(final long nextOrderNumber)
    {
        final long sequence = widen(decodedSequence, stamp(nextOrderNumber, NEW_STAGE));
        return sequence < 0 ? -1 : sequence >>> STAGE_BITS;
    }

    /**
     * Rebuild a full sequence from its low bits: the latest sequence below {@code nextSequence} with them.
     *
     * @param lowBits      the decoded low bits.
     * @param nextSequence the next sequence the sender will issue.
     * @return the full sequence, or a negative value if none below {@code nextSequence} matches.
     */
    public long widen(final long lowBits, final long nextSequence)
    {
        long candidate = (nextSequence & ~sequenceMask) | lowBits;
        if (candidate >= nextSequence)
        {
            candidate -= sequenceMask + 1;
        }
        return candidate;
    }

    private static void writeDigits(final char[] dst, final int offset, final int count, final long value)
    {
        long remaining = value;
        for (int i = offset + count - 1; i >= offset; i--)
        {
            dst[i] = DIGITS[(int)(remaining & DIGIT_MASK)];
            remaining >>>= BITS_PER_CHAR;
        }
    }

    private static long readDigits(final char[] src, final int offset, final int count)
    {
        long value = 0;
        for (int i = offset; i < offset + count; i++)
        {
            value = (value << BITS_PER_CHAR) | digitValue(src[i]);
        }
        return value;
    }

    private boolean hasPrefix(final char[] src)
    {
        for (int i = 0; i < prefix.length; i++)
        {
            if (src[i] != prefix[i])
            {
                return false;
            }
        }
        return true;
    }

    private static boolean allDigits(final char[] src, final int from, final int to)
    {
        for (int i = from; i < to; i++)
        {
            if (digitValue(src[i]) < 0)
            {
                return false;
            }
        }
        return true;
    }

    private static int digitValue(final char c)
    {
        if (c >= '0' && c <= '9')
        {
            return c - '0';
        }
        if (c >= 'A' && c <= 'V')
        {
            return c - 'A' + 10;
        }
        return -1;
    }
}
