package io.sonde.fix.client.replay;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A logged price or quantity as Sonde sends it: a price in whole hundredths, a quantity in whole units. Digits
 * beyond that are allowed only as trailing zeros, so nothing recorded is rounded on the way to the wire.
 */
final class RecordedNumbers
{
    /** What {@link #cents} and {@link #quantity} return for text Sonde cannot send as it is. */
    static final long NOT_SENDABLE = -1;
    /** 15 digits keep a price in hundredths within a long. */
    private static final int MOST_DIGITS = 15;
    private static final Pattern DECIMAL = Pattern.compile("(\\d+)(?:\\.(\\d*))?");

    private RecordedNumbers()
    {
    }

    /**
     * @return the price in hundredths, or {@link #NOT_SENDABLE}.
     */
    static long cents(final String price)
    {
        final Matcher matcher = DECIMAL.matcher(price);
        final String fraction = matcher.matches() && matcher.group(2) != null ? matcher.group(2) : "";
        if (!matcher.matches() || !isZeros(fraction, 2) || matcher.group(1).length() > MOST_DIGITS)
        {
            return NOT_SENDABLE;
        }
        final String hundredths = (fraction + "00").substring(0, 2);
        return Long.parseLong(matcher.group(1)) * 100 + Long.parseLong(hundredths);
    }

    /**
     * @return the whole quantity, or {@link #NOT_SENDABLE}.
     */
    static long quantity(final String quantity)
    {
        final Matcher matcher = DECIMAL.matcher(quantity);
        if (!matcher.matches() || (matcher.group(2) != null && !isZeros(matcher.group(2), 0)) ||
            matcher.group(1).length() > MOST_DIGITS)
        {
            return NOT_SENDABLE;
        }
        return Long.parseLong(matcher.group(1));
    }

    /**
     * @return whether every digit of {@code fraction} after the first {@code kept} is a zero.
     */
    private static boolean isZeros(final String fraction, final int kept)
    {
        for (int i = kept; i < fraction.length(); i++)
        {
            if (fraction.charAt(i) != '0')
            {
                return false;
            }
        }
        return true;
    }
}
