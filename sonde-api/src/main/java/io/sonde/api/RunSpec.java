package io.sonde.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One measured run, as {@code sonde run} takes it: a load at a rate for a duration after a warm-up, judged on its
 * limits, its results written to a folder. Build one with {@link #builder()} and run it in this process with
 * {@code io.sonde.inprocess.Sonde.run}, or hand {@link #arguments()} to the command line in another process or a
 * container.
 */
public final class RunSpec
{
    public static final Option<Double> RATE = Option.rate("rate",
        "Order lifecycles started per second, across all sessions (default: 1k, or the stages').");
    public static final Option<Duration> WARMUP = Option.duration("warmup",
        "Warm-up before measuring, sent and logged but not reported.").byDefault(Duration.ofSeconds(5));
    public static final Option<Duration> DURATION = Option.duration("duration",
        "Measured time (default: 30s, or the stages').");
    public static final Option<List<Fault>> FAULT = Fault.option("A fault AT into the measured window, " +
        "repeatable (docs/faults.md): on Sonde's sessions disconnect:N, logout:N, gap:N, resend:N, " +
        "slow-reader:DURATION; on the bundled exchange kill-leader, pause-leader:DURATION, kill-gateway, " +
        "partition-leader:DURATION.");
    public static final Option<Path> OUT = Option.path("out", "FOLDER", "Output folder: run.hlog, summary.json.")
        .byDefault(Path.of("results", "run"));

    /** Every option of {@code sonde run}, in the order of its help. */
    public static final List<Option<?>> OPTIONS = options();

    /** Rate unless given (and no stages). */
    public static final double DEFAULT_RATE = 1_000;
    /** Measured time unless given (and no stages). */
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(30);

    private final OptionValues values;
    private final FixLoad load;
    private final Limits limits;

    /**
     * @throws InvalidOptionException naming the options that are wrong or do not go together.
     */
    private RunSpec(final OptionValues values)
    {
        this.values = values;
        load = new FixLoad(values);
        limits = new Limits(values);
        load.checkRates(true, rate().isPresent());
        if (warmup().isNegative())
        {
            throw new InvalidOptionException("--warmup must be zero or more: " + DurationText.format(warmup()));
        }
        duration().ifPresent(duration ->
        {
            if (duration.isNegative() || duration.isZero())
            {
                throw new InvalidOptionException("--duration must be positive: " + DurationText.format(duration));
            }
            load.stages().ifPresent(stages -> agree(duration, stages));
        });
        Fault.checkFit(faults(), load, measured(), "the measured window");
    }

    /**
     * @return a builder with every option at its command-line default.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    public FixLoad load()
    {
        return load;
    }

    /**
     * @return the rate given; {@link #offeredRate()} is the rate offered.
     */
    public Optional<Double> rate()
    {
        return values.given(RATE);
    }

    public Duration warmup()
    {
        return values.get(WARMUP);
    }

    /**
     * @return the measured time given; {@link #measured()} is the time measured.
     */
    public Optional<Duration> duration()
    {
        return values.given(DURATION);
    }

    public Limits limits()
    {
        return limits;
    }

    /**
     * @return the faults to apply during the measured window, in the order given; empty for a run without faults.
     */
    public List<Fault> faults()
    {
        return values.get(FAULT);
    }

    public Path out()
    {
        return values.get(OUT);
    }

    /**
     * @return the options of {@code sonde run} that reproduce this spec (without the command's name), only those
     *         that differ from its defaults, and always the output folder, which the other process must write to
     *         where this one will read: what a run in another process or a container is given.
     */
    public List<String> arguments()
    {
        final List<String> arguments = new ArrayList<>(values.arguments());
        if (values.given(OUT).isEmpty())
        {
            arguments.addAll(List.of("--" + OUT.name(), OUT.write(out())));
        }
        return List.copyOf(arguments);
    }

    /**
     * @return the mean rate offered: a staged schedule's stages', else the rate given or the default.
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

    public boolean equals(final Object other)
    {
        return other instanceof RunSpec spec && spec.values.equals(values);
    }

    public int hashCode()
    {
        return values.hashCode();
    }

    public String toString()
    {
        return "sonde run " + values;
    }

    private static List<Option<?>> options()
    {
        final List<Option<?>> options = new ArrayList<>(FixLoad.OPTIONS);
        options.addAll(List.of(RATE, DURATION, WARMUP));
        options.addAll(Limits.options());
        options.add(FAULT);
        options.add(OUT);
        return List.copyOf(options);
    }

    private static void agree(final Duration duration, final RateStages stages)
    {
        if (!duration.equals(stages.total()))
        {
            throw new InvalidOptionException("--duration " + DurationText.format(duration) + " does not match " +
                "--stages " + stages + ", which last " + DurationText.format(stages.total()) + ": drop --duration, " +
                "or make them agree");
        }
    }

    /**
     * Builds a {@link RunSpec}: the load's and limits' options, the rate, warm-up, duration and output folder.
     */
    public static final class Builder extends LoadBuilder<Builder>
    {
        Builder()
        {
            super(OPTIONS);
        }

        /**
         * @param rate lifecycles started per second across all sessions.
         * @return this builder.
         */
        public Builder rate(final double rate)
        {
            return with(RATE, rate);
        }

        /**
         * @param warmup sent and logged before measuring, not reported.
         * @return this builder.
         */
        public Builder warmup(final Duration warmup)
        {
            return with(WARMUP, warmup);
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
         * @param fault applied during the measured window, after those added before.
         * @return this builder.
         */
        public Builder fault(final Fault fault)
        {
            return append(FAULT, fault);
        }

        /**
         * @param out the output folder, created if need be.
         * @return this builder.
         */
        public Builder out(final Path out)
        {
            return with(OUT, out);
        }

        /**
         * @return the run, every option checked.
         * @throws InvalidOptionException naming the options that are wrong or do not go together.
         */
        public RunSpec build()
        {
            return new RunSpec(values());
        }

        Builder self()
        {
            return this;
        }
    }
}
