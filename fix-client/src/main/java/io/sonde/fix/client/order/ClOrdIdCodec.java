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
 * For venues that take only digits, {@link #digitsOnly(String, int)} writes the same two fields in decimal: the
 * sequence modulo {@code 10^sequenceChars}, and the intended time as microseconds modulo {@code 10^11} (27.7
 * hours) in 11 digits. Latency never comes from the id (the order table holds every time), so the time field only
 * has to tell this run's ids from an earlier run's that reused the same numbers.
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
    /** Digits-only ids keep 9 decimal digits of the sequence (250 million orders before they repeat): 20 in all. */
    public static final int DIGITS_ONLY_SEQUENCE_CHARS = 9;
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
    private static final int DECIMAL_TIME_CHARS = 11;
    private static final long DECIMAL_TIME_MODULUS = 100_000_000_000L;
    private static final int MAX_DECIMAL_SEQUENCE_CHARS = 17;

    private final char[] prefix;
    private final int sequenceChars;
    private final long sequenceMask;
    private final boolean decimal;
    private final long sequenceModulus;
    private final int timeChars;
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
        this(prefix, sequenceChars, false);
    }

    /**
     * Ids of decimal digits only, for venues that accept nothing else.
     *
     * @param prefix         digits that mark ids as this generator's.
     * @param sequenceDigits decimal digits kept of the sequence, 2..17 (so the stage survives the modulus).
     */
    public static ClOrdIdCodec digitsOnly(final String prefix, final int sequenceDigits)
    {
        if (!prefix.chars().allMatch(c -> c >= '0' && c <= '9'))
        {
            throw new IllegalArgumentException("a digits-only ClOrdID needs a prefix of digits: '" + prefix + "'");
        }
        return new ClOrdIdCodec(prefix, sequenceDigits, true);
    }

    private ClOrdIdCodec(final String prefix, final int sequenceChars, final boolean decimal)
    {
        final int maxSequenceChars = decimal ? MAX_DECIMAL_SEQUENCE_CHARS : 12;
        final int minSequenceChars = decimal ? 2 : 1;
        if (sequenceChars < minSequenceChars || sequenceChars > maxSequenceChars)
        {
            throw new IllegalArgumentException("ClOrdID sequence digits must be " + minSequenceChars + ".." +
                maxSequenceChars + ": " + sequenceChars);
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
        this.decimal = decimal;
        this.sequenceMask = (1L << (BITS_PER_CHAR * sequenceChars)) - 1;
        this.sequenceModulus = decimal ? powerOfTen(sequenceChars) : sequenceMask + 1;
        this.timeChars = decimal ? DECIMAL_TIME_CHARS : NANOS_CHARS;
        this.length = prefix.length() + sequenceChars + timeChars;
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
        if (decimal)
        {
            writeDecimal(dst, prefix.length, sequenceChars, sequence % sequenceModulus);
            writeDecimal(dst, prefix.length + sequenceChars, timeChars,
                Math.floorMod(Math.floorDiv(intendedNanos, 1000), DECIMAL_TIME_MODULUS));
        }
        else
        {
            writeDigits(dst, prefix.length, sequenceChars, sequence & sequenceMask);
            writeDigits(dst, prefix.length + sequenceChars, NANOS_CHARS, intendedNanos);
        }
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
        final int timeOffset = prefix.length + sequenceChars;
        if (srcLength != length || !hasPrefix(src))
        {
            return false;
        }
        if (decimal)
        {
            if (!allDecimal(src, prefix.length, length))
            {
                return false;
            }
            decodedSequence = readDecimal(src, prefix.length, sequenceChars);
            decodedIntendedNanos = readDecimal(src, timeOffset, timeChars) * 1000;
            return true;
        }
        if (!allDigits(src, prefix.length, length) || digitValue(src[timeOffset]) > MAX_LEADING_NANOS_DIGIT)
        {
            return false;
        }
        decodedSequence = readDigits(src, prefix.length, sequenceChars);
        decodedIntendedNanos = readDigits(src, timeOffset, NANOS_CHARS);
        return true;
    }

    /**
     * @return the sequence bits of the last decoded id (the low {@code 5 * sequenceChars} bits; for a digits-only
     *         id, the sequence modulo {@code 10^sequenceChars}).
     */
    public long sequenceLowBits()
    {
        return decodedSequence;
    }

    /**
     * @return the intended start nanoTime of the last decoded id; for a digits-only id, its microseconds modulo
     *         {@code 10^11}, in nanoseconds.
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
        long candidate = decimal ?
            nextSequence - nextSequence % sequenceModulus + lowBits : (nextSequence & ~sequenceMask) | lowBits;
        if (candidate >= nextSequence)
        {
            candidate -= sequenceModulus;
        }
        return candidate;
    }

    private static void writeDecimal(final char[] dst, final int offset, final int count, final long value)
    {
        long remaining = value;
        for (int i = offset + count - 1; i >= offset; i--)
        {
            dst[i] = (char)('0' + remaining % 10);
            remaining /= 10;
        }
    }

    private static long readDecimal(final char[] src, final int offset, final int count)
    {
        long value = 0;
        for (int i = offset; i < offset + count; i++)
        {
            value = value * 10 + (src[i] - '0');
        }
        return value;
    }

    private static boolean allDecimal(final char[] src, final int from, final int to)
    {
        for (int i = from; i < to; i++)
        {
            if (src[i] < '0' || src[i] > '9')
            {
                return false;
            }
        }
        return true;
    }

    private static long powerOfTen(final int exponent)
    {
        long value = 1;
        for (int i = 0; i < exponent; i++)
        {
            value *= 10;
        }
        return value;
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
