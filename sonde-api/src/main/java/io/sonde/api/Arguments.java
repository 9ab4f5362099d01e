package io.sonde.api;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The command-line options that reproduce a spec, built option by option in the command line's own syntax, so that
 * a spec can be handed to the {@code sonde} CLI in another process or a container and be read back equal.
 */
final class Arguments
{
    private final List<String> args = new ArrayList<>();

    Arguments add(final String option, final Object value)
    {
        if (value != null)
        {
            args.add(option);
            args.add(text(value));
        }
        return this;
    }

    Arguments flag(final String option, final boolean set)
    {
        if (set)
        {
            args.add(option);
        }
        return this;
    }

    Arguments list(final String option, final List<?> values)
    {
        if (values != null)
        {
            add(option, values.stream().map(Arguments::text).collect(Collectors.joining(",")));
        }
        return this;
    }

    List<String> toList()
    {
        return List.copyOf(args);
    }

    private static String text(final Object value)
    {
        if (value instanceof Duration duration)
        {
            return duration(duration);
        }
        if (value instanceof Double number)
        {
            return new BigDecimal(Double.toString(number)).stripTrailingZeros().toPlainString();
        }
        return value.toString();
    }

    /**
     * Exact, in the largest unit that divides it, so it reads back to the same nanosecond.
     */
    private static String duration(final Duration duration)
    {
        final long nanos = duration.toNanos();
        if (nanos % 1_000_000_000L == 0)
        {
            return nanos / 1_000_000_000L + "s";
        }
        if (nanos % 1_000_000L == 0)
        {
            return nanos / 1_000_000L + "ms";
        }
        if (nanos % 1_000L == 0)
        {
            return nanos / 1_000L + "us";
        }
        return nanos + "ns";
    }
}
