package io.sonde.scenarios.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses human durations: {@code 250us}, {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h}; a bare
 * number means seconds.
 */
public final class DurationConverter implements ITypeConverter<Duration>
{
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s|m|h)?");

    public Duration convert(final String value)
    {
        final Matcher matcher = FORMAT.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches())
        {
            throw new TypeConversionException("'" + value + "' is not a duration (examples: 250us, 500ms, 10s, 2m)");
        }
        final double amount = Double.parseDouble(matcher.group(1));
        final String unit = matcher.group(2) == null ? "s" : matcher.group(2);
        return Duration.ofNanos(Math.round(amount * nanosPer(unit)));
    }

    private static double nanosPer(final String unit)
    {
        switch (unit)
        {
            case "ns":
                return 1;
            case "us":
            case "µs":
                return 1e3;
            case "ms":
                return 1e6;
            case "m":
                return 60e9;
            case "h":
                return 3600e9;
            default:
                return 1e9;
        }
    }
}
