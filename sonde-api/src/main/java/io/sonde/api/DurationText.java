package io.sonde.api;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people write them, on the command line, in scenario files and in the probe's config alike: a number
 * and a unit, {@code ns}, {@code us} (or {@code µs}), {@code ms}, {@code s}, {@code m} or {@code h}, e.g.
 * {@code 250us}, {@code 1.5ms}, {@code 10s}, {@code 15m}; a bare number means seconds. One grammar, so what works in
 * {@code --timeout} also works as {@code timeout=} in a config file.
 */
public final class DurationText
{
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s|m|h)?");
    private static final long[] UNIT_NANOS = {3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L};
    private static final String[] UNITS = {"h", "m", "s", "ms", "us"};

    private DurationText()
    {
    }

    /**
     * @throws IllegalArgumentException naming the text and the form expected, when it is not a duration.
     */
    public static Duration parse(final String text)
    {
        final Matcher matcher = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches())
        {
            throw new IllegalArgumentException(
                "'" + text + "' is not a duration such as 250us, 20ms, 5s, 15m or 1h (a bare number is seconds)");
        }
        final double amount = Double.parseDouble(matcher.group(1));
        return Duration.ofNanos(Math.round(amount * nanosPer(matcher.group(2) == null ? "s" : matcher.group(2))));
    }

    /**
     * @throws IllegalArgumentException when {@code text} is not a duration, or is zero.
     */
    public static Duration parsePositive(final String text)
    {
        final Duration duration = parse(text);
        if (duration.isZero())
        {
            throw new IllegalArgumentException("'" + text + "' must be longer than zero");
        }
        return duration;
    }

    /**
     * @return the shortest exact form in the largest unit that keeps it whole, e.g. {@code 20ms}: it reads back to
     *         the same nanosecond; a negative one is the same with a minus, e.g. {@code -1s}.
     */
    public static String format(final Duration duration)
    {
        if (duration.isNegative())
        {
            return "-" + format(duration.negated());
        }
        final long nanos = duration.toNanos();
        if (nanos == 0)
        {
            return "0s";
        }
        for (int i = 0; i < UNIT_NANOS.length; i++)
        {
            if (nanos >= UNIT_NANOS[i] && nanos % UNIT_NANOS[i] == 0)
            {
                return nanos / UNIT_NANOS[i] + UNITS[i];
            }
        }
        return nanos + "ns";
    }

    private static double nanosPer(final String unit)
    {
        return switch (unit)
        {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            case "m" -> 60e9;
            case "h" -> 3600e9;
            default -> 1e9;
        };
    }
}
