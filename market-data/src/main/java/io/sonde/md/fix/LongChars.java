package io.sonde.md.fix;

/**
 * Writes a non-negative long as decimal ASCII into a reused array, so ids reach FIX fields without a String.
 */
public final class LongChars
{
    private final char[] digits = new char[20];

    /**
     * @return the number of characters written at the start of {@link #chars()}.
     */
    public int encode(final long value)
    {
        long remaining = value;
        int length = 0;
        do
        {
            digits[digits.length - 1 - length] = (char)('0' + remaining % 10);
            remaining /= 10;
            length++;
        }
        while (remaining > 0);
        System.arraycopy(digits, digits.length - length, digits, 0, length);
        return length;
    }

    public char[] chars()
    {
        return digits;
    }
}
