package io.sonde.api;

import io.sonde.fix.client.order.OrderParameters;
import io.sonde.loadgen.sweep.RatePlan;
import io.sonde.loadgen.time.Durations;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A sweep, as {@code sonde sweep} takes it: one full run per step, rising, until the system under test misses its
 * limits; the knee is the highest step that met them. Either a rate sweep ({@code rates}, or {@code from} to
 * {@code to} by {@code factor}) or a message-size sweep ({@code sizes} at one {@code sizeRate}). Build one with
 * {@link #builder()} and run it with {@link io.sonde.api.inprocess.Sonde#sweep(SweepSpec)}.
 *
 * @param load         the load of every step.
 * @param rates        the rates to offer, rising, or null.
 * @param from         first rate of a geometric sweep, or null.
 * @param to           last rate of a geometric sweep, or null.
 * @param factor       ratio between steps of a geometric sweep.
 * @param sizes        NewOrderSingle sizes in bytes of a size sweep, rising, or null.
 * @param sizeRate     the rate of every step of a size sweep, or null.
 * @param stepDuration measured time per step.
 * @param warmup       warm-up per step.
 * @param limits       what each step is judged on.
 * @param noStop       run every planned step even after one misses.
 * @param floor        a {@code sonde calibrate} output folder whose floors are shown beside each step, or null.
 * @param out          the output folder: a folder per step, {@code sweep.json}, {@code sweep.csv}.
 */
public record SweepSpec(
    FixLoad load,
    List<Double> rates,
    Double from,
    Double to,
    double factor,
    List<Integer> sizes,
    Double sizeRate,
    Duration stepDuration,
    Duration warmup,
    Limits limits,
    boolean noStop,
    Path floor,
    Path out)
{
    /** Objectives unless given: loose enough for a shared VM, so the knee marks saturation. */
    public static final List<Slo> DEFAULT_SLO = List.of(Slo.of(99, Duration.ofMillis(50)));
    /** Ratio between the steps of a geometric sweep unless given. */
    public static final double DEFAULT_FACTOR = 2;
    /** Measured time per step unless given. */
    public static final Duration DEFAULT_STEP_DURATION = Duration.ofSeconds(10);
    /** Warm-up per step unless given. */
    public static final Duration DEFAULT_WARMUP = Duration.ofSeconds(3);
    /** Output folder unless given. */
    public static final Path DEFAULT_OUT = Path.of("results", "sweep");

    /**
     * @throws InvalidOptionException naming the options that are wrong or do not go together.
     */
    public SweepSpec
    {
        rates = rates == null ? null : List.copyOf(rates);
        sizes = sizes == null ? null : List.copyOf(sizes);
        load.checkRates(false, false);
        plan(rates, from, to, factor, sizes, sizeRate);
        if (stepDuration == null || stepDuration.isNegative() || stepDuration.isZero())
        {
            throw new InvalidOptionException("--step-duration must be positive: " + stepDuration);
        }
        if (warmup == null || warmup.isNegative())
        {
            throw new InvalidOptionException("--warmup must be zero or more: " + warmup);
        }
    }

    /**
     * @return a builder with every option at its command-line default.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * @return the options of {@code sonde sweep} that reproduce this spec (without the command's name), only those
     *         that differ from its defaults: what a sweep in another process or a container is given.
     */
    public List<String> arguments()
    {
        final List<String> args = new ArrayList<>(load.arguments());
        args.addAll(new Arguments()
            .list("--rates", rates)
            .add("--from", from)
            .add("--to", to)
            .add("--factor", factor == DEFAULT_FACTOR ? null : factor)
            .list("--sizes", sizes)
            .add("--rate", sizeRate)
            .add("--step-duration", stepDuration.equals(DEFAULT_STEP_DURATION) ? null : stepDuration)
            .add("--warmup", warmup.equals(DEFAULT_WARMUP) ? null : warmup)
            .flag("--no-stop", noStop)
            .add("--floor", floor)
            .toList());
        args.addAll(limits.arguments(DEFAULT_SLO));
        args.addAll(new Arguments().add("--out", out).toList());
        return List.copyOf(args);
    }

    /**
     * @return whether the steps are message sizes at one rate rather than rates.
     */
    public boolean isSizeSweep()
    {
        return sizes != null;
    }

    /**
     * @return each step's value: its rate per second, or its message size in bytes for a size sweep.
     */
    public List<Double> plan()
    {
        return plan(rates, from, to, factor, sizes, sizeRate);
    }

    private static List<Double> plan(
        final List<Double> rates,
        final Double from,
        final Double to,
        final double factor,
        final List<Integer> sizes,
        final Double sizeRate)
    {
        try
        {
            if (sizes != null)
            {
                return sizePlan(rates, from, to, sizes, sizeRate);
            }
            if (sizeRate != null)
            {
                throw new InvalidOptionException("--rate sets the rate of a --sizes sweep; a rate sweep takes --rates");
            }
            if (rates != null && (from != null || to != null))
            {
                throw new InvalidOptionException("give --rates or --from/--to, not both");
            }
            if (rates != null)
            {
                return RatePlan.of(rates);
            }
            if (from == null || to == null)
            {
                throw new InvalidOptionException("give --rates R1,R2,... or both --from and --to (or --sizes)");
            }
            return RatePlan.geometric(from, to, factor);
        }
        catch (final InvalidOptionException ex)
        {
            throw ex;
        }
        catch (final IllegalArgumentException ex)
        {
            throw new InvalidOptionException(ex.getMessage(), ex);
        }
    }

    private static List<Double> sizePlan(
        final List<Double> rates, final Double from, final Double to, final List<Integer> sizes, final Double sizeRate)
    {
        if (rates != null || from != null || to != null)
        {
            throw new InvalidOptionException("--sizes sweeps message size at one --rate: drop --rates/--from/--to");
        }
        if (sizeRate == null)
        {
            throw new InvalidOptionException("--sizes needs --rate, the rate of every step");
        }
        final List<Double> plan = new ArrayList<>();
        for (final int size : sizes)
        {
            if (size < OrderParameters.MIN_MESSAGE_SIZE || size > OrderParameters.MAX_MESSAGE_SIZE)
            {
                throw new InvalidOptionException("--sizes: message size " + size + " is not in " +
                    OrderParameters.MIN_MESSAGE_SIZE + ".." + OrderParameters.MAX_MESSAGE_SIZE + " bytes");
            }
            plan.add((double)size);
        }
        return RatePlan.of(plan);
    }

    /**
     * Builds a {@link SweepSpec}: the load's and limits' options, the plan, each step's timing and the output
     * folder.
     */
    public static final class Builder extends LoadBuilder<Builder>
    {
        private List<Double> rates;
        private Double from;
        private Double to;
        private double factor = DEFAULT_FACTOR;
        private List<Integer> sizes;
        private Double sizeRate;
        private Duration stepDuration = DEFAULT_STEP_DURATION;
        private Duration warmup = DEFAULT_WARMUP;
        private boolean noStop;
        private Path floor;
        private Path out = DEFAULT_OUT;

        Builder()
        {
            super(DEFAULT_SLO);
            option("rates", (b, v) -> b.rates(OptionValues.rates(v)));
            option("from", (b, v) -> b.from(Rates.parse(v)));
            option("to", (b, v) -> b.to(Rates.parse(v)));
            option("factor", (b, v) -> b.factor(Double.parseDouble(v.trim())));
            option("sizes", (b, v) -> b.sizes(Arrays.stream(v.split(",")).map(OptionValues::integer)
                .toList()));
            option("rate", (b, v) -> b.sizeRate(Rates.parse(v)));
            option("step-duration", (b, v) -> b.stepDuration(Durations.parse(v)));
            option("warmup", (b, v) -> b.warmup(Durations.parse(v)));
            option("no-stop", (b, v) -> b.noStop(OptionValues.flag(v)));
            option("floor", (b, v) -> b.floor(Path.of(v)));
            option("out", (b, v) -> b.out(Path.of(v)));
        }

        /**
         * @param rates the rates to offer, rising, per second.
         * @return this builder.
         */
        public Builder rates(final List<Double> rates)
        {
            this.rates = rates;
            return this;
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
            this.from = from;
            return this;
        }

        /**
         * @param to last rate of a geometric sweep.
         * @return this builder.
         */
        public Builder to(final double to)
        {
            this.to = to;
            return this;
        }

        /**
         * @param factor ratio between steps of a geometric sweep.
         * @return this builder.
         */
        public Builder factor(final double factor)
        {
            this.factor = factor;
            return this;
        }

        /**
         * @param sizes NewOrderSingle sizes in bytes, rising: a size sweep at {@link #sizeRate}.
         * @return this builder.
         */
        public Builder sizes(final List<Integer> sizes)
        {
            this.sizes = sizes;
            return this;
        }

        /**
         * @param sizeRate the rate of every step of a size sweep ({@code --rate} of {@code sonde sweep}).
         * @return this builder.
         */
        public Builder sizeRate(final double sizeRate)
        {
            this.sizeRate = sizeRate;
            return this;
        }

        /**
         * @param stepDuration measured time per step.
         * @return this builder.
         */
        public Builder stepDuration(final Duration stepDuration)
        {
            this.stepDuration = stepDuration;
            return this;
        }

        /**
         * @param warmup warm-up per step.
         * @return this builder.
         */
        public Builder warmup(final Duration warmup)
        {
            this.warmup = warmup;
            return this;
        }

        /**
         * @param noStop run every planned step even after one misses.
         * @return this builder.
         */
        public Builder noStop(final boolean noStop)
        {
            this.noStop = noStop;
            return this;
        }

        /**
         * @param floor a {@code sonde calibrate} output folder.
         * @return this builder.
         */
        public Builder floor(final Path floor)
        {
            this.floor = floor;
            return this;
        }

        /**
         * @param out the output folder, created if need be.
         * @return this builder.
         */
        public Builder out(final Path out)
        {
            this.out = out;
            return this;
        }

        /**
         * @return the sweep, every option checked.
         * @throws InvalidOptionException naming the options that are wrong or do not go together.
         */
        public SweepSpec build()
        {
            return new SweepSpec(buildLoad(), rates, from, to, factor, sizes, sizeRate, stepDuration, warmup,
                buildLimits(), noStop, floor, out);
        }

        Builder self()
        {
            return this;
        }
    }
}
