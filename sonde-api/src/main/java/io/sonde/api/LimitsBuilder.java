package io.sonde.api;

import java.time.Duration;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The limits a run or a sweep is judged on ({@link Limits}), and what every builder of Sonde's options has: any
 * option taken by its command-line name ({@link #set(String, String)}), checked as the command line checks it.
 * The load's own options are {@link LoadBuilder}'s; a builder is not thread-safe.
 *
 * @param <B> the concrete builder, returned by every setter.
 */
public abstract class LimitsBuilder<B extends LimitsBuilder<B>>
{
    private final OptionSetters<B> options = new OptionSetters<>();

    private List<Slo> slo;
    private double maxErrorRatePercent = Limits.DEFAULT_MAX_ERROR_RATE_PERCENT;
    private double maxMissPercent = Limits.DEFAULT_MAX_MISS_PERCENT;
    private Duration maxSendLateness = Limits.DEFAULT_MAX_SEND_LATENESS;
    private Duration maxHiccup = Limits.DEFAULT_MAX_HICCUP;

    /**
     * @param defaultSlo the objectives unless {@link #slo} is given: none for a run, a loose one for a sweep.
     */
    LimitsBuilder(final List<Slo> defaultSlo)
    {
        slo = defaultSlo;
    }

    /**
     * Set an option by its command-line name ({@code sessions} or {@code --sessions}) from its command-line text
     * ({@code 5k}, {@code 30s}, {@code p99=2ms}, {@code true}).
     *
     * @return this builder.
     * @throws InvalidOptionException for an option Sonde does not have (naming the nearest it does), or a value
     *                                that cannot be read.
     */
    public final B set(final String option, final String value)
    {
        options.set(self(), option, value);
        return self();
    }

    /**
     * @return the names {@link #set(String, String)} takes, in the order of the command line's help.
     */
    public final List<String> optionNames()
    {
        return options.names();
    }

    /**
     * @param slo objectives on the corrected lifecycle latency.
     * @return this builder.
     */
    public final B slo(final List<Slo> slo)
    {
        this.slo = slo;
        return self();
    }

    /**
     * @param objectives objectives as typed, e.g. {@code p99=2ms,p99.99=10ms}.
     * @return this builder.
     * @throws InvalidOptionException naming the objective that cannot be read.
     */
    public final B slo(final String objectives)
    {
        try
        {
            return slo(Slo.parse(objectives));
        }
        catch (final InvalidOptionException ex)
        {
            throw InvalidOptionException.of("--slo", ex);
        }
    }

    /**
     * @param percent lifecycles that may fail before the run is missed.
     * @return this builder.
     */
    public final B maxErrorRatePercent(final double percent)
    {
        this.maxErrorRatePercent = percent;
        return self();
    }

    /**
     * @param percent how far short of its target rate a run may fall.
     * @return this builder.
     */
    public final B maxMissPercent(final double percent)
    {
        this.maxMissPercent = percent;
        return self();
    }

    /**
     * @param lateness send-lateness p99 above which the result is void.
     * @return this builder.
     */
    public final B maxSendLateness(final Duration lateness)
    {
        this.maxSendLateness = lateness;
        return self();
    }

    /**
     * @param hiccup hiccup p99.9 above which the result is void.
     * @return this builder.
     */
    public final B maxHiccup(final Duration hiccup)
    {
        this.maxHiccup = hiccup;
        return self();
    }

    /**
     * @return the limits as given so far.
     * @throws InvalidOptionException naming the limit that is out of range.
     */
    public final Limits buildLimits()
    {
        return new Limits(slo, maxErrorRatePercent, maxMissPercent, maxSendLateness, maxHiccup);
    }

    /**
     * Adds an option of the concrete builder to those {@link #set(String, String)} takes.
     */
    final void option(final String name, final BiConsumer<B, String> setter)
    {
        options.add(name, setter);
    }

    abstract B self();
}
