package io.sonde.api;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Request rates per second as people type them: {@code 500}, {@code 5k}, {@code 2.5k}, {@code 1m} (a million), with
 * an optional {@code /s} suffix.
 */
public final class Rates
{
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)([km]?)(?:/s)?");

    private Rates()
    {
    }

    /**
     * @return the rate per second.
     * @throws InvalidOptionException when it cannot be read or is not positive.
     */
    public static double parse(final String value)
    {
        final Matcher matcher = FORMAT.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches())
        {
            throw new InvalidOptionException("'" + value + "' is not a rate per second (examples: 500, 5k, 2.5k, 1m)");
        }
        final double rate = Double.parseDouble(matcher.group(1)) * switch (matcher.group(2))
        {
            case "k" -> 1e3;
            case "m" -> 1e6;
            default -> 1;
        };
        if (rate <= 0)
        {
            throw new InvalidOptionException("rate must be positive: '" + value + "'");
        }
        return rate;
    }

    /**
     * @return the rate as {@link #parse} reads it back, exactly, in thousands or millions where they keep it short:
     *         {@code 500}, {@code 2.5k}, {@code 1m}.
     */
    public static String format(final double rate)
    {
        final BigDecimal exact = new BigDecimal(Double.toString(rate));
        if (rate >= 1e6)
        {
            return plain(exact.movePointLeft(6)) + "m";
        }
        return rate >= 1e3 ? plain(exact.movePointLeft(3)) + "k" : plain(exact);
    }

    private static String plain(final BigDecimal number)
    {
        return number.stripTrailingZeros().toPlainString();
    }
}
