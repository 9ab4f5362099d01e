package io.sonde.api;

import java.time.Duration;
import java.util.List;

/**
 * Everything one measured run (or each step of a sweep) is judged on.
 *
 * @param slo                 objectives on the corrected lifecycle latency ({@code --slo}).
 * @param maxErrorRatePercent lifecycles that may fail, rejected or timed out, before the run is missed
 *                            ({@code --max-error-rate}).
 * @param maxMissPercent      how far short of its target rate a run may fall ({@code --max-miss}).
 * @param maxSendLateness     send-lateness p99 above which Sonde itself fell behind and the result is void
 *                            ({@code --max-send-lateness}).
 * @param maxHiccup           hiccup p99.9 above which Sonde's process stalled and the result is void
 *                            ({@code --max-hiccup}).
 */
public record Limits(
    List<Slo> slo, double maxErrorRatePercent, double maxMissPercent, Duration maxSendLateness, Duration maxHiccup)
{
    /** {@code --max-error-rate} unless given, percent. */
    public static final double DEFAULT_MAX_ERROR_RATE_PERCENT = 1;
    /** {@code --max-miss} unless given, percent. */
    public static final double DEFAULT_MAX_MISS_PERCENT = 1;
    /** {@code --max-send-lateness} unless given. */
    public static final Duration DEFAULT_MAX_SEND_LATENESS = Duration.ofMillis(20);
    /** {@code --max-hiccup} unless given. */
    public static final Duration DEFAULT_MAX_HICCUP = Duration.ofMillis(50);

    /**
     * @throws InvalidOptionException naming the limit that is out of range.
     */
    public Limits
    {
        slo = List.copyOf(slo);
        percent("--max-error-rate", maxErrorRatePercent);
        percent("--max-miss", maxMissPercent);
        positive("--max-send-lateness", maxSendLateness);
        positive("--max-hiccup", maxHiccup);
    }

    /**
     * @param defaultSlo the command's objectives unless given.
     * @return the options as the command line takes them, only those that differ from its defaults.
     */
    List<String> arguments(final List<Slo> defaultSlo)
    {
        return new Arguments()
            .list("--slo", slo.equals(defaultSlo) ? null : slo)
            .add("--max-error-rate", maxErrorRatePercent == DEFAULT_MAX_ERROR_RATE_PERCENT ? null : maxErrorRatePercent)
            .add("--max-miss", maxMissPercent == DEFAULT_MAX_MISS_PERCENT ? null : maxMissPercent)
            .add("--max-send-lateness", maxSendLateness.equals(DEFAULT_MAX_SEND_LATENESS) ? null : maxSendLateness)
            .add("--max-hiccup", maxHiccup.equals(DEFAULT_MAX_HICCUP) ? null : maxHiccup)
            .toList();
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
        if (value == null || value.isNegative() || value.isZero())
        {
            throw new InvalidOptionException(option + " must be a positive duration: " + value);
        }
    }
}
