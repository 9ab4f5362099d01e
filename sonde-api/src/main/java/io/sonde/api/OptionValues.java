package io.sonde.api;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Option values as typed on the command line, for the setters of {@link OptionSetters}: whole numbers, flags,
 * lists of rates and instants, each refused with a message that shows the text given.
 */
final class OptionValues
{
    private OptionValues()
    {
    }

    static int integer(final String value)
    {
        try
        {
            return Integer.parseInt(value.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new InvalidOptionException("'" + value + "' is not a whole number", ex);
        }
    }

    static boolean flag(final String value)
    {
        final String text = value.trim().toLowerCase(Locale.ROOT);
        if (!text.equals("true") && !text.equals("false"))
        {
            throw new InvalidOptionException("'" + value + "' is neither true nor false");
        }
        return Boolean.parseBoolean(text);
    }

    /**
     * @param value rates separated by commas, each as {@link Rates#parse} reads it.
     */
    static List<Double> rates(final String value)
    {
        final List<Double> rates = new ArrayList<>();
        for (final String rate : value.split(","))
        {
            rates.add(Rates.parse(rate));
        }
        return rates;
    }

    /**
     * @param value ISO-8601, e.g. {@code 2026-11-23T12:00:00Z}.
     */
    static Instant instant(final String value)
    {
        return Instant.parse(value.trim());
    }
}
