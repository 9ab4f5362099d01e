package io.sonde.api;

import java.time.Duration;
import java.util.List;

/**
 * The limits a run or a sweep is judged on ({@link Limits}), by typed setter; every option is also taken by its
 * command-line name ({@link #set(String, String)}). The load's own options are {@link LoadBuilder}'s.
 *
 * @param <B> the concrete builder, returned by every setter.
 */
public abstract class LimitsBuilder<B extends LimitsBuilder<B>> extends SpecBuilder<B>
{
    LimitsBuilder(final List<Option<?>> options)
    {
        super(options);
    }

    /**
     * @param slo objectives on the corrected lifecycle latency.
     * @return this builder.
     */
    public final B slo(final List<Slo> slo)
    {
        return with(Limits.SLO, slo);
    }

    /**
     * @param objectives objectives as typed, e.g. {@code p99=2ms,p99.99=10ms}.
     * @return this builder.
     * @throws InvalidOptionException naming the objective that cannot be read.
     */
    public final B slo(final String objectives)
    {
        return set(Limits.SLO.name(), objectives);
    }

    /**
     * @param percent lifecycles that may fail before the run is missed.
     * @return this builder.
     */
    public final B maxErrorRatePercent(final double percent)
    {
        return with(Limits.MAX_ERROR_RATE, percent);
    }

    /**
     * @param percent how far short of its target rate a run may fall.
     * @return this builder.
     */
    public final B maxMissPercent(final double percent)
    {
        return with(Limits.MAX_MISS, percent);
    }

    /**
     * @param lateness send-lateness p99 above which the result is void.
     * @return this builder.
     */
    public final B maxSendLateness(final Duration lateness)
    {
        return with(Limits.MAX_SEND_LATENESS, lateness);
    }

    /**
     * @param hiccup hiccup p99.9 above which the result is void.
     * @return this builder.
     */
    public final B maxHiccup(final Duration hiccup)
    {
        return with(Limits.MAX_HICCUP, hiccup);
    }

    /**
     * @return the limits as given so far, for a command that judges a load of its own (a replay).
     * @throws InvalidOptionException naming the limit that is out of range.
     */
    public final Limits buildLimits()
    {
        return new Limits(values());
    }
}
