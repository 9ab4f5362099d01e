package io.sonde.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A sweep, as {@code sonde sweep} takes it: one full run per step, rising, until the system under test misses its
 * limits; the knee is the highest step that met them. Either a rate sweep ({@code rates}, or {@code from} to
 * {@code to} by {@code factor}) or a message-size sweep ({@code sizes} at one {@code sizeRate}). Build one with
 * {@link #builder()} and run it in this process with {@code io.sonde.inprocess.Sonde.sweep}, or hand
 * {@link #arguments()} to the command line in another process or a container.
 */
public final class SweepSpec extends MeasuredLoadSpec
{
    /** The command's name. */
    public static final String COMMAND = "sweep";
    private static final String RATES_OR_RANGE = "give --rates or --from/--to, not both";
    private static final String SIZES_NOT_RATES = "--sizes sweeps message size at one --rate: drop --rates/--from/--to";

    public static final Option<List<Double>> RATES = Option.list("rates", "R1,R2,...", Rates::parse, Rates::format,
        "The rates to offer, rising, e.g. 1k,2k,5k,10k.");
    public static final Option<Double> FROM = Option.rate("from", "First rate of a geometric sweep.")
        .excluding(RATES, RATES_OR_RANGE);
    public static final Option<Double> TO = Option.rate("to", "Last rate of a geometric sweep.")
        .excluding(RATES, RATES_OR_RANGE);
    public static final Option<Double> FACTOR = Option.number("factor", "FACTOR",
        "Ratio between the steps of a geometric sweep.").byDefault(2.0);
    public static final Option<List<Integer>> SIZES = Option.list("sizes", "B1,B2,...", SweepSpec::size,
        String::valueOf, "Sweep the NewOrderSingle's size in bytes at one --rate instead of the rate, e.g. " +
            "128,512,2048.").excluding(RATES, SIZES_NOT_RATES).excluding(FROM, SIZES_NOT_RATES)
        .excluding(TO, SIZES_NOT_RATES);
    public static final Option<Double> SIZE_RATE = rate("The rate of every step of a --sizes sweep.");
    public static final Option<Duration> STEP_DURATION = Option.duration("step-duration",
        "Measured time per step.").byDefault(Duration.ofSeconds(10)).checked(SweepSpec::positiveStep);
    public static final Option<Duration> WARMUP = warmup(Duration.ofSeconds(3), "Warm-up per step, sent and " +
        "logged but not reported.");
    public static final Option<Integer> REPEAT = repeat("Measured runs of each step after its warm-up, back to " +
        "back, each --step-duration long and written to its own interval log in the step's folder (run.hlog, " +
        "run-2.hlog, ...): each step pools them and shows each run's p50 and p99.");
    public static final Option<Boolean> NO_STOP = Option.flag("no-stop",
        "Run every planned step even after one misses.");
    public static final Option<Path> FLOOR = FloorChoice.OPTION;
    public static final Option<List<Fault>> FAULT = Fault.option("A fault AT into each step's measured window, " +
        "repeatable: every step goes through the same faults (docs/faults.md).");
    public static final Option<Path> OUT = out(Path.of("results", "sweep"),
        "Output folder: a folder per step, sweep.json, sweep.csv.");

    private static final Own OWN = new Own(WARMUP, REPEAT, FAULT, OUT);

    /** Objectives unless given: loose enough for a shared VM, so the knee marks saturation. */
    public static final List<Slo> DEFAULT_SLO = List.of(Slo.of(99, Duration.ofMillis(50)));

    /** Every option of {@code sonde sweep}, in the order of its help. */
    public static final List<Option<?>> OPTIONS = options(
        List.of(RATES, FROM, TO, FACTOR, SIZES, SIZE_RATE, STEP_DURATION, WARMUP, REPEAT, NO_STOP, FLOOR), DEFAULT_SLO,
        OWN);

    private final List<Double> plan;

    /**
     * @throws InvalidOptionException naming the options that are wrong or do not go together.
     */
    private SweepSpec(final OptionValues values)
    {
        super(COMMAND, OWN, values);
        load().checkRates(false);
        plan = isSizeSweep() ? sizePlan() : ratePlan();
        Fault.checkFit(faults(), load(), stepDuration(), "each step's measured window");
    }

    /**
     * @return a builder with every option at its command-line default.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    public Optional<List<Double>> rates()
    {
        return values().given(RATES);
    }

    public Optional<Double> from()
    {
        return values().given(FROM);
    }

    public Optional<Double> to()
    {
        return values().given(TO);
    }

    public double factor()
    {
        return values().get(FACTOR);
    }

    public Optional<List<Integer>> sizes()
    {
        return values().given(SIZES);
    }

    public Optional<Double> sizeRate()
    {
        return values().given(SIZE_RATE);
    }

    public Duration stepDuration()
    {
        return values().get(STEP_DURATION);
    }

    public boolean noStop()
    {
        return values().get(NO_STOP);
    }

    /**
     * @return the calibration {@code --floor} names; without it, the sweep is read against the latest in
     *         {@code results/} ({@link FloorChoice}).
     */
    public Optional<Path> floor()
    {
        return values().given(FLOOR);
    }

    /**
     * @return whether the steps are message sizes at one rate rather than rates.
     */
    public boolean isSizeSweep()
    {
        return sizes().isPresent();
    }

    /**
     * @return each step's value: its rate per second, or its message size in bytes for a size sweep.
     */
    public List<Double> plan()
    {
        return plan;
    }

    private List<Double> ratePlan()
    {
        if (sizeRate().isPresent())
        {
            throw new InvalidOptionException("--rate sets the rate of a --sizes sweep; a rate sweep takes --rates");
        }
        if (rates().isPresent())
        {
            return RatePlan.of(rates().get());
        }
        if (from().isEmpty() || to().isEmpty())
        {
            throw new InvalidOptionException("give --rates R1,R2,... or both --from and --to (or --sizes)");
        }
        return RatePlan.geometric(from().get(), to().get(), factor());
    }

    private List<Double> sizePlan()
    {
        if (sizeRate().isEmpty())
        {
            throw new InvalidOptionException("--sizes needs --rate, the rate of every step");
        }
        final List<Double> sizes = new ArrayList<>();
        for (final int size : sizes().get())
        {
            FixLoad.messageSize("--sizes", size);
            sizes.add((double)size);
        }
        return RatePlan.of(sizes);
    }

    private static int size(final String text)
    {
        try
        {
            return Integer.parseInt(text);
        }
        catch (final NumberFormatException ex)
        {
            throw new InvalidOptionException("'" + text + "' is not a whole number of bytes", ex);
        }
    }

    private static void positiveStep(final Duration stepDuration)
    {
        if (stepDuration.isNegative() || stepDuration.isZero())
        {
            throw new InvalidOptionException("--step-duration must be positive: " +
                DurationText.format(stepDuration));
        }
    }

    /**
     * Builds a {@link SweepSpec}: the load's and limits' options, the plan, each step's timing and the output
     * folder.
     */
    public static final class Builder extends MeasuredLoadBuilder<Builder>
    {
        Builder()
        {
            super(OPTIONS, OWN);
        }

        /**
         * @param rates the rates to offer, rising, per second.
         * @return this builder.
         */
        public Builder rates(final List<Double> rates)
        {
            return with(RATES, rates == null ? null : List.copyOf(rates));
        }

        /**
         * @param rates the rates to offer, rising, per second.
         * @return this builder.
         */
        public Builder rates(final double... rates)
        {
            return rates(Arrays.stream(rates).boxed().toList());
        }

        /**
         * @param from first rate of a geometric sweep.
         * @return this builder.
         */
        public Builder from(final double from)
        {
            return with(FROM, from);
        }

        /**
         * @param to last rate of a geometric sweep.
         * @return this builder.
         */
        public Builder to(final double to)
        {
            return with(TO, to);
        }

        /**
         * @param factor ratio between steps of a geometric sweep.
         * @return this builder.
         */
        public Builder factor(final double factor)
        {
            return with(FACTOR, factor);
        }

        /**
         * @param sizes NewOrderSingle sizes in bytes, rising: a size sweep at {@link #sizeRate}.
         * @return this builder.
         */
        public Builder sizes(final List<Integer> sizes)
        {
            return with(SIZES, sizes == null ? null : List.copyOf(sizes));
        }

        /**
         * @param sizeRate the rate of every step of a size sweep ({@code --rate} of {@code sonde sweep}).
         * @return this builder.
         */
        public Builder sizeRate(final double sizeRate)
        {
            return with(SIZE_RATE, sizeRate);
        }

        /**
         * @param stepDuration measured time per step.
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
         * @param floor a {@code sonde calibrate} output folder.
         * @return this builder.
         */
        public Builder floor(final Path floor)
        {
            return with(FLOOR, floor);
        }

        /**
         * @return the sweep, every option checked.
         * @throws InvalidOptionException naming the options that are wrong or do not go together.
         */
        public SweepSpec build()
        {
            return new SweepSpec(values());
        }

        Builder self()
        {
            return this;
        }
    }
}
