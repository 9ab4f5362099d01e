package io.sonde.api;

import java.time.Duration;
import java.util.List;

/**
 * What a run, or each step of a sweep, is judged on: its latency objectives, the share of lifecycles that may fail,
 * how far short of its rate it may fall, and how much Sonde itself may fall behind before the result is void. Each
 * limit is defined here once, as an {@link Option} named as on the command line.
 */
public final class Limits
{
    public static final Option<List<Slo>> SLO = Option.of("slo", "OBJECTIVES", Slo::parse,
        "Objectives on corrected latency, e.g. p99=2ms,p99.99=10ms, each limit with its unit; exit code 1 when " +
            "one is missed.").writtenAs(Slo::format);
    public static final Option<Double> MAX_ERROR_RATE = Option.number("max-error-rate", "PERCENT",
        "Percent of lifecycles that may fail (rejected or timed out) before the run counts as missed.")
        .byDefault(1.0).checked(value -> percent("--max-error-rate", value));
    public static final Option<Double> MAX_MISS = Option.number("max-miss", "PERCENT",
        "Percent of the target rate a run (or step) may fall short of.")
        .byDefault(1.0).checked(value -> percent("--max-miss", value));
    public static final Option<Duration> MAX_SEND_LATENESS = Option.duration("max-send-lateness",
        "Send-lateness p99 above which Sonde itself fell behind and the result is void (generator-limited).")
        .byDefault(Duration.ofMillis(20)).checked(value -> positive("--max-send-lateness", value));
    public static final Option<Duration> MAX_HICCUP = Option.duration("max-hiccup",
        "Hiccup p99.9 above which Sonde's process stalled and the result is void (generator-limited).")
        .byDefault(Duration.ofMillis(50)).checked(value -> positive("--max-hiccup", value));

    private final OptionValues values;

    Limits(final OptionValues values)
    {
        this.values = values;
    }

    /**
     * @return every limit, with no objectives unless given, in the order of the command line's help.
     */
    public static List<Option<?>> options()
    {
        return options(List.of());
    }

    /**
     * @param defaultSlo the command's objectives unless given: none for a run, a loose one for a sweep.
     * @return every limit, in the order of the command line's help.
     */
    static List<Option<?>> options(final List<Slo> defaultSlo)
    {
        return List.of(SLO.byDefault(defaultSlo), MAX_ERROR_RATE, MAX_MISS, MAX_SEND_LATENESS, MAX_HICCUP);
    }

    public List<Slo> slo()
    {
        return values.get(SLO);
    }

    public double maxErrorRatePercent()
    {
        return values.get(MAX_ERROR_RATE);
    }

    public double maxMissPercent()
    {
        return values.get(MAX_MISS);
    }

    public Duration maxSendLateness()
    {
        return values.get(MAX_SEND_LATENESS);
    }

    public Duration maxHiccup()
    {
        return values.get(MAX_HICCUP);
    }

    public boolean equals(final Object other)
    {
        return other instanceof Limits limits && limits.values.equals(values);
    }

    public int hashCode()
    {
        return values.hashCode();
    }

    private static void percent(final String option, final double value)
    {
        if (!(value >= 0 && value <= 100))
        {
            throw new InvalidOptionException(option + " must be a percentage from 0 to 100: " + value);
        }
    }

    private static void positive(final String option, final Duration value)
    {
        if (value.isNegative() || value.isZero())
        {
            throw new InvalidOptionException(option + " must be a positive duration: " + DurationText.format(value));
        }
    }
}
