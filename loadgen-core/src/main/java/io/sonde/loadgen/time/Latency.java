package io.sonde.loadgen.time;

import java.util.Locale;

/**
 * Formats latencies for people: three significant figures in the unit that fits (µs, ms, s).
 */
public final class Latency
{
    private Latency()
    {
    }

    /**
     * @param micros a latency in microseconds.
     * @return e.g. {@code 9.31µs}, {@code 152µs}, {@code 1.52ms}, {@code 2.10s}.
     */
    public static String formatMicros(final double micros)
    {
        if (micros < 1_000)
        {
            return threeFigures(micros) + "µs";
        }
        if (micros < 1_000_000)
        {
            return threeFigures(micros / 1_000) + "ms";
        }
        return threeFigures(micros / 1_000_000) + "s";
    }

    public static String formatNanos(final long nanos)
    {
        return formatMicros(nanos / 1_000.0);
    }

    private static String threeFigures(final double value)
    {
        if (value >= 100)
        {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        if (value >= 10)
        {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
