package io.sonde.scenarios.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses request rates per second: {@code 500}, {@code 5k}, {@code 2.5k}, {@code 1m} (a million), with an
 * optional {@code /s} suffix.
 */
public final class RateConverter implements ITypeConverter<Double>
{
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)([km]?)(?:/s)?");

    public Double convert(final String value)
    {
        final Matcher matcher = FORMAT.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches())
        {
            throw new TypeConversionException("'" + value + "' is not a rate per second (examples: 500, 5k, 2.5k, 1m)");
        }
        final double rate = Double.parseDouble(matcher.group(1)) * multiplier(matcher.group(2));
        if (rate <= 0)
        {
            throw new TypeConversionException("rate must be positive: '" + value + "'");
        }
        return rate;
    }

    private static double multiplier(final String suffix)
    {
        switch (suffix)
        {
            case "k":
                return 1e3;
            case "m":
                return 1e6;
            default:
                return 1;
        }
    }
}
