package io.sonde.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A calibration of this host, as {@code sonde calibrate} takes it: the TCP echo's round trip over loopback, then the
 * one-way UDP floor, then Sonde's own FIX floor, each at the same rates, one after the other. Build one with
 * {@link #builder()} and calibrate in this process with {@code io.sonde.inprocess.Sonde.calibrate}, which returns a
 * {@link FloorReport}; or hand {@link #arguments()} to the command line in another process.
 */
public final class CalibrateSpec
{
    public static final Option<Duration> DURATION = Option.duration("duration", "Measured time per rate.")
        .byDefault(Duration.ofSeconds(10)).checked(positive("duration"));
    public static final Option<Duration> WARMUP = Option.duration("warmup",
        "Warm-up per rate, sent and logged but not reported.").byDefault(Duration.ofSeconds(2))
        .checked(duration ->
        {
            if (duration.isNegative())
            {
                throw new InvalidOptionException("--warmup must be zero or more: " + DurationText.format(duration));
            }
        });
    public static final Option<List<Double>> RATES = Option.list("rates", "R1,R2,...", Rates::parse, Rates::format,
        "Rates to measure, requests per second.").byDefault(List.of(5e3, 10e3, 20e3, 50e3, 100e3));
    public static final Option<Duration> TIMEOUT = Option.duration("timeout", "A request not answered within this " +
        "time (echoed; for FIX, filled) counts as timed out.").byDefault(Duration.ofSeconds(5))
        .checked(positive("timeout"));
    public static final Option<IdleMode> IDLE = Option.of("idle", "MODE", IdleMode::parse, "How the two busy " +
        "threads poll (the load thread, and the echo server, the UDP receiver or the FIX acceptor): busy-spin, " +
        "auto, spin-window, backoff, yield, sleep; by default two threads spin.").byDefault(IdleMode.BUSY_SPIN);
    public static final Option<Integer> FIX_SESSIONS = Option.count("fix-sessions", "N", 1,
        "FIX sessions Sonde's client opens to the reference acceptor for the FIX floor.").byDefault(4);
    public static final Option<Boolean> NO_FIX = Option.flag("no-fix", "Do not measure Sonde's own FIX floor.");
    public static final Option<Boolean> NO_UDP = Option.flag("no-udp", "Do not measure the one-way UDP floor.");
    public static final Option<Boolean> NO_SELF_CHECK = Option.flag("no-self-check", "Do not check the measurement " +
        "against the reference acceptor stalled 50ms/1s, whose true percentiles are known (about 15 s).");
    public static final Option<Path> OUT = Option.path("out", "FOLDER", "Output folder, created if missing.")
        .byDefault(Path.of("results", "calibrate"));

    /** Every option of {@code sonde calibrate}, in the order of its help. */
    public static final List<Option<?>> OPTIONS =
        List.of(DURATION, WARMUP, RATES, TIMEOUT, IDLE, FIX_SESSIONS, NO_FIX, NO_UDP, NO_SELF_CHECK, OUT);

    private final OptionValues values;

    /**
     * @throws InvalidOptionException naming the options that are wrong or do not go together.
     */
    private CalibrateSpec(final OptionValues values)
    {
        this.values = values;
        if (values.get(NO_FIX) && values.given(FIX_SESSIONS).isPresent())
        {
            throw new InvalidOptionException("--fix-sessions and --no-fix contradict each other: give one or the " +
                "other");
        }
        if (rates().isEmpty())
        {
            throw new InvalidOptionException("--rates needs at least one rate");
        }
    }

    /**
     * @return a builder with every option at its command-line default.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    public Duration duration()
    {
        return values.get(DURATION);
    }

    public Duration warmup()
    {
        return values.get(WARMUP);
    }

    /**
     * @return the rates measured, in the order given; every floor is measured at each.
     */
    public List<Double> rates()
    {
        return values.get(RATES);
    }

    public Duration timeout()
    {
        return values.get(TIMEOUT);
    }

    public IdleMode idle()
    {
        return values.get(IDLE);
    }

    public int fixSessions()
    {
        return values.get(FIX_SESSIONS);
    }

    /**
     * @return whether Sonde's own FIX floor is measured.
     */
    public boolean measuresFix()
    {
        return !values.get(NO_FIX);
    }

    /**
     * @return whether the one-way UDP floor is measured.
     */
    public boolean measuresUdp()
    {
        return !values.get(NO_UDP);
    }

    /**
     * @return whether the measurement is checked against a scripted stall whose true percentiles are known.
     */
    public boolean checksItself()
    {
        return !values.get(NO_SELF_CHECK);
    }

    public Path out()
    {
        return values.get(OUT);
    }

    /**
     * @return the options of {@code sonde calibrate} that reproduce this spec (without the command's name), only
     *         those that differ from its defaults, and always the output folder.
     */
    public List<String> arguments()
    {
        return values.argumentsNaming(OUT);
    }

    public boolean equals(final Object other)
    {
        return other instanceof CalibrateSpec spec && spec.values.equals(values);
    }

    public int hashCode()
    {
        return values.hashCode();
    }

    public String toString()
    {
        return "sonde calibrate " + values;
    }

    private static Consumer<Duration> positive(final String name)
    {
        return duration ->
        {
            if (duration.isNegative() || duration.isZero())
            {
                throw new InvalidOptionException("--" + name + " must be longer than zero: " +
                    DurationText.format(duration));
            }
        };
    }

    /**
     * Builds a {@link CalibrateSpec}: the rates, their timing, the floors to measure and the output folder.
     */
    public static final class Builder extends SpecBuilder<Builder>
    {
        Builder()
        {
            super(OPTIONS);
        }

        /**
         * @param duration measured time per rate.
         * @return this builder.
         */
        public Builder duration(final Duration duration)
        {
            return with(DURATION, duration);
        }

        /**
         * @param warmup sent and logged before measuring each rate, not reported.
         * @return this builder.
         */
        public Builder warmup(final Duration warmup)
        {
            return with(WARMUP, warmup);
        }

        /**
         * @param rates requests per second, each measured in turn.
         * @return this builder.
         */
        public Builder rates(final double... rates)
        {
            final List<Double> list = new ArrayList<>();
            for (final double rate : rates)
            {
                list.add(rate);
            }
            return with(RATES, List.copyOf(list));
        }

        /**
         * @param timeout a request not answered within it counts as timed out.
         * @return this builder.
         */
        public Builder timeout(final Duration timeout)
        {
            return with(TIMEOUT, timeout);
        }

        /**
         * @param idle how the two busy threads poll.
         * @return this builder.
         */
        public Builder idle(final IdleMode idle)
        {
            return with(IDLE, idle);
        }

        /**
         * @param sessions FIX sessions Sonde's client opens for the FIX floor.
         * @return this builder.
         */
        public Builder fixSessions(final int sessions)
        {
            return with(FIX_SESSIONS, sessions);
        }

        /**
         * @return this builder, measuring no FIX floor.
         */
        public Builder withoutFix()
        {
            return with(NO_FIX, true);
        }

        /**
         * @return this builder, measuring no UDP floor.
         */
        public Builder withoutUdp()
        {
            return with(NO_UDP, true);
        }

        /**
         * @return this builder, making no self-check of the measurement.
         */
        public Builder withoutSelfCheck()
        {
            return with(NO_SELF_CHECK, true);
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
         * @return the calibration, every option checked.
         * @throws InvalidOptionException naming the options that are wrong or do not go together.
         */
        public CalibrateSpec build()
        {
            return new CalibrateSpec(values());
        }

        Builder self()
        {
            return this;
        }
    }
}
