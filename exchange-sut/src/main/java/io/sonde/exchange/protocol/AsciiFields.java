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
}
