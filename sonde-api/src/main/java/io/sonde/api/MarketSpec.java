package io.sonde.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One measured market run, as {@code sonde market} takes it: Sonde publishes a feed at an event rate for a duration
 * after a warm-up, accepts the trading application's order sessions, and times each trigger's reaction
 * (tick-to-trade), judged on its limits, its results written to a folder. Build one with {@link #builder()} and run
 * it in this process with {@code io.sonde.inprocess.Sonde.market}, or hand {@link #arguments()} to the command line
 * in another process or a container. Its objectives are all on tick-to-trade ({@code t2t.p99=2ms}).
 */
public final class MarketSpec
{
    /** The command's name. */
    public static final String COMMAND = "market";
    /** Event rate unless given (and no stages). */
    public static final double DEFAULT_RATE = 10_000;
    /** Measured time unless given (and no stages). */
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(30);

    public static final Option<Double> RATE = Option.rate("rate", "Feed events published per second, triggers " +
        "included.").fallingBackTo(DEFAULT_RATE, "%s, or the stages'")
        .excluding(MarketLoad.STAGES, "--rate and --stages both set the rate: give one");
    public static final Option<Duration> DURATION = Option.duration("duration", "Measured time.")
        .fallingBackTo(DEFAULT_DURATION, "%s, or the stages'");
    public static final Option<Duration> WARMUP = MeasuredLoadSpec.warmup(Duration.ofSeconds(5),
        "Warm-up before measuring, published, answered and logged but not reported.");
    public static final Option<Path> FLOOR = FloorChoice.OPTION;
    public static final Option<Path> OUT = MeasuredLoadSpec.out(Path.of("results", "market"), "Output folder: " +
        "run.hlog, summary.json.");

    /** Every option of {@code sonde market}, in the order of its help. */
    public static final List<Option<?>> OPTIONS = options();

    private final OptionValues values;
    private final MarketLoad load;
    private final Limits limits;

    /**
     * @throws InvalidOptionException naming the options that are wrong or do not go together.
     */
    private MarketSpec(final OptionValues values)
    {
        this.values = values;
        load = new MarketLoad(values);
        limits = new Limits(values);
        load.checkRates(true);
        MarketLoad.checkObjectives(limits.slo(), COMMAND);
        duration().ifPresent(duration ->
        {
            if (duration.isNegative() || duration.isZero())
            {
                throw new InvalidOptionException("--duration must be positive: " + DurationText.format(duration));
            }
            load.stages().ifPresent(stages ->
            {
                if (!duration.equals(stages.total()))
                {
                    throw new InvalidOptionException("--duration " + DurationText.format(duration) + " does not " +
                        "match --stages " + stages + ", which last " + DurationText.format(stages.total()) +
                        ": drop --duration, or make them agree");
                }
            });
        });
        load.checkCapacity(load.stages().map(MarketSpec::highestRate).orElseGet(this::offeredRate));
    }

    /**
     * @return a builder with every option at its command-line default.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    public MarketLoad load()
    {
        return load;
    }

    public Limits limits()
    {
        return limits;
    }

    /**
     * @return the event rate given; {@link #offeredRate()} is the rate offered.
     */
    public Optional<Double> rate()
    {
        return values.given(RATE);
    }

    /**
     * @return the measured time given; {@link #measured()} is the time measured.
     */
    public Optional<Duration> duration()
    {
        return values.given(DURATION);
    }

    /**
     * @return the mean event rate offered: a staged schedule's stages', else the rate given or the default.
     */
    public double offeredRate()
    {
        return load.stages().map(RateStages::meanRate).orElseGet(() -> rate().orElse(DEFAULT_RATE));
    }

    /**
     * @return the measured time: a staged schedule's stages', else the duration given or the default.
     */
    public Duration measured()
    {
        return load.stages().map(RateStages::total).orElseGet(() -> duration().orElse(DEFAULT_DURATION));
    }

    /**
     * @return published and answered before measuring, not reported.
     */
    public Duration warmup()
    {
        return values.get(WARMUP);
    }

    /**
     * @return the calibration {@code --floor} names; without it, tick-to-trade is read against the latest in
     *         {@code results/} ({@link FloorChoice}).
     */
    public Optional<Path> floor()
    {
        return values.given(FLOOR);
    }

    public Path out()
    {
        return values.get(OUT);
    }

    /**
     * @return the options that reproduce this spec (without the command's name), only those that differ from its
     *         defaults, and always the output folder: what a market in another process or a container is given.
     */
    public List<String> arguments()
    {
        return arguments(OUT.write(out()));
    }

    /**
     * @param folder where the other process writes its results instead of {@link #out()}, as that process names it.
     * @return {@link #arguments()}, the output folder {@code folder}.
     */
    public List<String> arguments(final String folder)
    {
        final List<String> arguments = new ArrayList<>(values.argumentsWithout(OUT));
        arguments.add(OUT.toString());
        arguments.add(folder);
        return List.copyOf(arguments);
    }

    public boolean equals(final Object other)
    {
        return other instanceof MarketSpec spec && spec.values.equals(values);
    }

    public int hashCode()
    {
        return values.hashCode();
    }

    public String toString()
    {
        return "sonde " + COMMAND + " " + values;
    }

    private static double highestRate(final RateStages stages)
    {
        return stages.stages().stream().mapToDouble(stage -> Math.max(stage.fromRate(), stage.toRate())).max()
            .orElse(0);
    }

    private static List<Option<?>> options()
    {
        final List<Option<?>> options = new ArrayList<>(MarketLoad.OPTIONS);
        options.addAll(List.of(RATE, DURATION, WARMUP, FLOOR));
        options.addAll(MarketLoad.limits(List.of()));
        options.add(OUT);
        return List.copyOf(options);
    }

    /**
     * Builds a {@link MarketSpec}: the market's and limits' options, the event rate, warm-up, duration and output
     * folder.
     */
    public static final class Builder extends MarketLoadBuilder<Builder>
    {
        Builder()
        {
            super(OPTIONS, WARMUP, OUT);
        }

        /**
         * @param rate feed events published per second, triggers included.
         * @return this builder.
         */
        public Builder rate(final double rate)
        {
            return with(RATE, rate);
        }

        /**
         * @param duration the measured time.
         * @return this builder.
         */
        public Builder duration(final Duration duration)
        {
            return with(DURATION, duration);
        }

        /**
         * @return the market run, every option checked.
         * @throws InvalidOptionException naming the options that are wrong or do not go together.
         */
        public MarketSpec build()
        {
            return new MarketSpec(values());
        }

        Builder self()
        {
            return this;
        }
    }
}
