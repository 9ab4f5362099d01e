package io.sonde.api;

import io.sonde.loadgen.time.Durations;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One measured run, as {@code sonde run} takes it: a load at a rate for a duration after a warm-up, judged on its
 * limits, its results written to a folder. Build one with {@link #builder()} and run it with
 * {@link io.sonde.api.inprocess.Sonde#run(RunSpec)}.
 *
 * @param load     the load.
 * @param rate     lifecycles started per second across all sessions, or null when a staged schedule sets it.
 * @param warmup   sent and logged before measuring, not reported.
 * @param duration the measured time, or null when a staged schedule's stages set it.
 * @param limits   what the run is judged on.
 * @param out      the output folder: {@code run.hlog} and {@code summary.json}.
 */
public record RunSpec(FixLoad load, Double rate, Duration warmup, Duration duration, Limits limits, Path out)
{
    /** Rate unless given (and no stages). */
    public static final double DEFAULT_RATE = 1_000;
    /** Warm-up unless given. */
    public static final Duration DEFAULT_WARMUP = Duration.ofSeconds(5);
    /** Measured time unless given (and no stages). */
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(30);
    /** Output folder unless given. */
    public static final Path DEFAULT_OUT = Path.of("results", "run");

    /**
     * @throws InvalidOptionException naming the options that are wrong or do not go together.
     */
    public RunSpec
    {
        load.checkRates(true, rate != null);
        if (rate != null && !(rate > 0))
        {
            throw new InvalidOptionException("--rate must be positive: " + rate);
        }
        if (warmup == null || warmup.isNegative())
        {
            throw new InvalidOptionException("--warmup must be zero or more: " + warmup);
        }
        if (duration != null && (duration.isNegative() || duration.isZero()))
        {
            throw new InvalidOptionException("--duration must be positive: " + duration);
        }
        if (load.scheduleShape() == ScheduleShape.STEPS && duration != null)
        {
            final Duration total = RateStages.total(RateStages.parse(load.stages()));
            if (!duration.equals(total))
            {
                throw new InvalidOptionException("--duration " + Durations.format(duration.toNanos()) +
                    " does not match --stages " + load.stages() + ", which last " +
                    Durations.format(total.toNanos()) + ": drop --duration, or make them agree");
            }
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
     * @return the options of {@code sonde run} that reproduce this spec (without the command's name), only those
     *         that differ from its defaults: what a run in another process or a container is given.
     */
    public List<String> arguments()
    {
        final List<String> args = new ArrayList<>(load.arguments());
        args.addAll(new Arguments()
            .add("--rate", rate)
            .add("--warmup", warmup.equals(DEFAULT_WARMUP) ? null : warmup)
            .add("--duration", duration)
            .toList());
        args.addAll(limits.arguments(List.of()));
        args.addAll(new Arguments().add("--out", out).toList());
        return List.copyOf(args);
    }

    /**
     * @return the mean rate offered: a staged schedule's stages', else the rate given or the default.
     */
    public double offeredRate()
    {
        if (load.scheduleShape() == ScheduleShape.STEPS)
        {
            return RateStages.meanRate(RateStages.parse(load.stages()));
        }
        return rate == null ? DEFAULT_RATE : rate;
    }

    /**
     * @return the measured time: a staged schedule's stages', else the duration given or the default.
     */
    public Duration measured()
    {
        if (load.scheduleShape() == ScheduleShape.STEPS)
        {
            return RateStages.total(RateStages.parse(load.stages()));
        }
        return duration == null ? DEFAULT_DURATION : duration;
    }

    /**
     * Builds a {@link RunSpec}: the load's and limits' options, the rate, warm-up, duration and output folder.
     */
    public static final class Builder extends LoadBuilder<Builder>
    {
        private Double rate;
        private Duration warmup = DEFAULT_WARMUP;
        private Duration duration;
        private Path out = DEFAULT_OUT;

        Builder()
        {
            super(List.of());
            option("rate", (b, v) -> b.rate(Rates.parse(v)));
            option("warmup", (b, v) -> b.warmup(Durations.parse(v)));
            option("duration", (b, v) -> b.duration(Durations.parse(v)));
            option("out", (b, v) -> b.out(Path.of(v)));
        }

        /**
         * @param rate lifecycles started per second across all sessions.
         * @return this builder.
         */
        public Builder rate(final double rate)
        {
            this.rate = rate;
            return this;
        }

        /**
         * @param warmup sent and logged before measuring, not reported.
         * @return this builder.
         */
        public Builder warmup(final Duration warmup)
        {
            this.warmup = warmup;
            return this;
        }

        /**
         * @param duration the measured time.
         * @return this builder.
         */
        public Builder duration(final Duration duration)
        {
            this.duration = duration;
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
         * @return the run, every option checked.
         * @throws InvalidOptionException naming the options that are wrong or do not go together.
         */
        public RunSpec build()
        {
            return new RunSpec(buildLoad(), rate, warmup, duration, buildLimits(), out);
        }

        Builder self()
        {
            return this;
        }
    }
}
