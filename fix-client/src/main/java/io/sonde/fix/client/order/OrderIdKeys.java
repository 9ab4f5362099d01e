package io.sonde.fix.client.order;

/**
 * The key Sonde knows an order by on the venue's public feed: its OrderID (37) as a long. An OrderID of 1 to 18
 * digits is its number (the bundled exchange's are, and its feed carries the same number), so a report and a
 * feed event meet without a lookup; any other text is the FNV-1a 64-bit hash of its characters with the sign bit
 * set, which no number of 18 digits has. Two different texts may share a hash: with n orders in flight the chance
 * is about n&sup2;/2&sup6;&sup4; (below one in a billion at a million orders), and a collision would at worst time
 * one order by another's event, so the key is kept to one long rather than the text.
 */
public final class OrderIdKeys
{
    /** No OrderID was learned. */
    public static final long NONE = Long.MIN_VALUE;

    private static final int MAX_NUMBER_DIGITS = 18;
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private OrderIdKeys()
    {
    }

    /**
     * @return the key of the OrderID in {@code id[0, length)}; {@link #NONE} when it is empty.
     */
    public static long of(final char[] id, final int length)
    {
        if (length <= 0)
        {
            return NONE;
        }
        if (length <= MAX_NUMBER_DIGITS)
        {
            long number = 0;
            int i = 0;
            while (i < length && id[i] >= '0' && id[i] <= '9')
            {
                number = number * 10 + (id[i] - '0');
                i++;
            }
            if (i == length)
            {
                return number;
            }
        }
        long hash = FNV_OFFSET;
        for (int i = 0; i < length; i++)
        {
            hash = (hash ^ id[i]) * FNV_PRIME;
        }
        final long key = hash | Long.MIN_VALUE;
        return key == NONE ? NONE + 1 : key;
    }

    /**
     * @return the OrderID a key stands for, for messages to people: the number, or the hash of a text.
     */
    public static String describe(final long key)
    {
        return key >= 0 ? Long.toString(key) : String.format("#%016x", key);
    }
}
