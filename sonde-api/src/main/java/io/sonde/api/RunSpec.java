package io.sonde.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One measured run, as {@code sonde run} takes it: a load at a rate for a duration after a warm-up, judged on its
 * limits, its results written to a folder. Build one with {@link #builder()} and run it in this process with
 * {@code io.sonde.inprocess.Sonde.run}, or hand {@link #arguments()} to the command line in another process or a
 * container.
 */
public final class RunSpec extends MeasuredLoadSpec
{
    /** The command's name. */
    public static final String COMMAND = "run";
    /** Rate unless given (and no stages). */
    public static final double DEFAULT_RATE = 1_000;
    /** Measured time unless given (and no stages). */
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(30);

    public static final Option<Double> RATE = rate("Order lifecycles started per second, across all sessions.")
        .fallingBackTo(DEFAULT_RATE, "%s, or the stages'")
        .excluding(FixLoad.STAGES, "--rate and --stages both set the rate: give one");
    public static final Option<Duration> WARMUP = warmup(Duration.ofSeconds(5),
        "Warm-up before measuring, sent and logged but not reported.");
    public static final Option<Duration> DURATION = Option.duration("duration", "Measured time.")
        .fallingBackTo(DEFAULT_DURATION, "%s, or the stages'");
    public static final Option<Integer> REPEAT = repeat("Measured runs after the one warm-up, back to back, each " +
        "--duration long and written to its own interval log (run.hlog, run-2.hlog, ...): the summary pools them " +
        "and shows each run's p50 and p99, so the variation between runs is seen and counted in every interval.");
    public static final Option<List<Fault>> FAULT = Fault.option("A fault AT into the measured window, " +
        "repeatable (docs/faults.md): on Sonde's sessions disconnect:N, logout:N, gap:N, resend:N, " +
        "slow-reader:DURATION; on the bundled exchange kill-leader, pause-leader:DURATION, kill-gateway, " +
        "partition-leader:DURATION.");
    public static final Option<Path> OUT = out(Path.of("results", "run"), "Output folder: run.hlog (run-2.hlog, " +
        "... with --repeat), summary.json.");
    public static final Option<Path> FLOOR = FloorChoice.OPTION;

    private static final Own OWN = new Own(WARMUP, REPEAT, FAULT, OUT);

    /** Every option of {@code sonde run}, in the order of its help. */
    public static final List<Option<?>> OPTIONS = options(List.of(RATE, DURATION, WARMUP, REPEAT, FLOOR), List.of(),
        OWN);

    /**
     * @throws InvalidOptionException naming the options that are wrong or do not go together.
     */
    private RunSpec(final OptionValues values)
    {
        super(COMMAND, OWN, values);
        load().checkRates(true);
        duration().ifPresent(duration ->
        {
            if (duration.isNegative() || duration.isZero())
            {
                throw new InvalidOptionException("--duration must be positive: " + DurationText.format(duration));
            }
            load().stages().ifPresent(stages -> agree(duration, stages));
        });
        Fault.checkFit(faults(), load(), measured(), "the measured window");
    }

    /**
     * @return a builder with every option at its command-line default.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * @return the rate given; {@link #offeredRate()} is the rate offered.
     */
    public Optional<Double> rate()
    {
        return values().given(RATE);
    }

    /**
     * @return the measured time given; {@link #measured()} is the time measured.
     */
    public Optional<Duration> duration()
    {
        return values().given(DURATION);
    }

    /**
     * @return the calibration {@code --floor} names; without it, the run is read against the latest in
     *         {@code results/} ({@link FloorChoice}).
     */
    public Optional<Path> floor()
    {
        return values().given(FLOOR);
    }

    /**
     * @return the mean rate offered: a staged schedule's stages', else the rate given or the default.
     */
    public double offeredRate()
    {
        return load().stages().map(RateStages::meanRate).orElseGet(() -> rate().orElse(DEFAULT_RATE));
    }

    /**
     * @return the measured time: a staged schedule's stages', else the duration given or the default.
     */
    public Duration measured()
    {
        return load().stages().map(RateStages::total).orElseGet(() -> duration().orElse(DEFAULT_DURATION));
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
     * Builds a {@link RunSpec}: the load's and limits' options, the rate, warm-up, duration, faults and output
     * folder.
     */
    public static final class Builder extends MeasuredLoadBuilder<Builder>
    {
        Builder()
        {
            super(OPTIONS, OWN);
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
         * @param duration the measured time.
         * @return this builder.
         */
        public Builder duration(final Duration duration)
        {
            return with(DURATION, duration);
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
