package io.sonde.strategy;

/**
 * Writes a non-negative long in decimal into a reused char array, so a number reaches a FIX field without a String.
 */
final class LongText
{
    private LongText()
    {
    }

    /**
     * @return the number of characters written at {@code offset}.
     */
    static int write(final long value, final char[] into, final int offset)
    {
        int length = 1;
        for (long rest = value / 10; rest > 0; rest /= 10)
        {
            length++;
        }
        long rest = value;
        for (int i = offset + length - 1; i >= offset; i--)
        {
            into[i] = (char)('0' + rest % 10);
            rest /= 10;
        }
        return length;
    }
}
