package io.sonde.acceptor;

/**
 * A session's ExecIDs, 1, 2, 3, ..., written as digits into a reused array, so an answer allocates nothing: the
 * acceptor is the counterparty of throughput sweeps and must not add garbage collections of its own.
 */
final class ExecIds
{
    private static final int MAX_LONG_DIGITS = 19;

    private final char[] chars = new char[MAX_LONG_DIGITS];
    private final char[] reversed = new char[MAX_LONG_DIGITS];
    private long last;

    /**
     * @return the array {@link #next()} writes into.
     */
    char[] chars()
    {
        return chars;
    }

    /**
     * Writes the next ExecID into {@link #chars()}.
     *
     * @return how many characters were written.
     */
    int next()
    {
        int length = 0;
        long rest = ++last;
        do
        {
            reversed[length++] = (char)('0' + rest % 10);
            rest /= 10;
        }
        while (rest > 0);
        for (int i = 0; i < length; i++)
        {
            chars[i] = reversed[length - 1 - i];
        }
        return length;
    }
}
