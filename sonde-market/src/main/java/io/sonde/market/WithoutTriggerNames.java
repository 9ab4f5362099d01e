package io.sonde.market;

import org.agrona.DirectBuffer;

import java.util.ArrayList;
import java.util.List;

/**
 * The first orders that named no trigger, each as a line such as {@code ClOrdID X17: tag 58 absent}, written into
 * preallocated chars as they come and turned into Strings only when the counts are read.
 */
final class WithoutTriggerNames
{
    private static final int MAX_LINE = 160;

    private final char[][] lines = new char[MarketCounts.NAMED_ORDERS][MAX_LINE];
    private final int[] lengths = new int[MarketCounts.NAMED_ORDERS];
    private int count;
    private int line;

    boolean isFull()
    {
        return count == lines.length;
    }

    /**
     * Begin the next line with {@code ClOrdID <id>: }.
     */
    WithoutTriggerNames begin(final char[] clOrdId, final int clOrdIdLength)
    {
        line = count++;
        lengths[line] = 0;
        return append("ClOrdID ").append(clOrdId, clOrdIdLength).append(": ");
    }

    WithoutTriggerNames append(final String text)
    {
        for (int i = 0; i < text.length(); i++)
        {
            put(text.charAt(i));
        }
        return this;
    }

    WithoutTriggerNames append(final char[] chars, final int length)
    {
        for (int i = 0; i < length; i++)
        {
            put(chars[i]);
        }
        return this;
    }

    WithoutTriggerNames appendAscii(final DirectBuffer buffer, final int offset, final int length)
    {
        for (int i = 0; i < length; i++)
        {
            put((char)buffer.getByte(offset + i));
        }
        return this;
    }

    WithoutTriggerNames append(final long value)
    {
        if (value < 0)
        {
            put('-');
        }
        long divisor = 1;
        final long magnitude = Math.abs(value);
        while (magnitude / divisor >= 10)
        {
            divisor *= 10;
        }
        for (; divisor > 0; divisor /= 10)
        {
            put((char)('0' + magnitude / divisor % 10));
        }
        return this;
    }

    /**
     * A fixed-point price of four decimals, trailing zeros of the fraction left out: 1012301 is 101.2301.
     */
    WithoutTriggerNames appendPrice(final long price)
    {
        append(price / 10_000);
        long fraction = Math.abs(price % 10_000);
        if (fraction != 0)
        {
            put('.');
            int digits = 4;
            while (fraction % 10 == 0)
            {
                fraction /= 10;
                digits--;
            }
            for (long divisor = (long)Math.pow(10, digits - 1); divisor > 0; divisor /= 10)
            {
                put((char)('0' + fraction / divisor % 10));
            }
        }
        return this;
    }

    List<String> lines()
    {
        final List<String> named = new ArrayList<>(count);
        for (int i = 0; i < count; i++)
        {
            named.add(new String(lines[i], 0, lengths[i]));
        }
        return named;
    }

    void clear()
    {
        count = 0;
    }

    private void put(final char c)
    {
        if (lengths[line] < MAX_LINE)
        {
            lines[line][lengths[line]++] = c;
        }
    }
}
