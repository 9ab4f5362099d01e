package io.sonde.market;

import org.agrona.DirectBuffer;

import java.nio.charset.StandardCharsets;

/**
 * Finds the echo tag in a raw FIX message and reads its value as a trigger number. It looks for
 * {@code SOH TAG =}, with the tag's bytes precomputed, so asked for 58 it never takes 158 or 5800.
 */
final class EchoTagScanner
{
    /** The message has no such tag. */
    static final long ABSENT = -1;
    /** The tag is there, but its value is not a number of 1 to 18 digits. */
    static final long MALFORMED = -2;

    private static final byte SOH = 1;
    private static final byte EQUALS = '=';
    private static final int MAX_DIGITS = 18;

    private final byte[] tagBytes;
    private int valueOffset;
    private int valueLength;

    EchoTagScanner(final int tag)
    {
        if (tag <= 0)
        {
            throw new IllegalArgumentException("tag " + tag + " is not a tag");
        }
        tagBytes = Integer.toString(tag).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * @return the tag's value, at least 0; or {@link #ABSENT} or {@link #MALFORMED}. After a value or a malformed
     * one, {@link #valueOffset()} and {@link #valueLength()} say where its bytes are.
     */
    long scan(final DirectBuffer buffer, final int offset, final int length)
    {
        final int end = offset + length;
        final int tagLength = tagBytes.length;
        for (int i = offset; i + tagLength + 1 < end; i++)
        {
            if (buffer.getByte(i) == SOH && matchesTag(buffer, i + 1) && buffer.getByte(i + 1 + tagLength) == EQUALS)
            {
                return parseValue(buffer, i + tagLength + 2, end);
            }
        }
        return ABSENT;
    }

    int valueOffset()
    {
        return valueOffset;
    }

    int valueLength()
    {
        return valueLength;
    }

    private boolean matchesTag(final DirectBuffer buffer, final int at)
    {
        for (int j = 0; j < tagBytes.length; j++)
        {
            if (buffer.getByte(at + j) != tagBytes[j])
            {
                return false;
            }
        }
        return true;
    }

    private long parseValue(final DirectBuffer buffer, final int start, final int end)
    {
        long value = 0;
        int i = start;
        boolean digitsOnly = true;
        while (i < end && buffer.getByte(i) != SOH)
        {
            final byte b = buffer.getByte(i);
            if (b < '0' || b > '9')
            {
                digitsOnly = false;
            }
            else if (digitsOnly)
            {
                value = value * 10 + (b - '0');
            }
            i++;
        }
        valueOffset = start;
        valueLength = i - start;
        return digitsOnly && valueLength > 0 && valueLength <= MAX_DIGITS ? value : MALFORMED;
    }
}
