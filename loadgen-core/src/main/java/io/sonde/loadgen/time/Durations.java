package io.sonde.loadgen.time;

/**
 * Measured durations and numbers as people read them in tables and alerts. The grammar people write durations in
 * is the API's {@code DurationText}.
 */
public final class Durations
{
    private Durations()
    {
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

    /**
     * @return a number without a trailing {@code .0}, e.g. {@code 99} or {@code 99.9}.
     */
    public static String number(final double value)
    {
        return value == Math.rint(value) ? Long.toString((long)value) : Double.toString(value);
    }
}
