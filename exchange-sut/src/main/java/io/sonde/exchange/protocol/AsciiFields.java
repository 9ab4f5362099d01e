package io.sonde.exchange.protocol;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Fixed-width ASCII fields inside binary messages: the bytes, padded to the field width, with their length
 * kept beside them. Identifiers longer than the field are refused by the gateway before they get here.
 */
final class AsciiFields
{
    private AsciiFields()
    {
    }

    static void put(
        final MutableDirectBuffer buffer, final int offset, final int width, final DirectBuffer source,
        final int sourceOffset, final int length)
    {
        checkLength(length, width);
        buffer.putBytes(offset, source, sourceOffset, length);
        buffer.setMemory(offset + length, width - length, (byte)0);
    }

    static void put(final MutableDirectBuffer buffer, final int offset, final int width, final byte[] source,
        final int length)
    {
        checkLength(length, width);
        buffer.putBytes(offset, source, 0, length);
        buffer.setMemory(offset + length, width - length, (byte)0);
    }

    static void put(final MutableDirectBuffer buffer, final int offset, final int width, final char[] source,
        final int length)
    {
        checkLength(length, width);
        for (int i = 0; i < length; i++)
        {
            buffer.putByte(offset + i, (byte)source[i]);
        }
        buffer.setMemory(offset + length, width - length, (byte)0);
    }

    private static void checkLength(final int length, final int width)
    {
        if (length < 0 || length > width)
        {
            throw new IllegalArgumentException("field of " + length + " bytes does not fit in " + width);
        }
    }
}
