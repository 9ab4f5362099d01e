package io.sonde.probe.slo;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people write them in a config: {@code 250us}, {@code 20ms}, {@code 5s}, {@code 15m}, {@code 1h}.
 */
public final class Durations
{
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|ms|s|m|h)");

    private Durations()
    {
    }

    /**
     * @throws IllegalArgumentException when {@code text} is not a positive duration with a unit.
     */
    public static Duration parse(final String text)
    {
        final Matcher matcher = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches())
        {
            throw new IllegalArgumentException("'" + text + "' is not a duration such as 500us, 20ms, 5s, 15m or 1h");
        }
        final double amount = Double.parseDouble(matcher.group(1));
        final double nanosPerUnit = switch (matcher.group(2))
        {
            case "ns" -> 1;
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "m" -> 60e9;
            default -> 3600e9;
        };
        final long nanos = Math.round(amount * nanosPerUnit);
        if (nanos <= 0)
        {
            throw new IllegalArgumentException("'" + text + "' must be longer than zero");
        }
        return Duration.ofNanos(nanos);
    }

    /**
     * @return the shortest exact form in the largest unit that keeps it whole, e.g. {@code 20ms}.
     */
    public static String format(final long nanos)
    {
        final long[] sizes = {3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L};
        final String[] units = {"h", "m", "s", "ms", "us"};
        for (int i = 0; i < sizes.length; i++)
        {
            if (nanos >= sizes[i] && nanos % sizes[i] == 0)
            {
                return nanos / sizes[i] + units[i];
            }
        }
        return nanos + "ns";
    }

    /**
     * @return a measured duration for people: microseconds below a millisecond, else milliseconds with one
     *         decimal, e.g. {@code 850us}, {@code 155.2ms}.
     */
    public static String readable(final double nanos)
    {
        if (nanos < 1e6)
        {
            return Math.round(nanos / 1e3) + "us";
        }
        return number(Math.round(nanos / 1e5) / 10.0) + "ms";
    }

    static String number(final double value)
    {
        return value == Math.rint(value) ? Long.toString((long)value) : Double.toString(value);
    }
}
