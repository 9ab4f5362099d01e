package io.sonde.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A replay, as {@code sonde replay} takes it: the orders, cancels and replaces of a recorded FIX message log re-sent
 * on their recorded timing divided by a speed, each measured from its intended time, judged on the same limits as a
 * run. The log says what is sent and on which session, so the options that generate a load (flows, schedule,
 * symbols, the bundled exchange) are not a replay's: {@link #OPTIONS} leaves them out and a spec given one is
 * refused. Build one with {@link #builder()} and replay it in this process with
 * {@code io.sonde.inprocess.Sonde.replay}, or hand {@link #arguments()} to the command line in another process.
 */
public final class ReplaySpec
{
    public static final Option<Path> LOG = Option.path("log", "FILE", "The recorded FIX message log (required).");
    public static final Option<Double> SPEED = Option.number("speed", "FACTOR",
        "How many times faster than recorded to replay.").byDefault(1.0).checked(speed ->
        {
            if (!(speed > 0) || Double.isInfinite(speed))
            {
                throw new InvalidOptionException("--speed must be a positive number: " + speed);
            }
        });
    public static final Option<Duration> WARMUP = Option.duration("warmup", "The first part of the replayed " +
        "timeline (after --speed) to leave out of the results while the JIT and the venue warm up; its messages are " +
        "still sent and answered.").byDefault(Duration.ZERO).checked(warmup ->
        {
            if (warmup.isNegative())
            {
                throw new InvalidOptionException("--warmup must be zero or more: " + DurationText.format(warmup));
            }
        });
    public static final Option<Path> OUT = Option.path("out", "FOLDER", "Output folder: run.hlog, summary.json.")
        .byDefault(Path.of("results", "replay"));

    /** The load's options a replay does not take: the recorded log says what is sent and to whom. */
    public static final List<Option<?>> NOT_FOR_REPLAY = List.of(FixLoad.EMBEDDED, FixLoad.NODES, FixLoad.FLOW,
        FixLoad.MIX, FixLoad.TIF, FixLoad.SCHEDULE, FixLoad.BURST_SIZE, FixLoad.STAGES, FixLoad.SESSION_GROUPS,
        FixLoad.SYMBOLS);

    /** Every option of {@code sonde replay}, in the order of its help. */
    public static final List<Option<?>> OPTIONS = options();

    private final OptionValues values;
    private final FixLoad load;
    private final Limits limits;

    /**
     * @throws InvalidOptionException naming the options that are wrong or not a replay's.
     */
    private ReplaySpec(final OptionValues values)
    {
        this.values = values;
        for (final Option<?> option : NOT_FOR_REPLAY)
        {
            if (values.given(option).isPresent())
            {
                throw new InvalidOptionException(option + " is not an option of sonde replay: the recorded log says " +
                    "what is sent and to whom");
            }
        }
        if (values.given(LOG).isEmpty())
        {
            throw new InvalidOptionException("--log is required: the recorded FIX message log to replay");
        }
        load = new FixLoad(values);
        limits = new Limits(values);
    }

    /**
     * @return a builder with every option at its command-line default.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * @return the sessions, the target and how to reach it; the flows and schedule are the log's.
     */
    public FixLoad load()
    {
        return load;
    }

    public Limits limits()
    {
        return limits;
    }

    public Path log()
    {
        return values.get(LOG);
    }

    /**
     * @return how many times faster than recorded the log is replayed.
     */
    public double speed()
    {
        return values.get(SPEED);
    }

    /**
     * @return the first part of the replayed timeline left out of the results.
     */
    public Duration warmup()
    {
        return values.get(WARMUP);
    }

    public Path out()
    {
        return values.get(OUT);
    }

    /**
     * @return the options of {@code sonde replay} that reproduce this spec (without the command's name), only those
     *         that differ from its defaults, and always the output folder.
     */
    public List<String> arguments()
    {
        return values.argumentsNaming(OUT);
    }

    public boolean equals(final Object other)
    {
        return other instanceof ReplaySpec spec && spec.values.equals(values);
    }

    public int hashCode()
    {
        return values.hashCode();
    }

    public String toString()
    {
        return "sonde replay " + values;
    }

    private static List<Option<?>> options()
    {
        final List<Option<?>> options = new ArrayList<>(FixLoad.OPTIONS);
        options.removeAll(NOT_FOR_REPLAY);
        options.addAll(Limits.options());
        options.addAll(List.of(LOG, SPEED, WARMUP, OUT));
        return List.copyOf(options);
    }

    /**
     * All the load's options and the limits: the ones a replay does not take keep their defaults, which the engine
     * reads as a run's, and are refused when given.
     */
    private static List<Option<?>> builderOptions()
    {
        final List<Option<?>> options = new ArrayList<>(FixLoad.OPTIONS);
        options.addAll(Limits.options());
        options.addAll(List.of(LOG, SPEED, WARMUP, OUT));
        return List.copyOf(options);
    }

    /**
     * Builds a {@link ReplaySpec}: the log, its speed and warm-up, the sessions and target, the limits and the
     * output folder. The load's setters a replay does not take ({@link #NOT_FOR_REPLAY}) make {@link #build} fail.
     */
    public static final class Builder extends LoadBuilder<Builder>
    {
        Builder()
        {
            super(builderOptions());
        }

        /**
         * @param log the recorded FIX message log.
         * @return this builder.
         */
        public Builder log(final Path log)
        {
            return with(LOG, log);
        }

        /**
         * @param speed how many times faster than recorded to replay.
         * @return this builder.
         */
        public Builder speed(final double speed)
        {
            return with(SPEED, speed);
        }

        /**
         * @param warmup the first part of the replayed timeline, left out of the results.
         * @return this builder.
         */
        public Builder warmup(final Duration warmup)
        {
            return with(WARMUP, warmup);
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
         * @return the replay, every option checked.
         * @throws InvalidOptionException naming the options that are wrong or not a replay's.
         */
        public ReplaySpec build()
        {
            return new ReplaySpec(values());
        }

        Builder self()
        {
            return this;
        }
    }
}
