package io.sonde.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A sweep over the market's event rate, as {@code sonde market-sweep} takes it: one measured step per rate, rising,
 * with the application connected throughout, until it misses its limits; the knee is the highest event rate whose
 * tick-to-trade met them. Build one with {@link #builder()} and run it with
 * {@code io.sonde.inprocess.Sonde.marketSweep}, or hand {@link #arguments()} to the command line.
 */
public final class MarketSweepSpec
{
    /** The command's name. */
    public static final String COMMAND = "market-sweep";
    /** Objectives unless given: loose enough for a shared VM, so the knee marks saturation. */
    public static final List<Slo> DEFAULT_SLO = List.of(new Slo(99, 50_000, Slo.Series.TICK_TO_TRADE));

    public static final Option<List<Double>> RATES = SweepSpec.RATES.describedAs("The event rates to offer, " +
        "rising, e.g. 1k,5k,10k,20k,50k.");
    public static final Option<Double> FROM = SweepSpec.FROM.describedAs("First event rate of a geometric sweep.");
    public static final Option<Double> TO = SweepSpec.TO.describedAs("Last event rate of a geometric sweep.");
    public static final Option<Double> FACTOR = SweepSpec.FACTOR;
    public static final Option<Duration> STEP_DURATION = SweepSpec.STEP_DURATION;
    public static final Option<Duration> WARMUP = MeasuredLoadSpec.warmup(Duration.ofSeconds(3), "Warm-up per " +
        "step, published, answered and logged but not reported.");
    public static final Option<Boolean> NO_STOP = SweepSpec.NO_STOP;
    public static final Option<Path> FLOOR = FloorChoice.OPTION;
    public static final Option<Path> OUT = MeasuredLoadSpec.out(Path.of("results", "market-sweep"),
        "Output folder: a folder per step, sweep.json, sweep.csv.");

    /** Every option of {@code sonde market-sweep}, in the order of its help. */
    public static final List<Option<?>> OPTIONS = options();

    private final OptionValues values;
    private final MarketLoad load;
    private final Limits limits;
    private final List<Double> plan;

    /**
     * @throws InvalidOptionException naming the options that are wrong or do not go together.
     */
    private MarketSweepSpec(final OptionValues values)
    {
        this.values = values;
        load = new MarketLoad(values);
        limits = new Limits(values);
        load.checkRates(false);
        MarketLoad.checkObjectives(limits.slo(), COMMAND);
        if (rates().isPresent())
        {
            plan = RatePlan.of(rates().get());
        }
        else if (from().isPresent() && to().isPresent())
        {
            plan = RatePlan.geometric(from().get(), to().get(), factor());
        }
        else
        {
            throw new InvalidOptionException("give --rates R1,R2,... or both --from and --to");
        }
        load.checkCapacity(plan.stream().mapToDouble(Double::doubleValue).max().orElse(0));
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

    public Optional<List<Double>> rates()
    {
        return values.given(RATES);
    }

    public Optional<Double> from()
    {
        return values.given(FROM);
    }

    public Optional<Double> to()
    {
        return values.given(TO);
    }

    public double factor()
    {
        return values.get(FACTOR);
    }

    public Duration stepDuration()
    {
        return values.get(STEP_DURATION);
    }

    /**
     * @return published and answered before each step's measuring, not reported.
     */
    public Duration warmup()
    {
        return values.get(WARMUP);
    }

    public boolean noStop()
    {
        return values.get(NO_STOP);
    }

    public Optional<Path> floor()
    {
        return values.given(FLOOR);
    }

    public Path out()
    {
        return values.get(OUT);
    }

    /**
     * @return each step's event rate per second, rising.
     */
    public List<Double> plan()
    {
        return plan;
    }

    /**
     * @return the options that reproduce this spec (without the command's name), only those that differ from its
     *         defaults, and always the output folder.
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
        return other instanceof MarketSweepSpec spec && spec.values.equals(values);
    }

    public int hashCode()
    {
        return values.hashCode();
    }

    public String toString()
    {
        return "sonde " + COMMAND + " " + values;
    }

    private static List<Option<?>> options()
    {
        final List<Option<?>> options = new ArrayList<>(MarketLoad.OPTIONS);
        options.addAll(List.of(RATES, FROM, TO, FACTOR, STEP_DURATION, WARMUP, NO_STOP, FLOOR));
        options.addAll(MarketLoad.limits(DEFAULT_SLO));
        options.add(OUT);
        return List.copyOf(options);
    }

    /**
     * Builds a {@link MarketSweepSpec}: the market's and limits' options, the plan, each step's timing and the output
     * folder.
     */
    public static final class Builder extends MarketLoadBuilder<Builder>
    {
        Builder()
        {
            super(OPTIONS, WARMUP, OUT);
        }

        /**
         * @param rates the event rates to offer, rising.
         * @return this builder.
         */
        public Builder rates(final List<Double> rates)
        {
            return with(RATES, List.copyOf(rates));
        }

        /**
         * @param rates the event rates to offer, rising.
         * @return this builder.
         */
        public Builder rates(final double... rates)
        {
            return rates(Arrays.stream(rates).boxed().toList());
        }

        /**
         * @param from the first event rate of a geometric sweep.
         * @return this builder.
         */
        public Builder from(final double from)
        {
            return with(FROM, from);
        }

        /**
         * @param to the last event rate of a geometric sweep.
         * @return this builder.
         */
        public Builder to(final double to)
        {
            return with(TO, to);
        }

        /**
         * @param factor the ratio between the steps of a geometric sweep.
         * @return this builder.
         */
        public Builder factor(final double factor)
        {
            return with(FACTOR, factor);
        }

        /**
         * @param stepDuration the measured time of each step.
         * @return this builder.
         */
        public Builder stepDuration(final Duration stepDuration)
        {
            return with(STEP_DURATION, stepDuration);
        }

        /**
         * @param noStop run every planned step even after one misses.
         * @return this builder.
         */
        public Builder noStop(final boolean noStop)
        {
            return with(NO_STOP, noStop);
        }

        /**
         * @return the market sweep, every option checked.
         * @throws InvalidOptionException naming the options that are wrong or do not go together.
         */
        public MarketSweepSpec build()
        {
            return new MarketSweepSpec(values());
        }

        Builder self()
        {
            return this;
        }
    }
}
