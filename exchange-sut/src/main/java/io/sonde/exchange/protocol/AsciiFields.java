package io.sonde.exchange.protocol;

/**
 * Identifiers travel as fixed-width SBE char arrays, null-padded: a shorter one ends at its first NUL. The
 * gateway refuses an identifier that is too long or holds a NUL before it gets here.
 */
public final class AsciiFields
{
    private AsciiFields()
    {
    }

    /**
     * @return how many characters {@code field} holds: up to its first NUL, or its whole width.
     */
    public static int length(final byte[] field)
    {
        for (int i = 0; i < field.length; i++)
        {
            if (field[i] == 0)
            {
                return i;
            }
        }
        return field.length;
    }

    /**
     * Whether the protocol carries the identifier as it is: 1 to {@code width} ASCII characters and no NUL,
     * which would end it early (identifiers are null-padded).
     */
    public static boolean isCarried(final char[] chars, final int length, final int width)
    {
        if (length < 1 || length > width)
        {
            return false;
        }
        for (int i = 0; i < length; i++)
        {
            if (chars[i] == 0 || chars[i] > 127)
            {
                return false;
            }
        }
        return true;
    }
}
