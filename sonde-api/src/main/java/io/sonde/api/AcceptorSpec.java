package io.sonde.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Sonde's reference FIX acceptor, as {@code sonde acceptor} takes it: where it listens, how its one busy thread
 * waits, how much later than at once it answers, and whether it stalls. Build one with {@link #builder()};
 * {@link #commandLine()} starts it in another process or a container.
 */
public final class AcceptorSpec
{
    /** The command's name. */
    public static final String COMMAND = "acceptor";
    /** The address it listens on unless given: loopback only. */
    public static final String DEFAULT_BIND = "127.0.0.1";
    /** The port it listens on unless given. */
    public static final int DEFAULT_PORT = 9878;

    public static final Option<String> BIND = Option.text("bind", "ADDRESS", "Address to listen on; 0.0.0.0 for " +
        "every interface, as in a container that others reach by name.").byDefault(DEFAULT_BIND);
    public static final Option<Integer> PORT = Option.count("port", "PORT", 0, "Port to listen on.")
        .byDefault(DEFAULT_PORT).checked(AcceptorSpec::port);
    public static final Option<IdleMode> IDLE = IdleMode.OPTION;
    public static final Option<Duration> DELAY = Option.duration("delay", "Answer each message this much later " +
        "than it arrived, e.g. 100us: a slower gateway, to see a regression gate catch it. Not given: at once.")
        .checked(AcceptorSpec::delay);

    public static final Option<Stall> STALL = Option.of("stall", "LENGTH/PERIOD", Stall::parse, "Stop answering " +
        "for LENGTH at the start of every PERIOD, e.g. 50ms/1s, holding what arrives and answering it when the " +
        "stall ends: a system that pauses, scripted, as calibrate's self-check drives it. Not given: never.");

    /** Every option of {@code sonde acceptor}, in the order of its help. */
    public static final List<Option<?>> OPTIONS = List.of(BIND, PORT, IDLE, DELAY, STALL);

    private final OptionValues values;

    private AcceptorSpec(final OptionValues values)
    {
        this.values = values;
    }

    /**
     * @return a builder with every option at its command-line default.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    public String bind()
    {
        return values.get(BIND);
    }

    public int port()
    {
        return values.get(PORT);
    }

    public IdleMode idle()
    {
        return values.get(IDLE);
    }

    /**
     * @return how much later than at once it answers each message; zero unless {@code --delay} was given.
     */
    public Duration delay()
    {
        return values.given(DELAY).orElse(Duration.ZERO);
    }

    /**
     * @return the stall it scripts; empty unless {@code --stall} was given.
     */
    public Optional<Stall> stall()
    {
        return values.given(STALL);
    }

    /**
     * @return the command and every option with its value, defaults included, so that the acceptor started listens
     *         where this spec says whatever that version's defaults are.
     */
    public List<String> commandLine()
    {
        final List<String> command = new ArrayList<>(List.of(COMMAND));
        command.addAll(values.everyArgument());
        return List.copyOf(command);
    }

    public boolean equals(final Object other)
    {
        return other instanceof AcceptorSpec spec && spec.values.equals(values);
    }

    public int hashCode()
    {
        return values.hashCode();
    }

    public String toString()
    {
        return "sonde " + COMMAND + " " + values;
    }

    private static void port(final int port)
    {
        if (port > 65_535)
        {
            throw new InvalidOptionException("--port: " + port + " is not in 0..65535");
        }
    }

    private static void delay(final Duration delay)
    {
        if (delay.isNegative())
        {
            throw new InvalidOptionException("--delay must not be negative: " + DurationText.format(delay));
        }
    }

    /**
     * Builds an {@link AcceptorSpec}.
     */
    public static final class Builder extends SpecBuilder<Builder>
    {
        Builder()
        {
            super(OPTIONS);
        }

        /**
         * @param bind the address to listen on, e.g. {@code 0.0.0.0} for every interface.
         * @return this builder.
         */
        public Builder bind(final String bind)
        {
            return with(BIND, bind);
        }

        /**
         * @param port the port to listen on; 0 for any free one.
         * @return this builder.
         */
        public Builder port(final int port)
        {
            return with(PORT, port);
        }

        /**
         * @param idle how its one busy thread waits.
         * @return this builder.
         */
        public Builder idle(final IdleMode idle)
        {
            return with(IDLE, idle);
        }

        /**
         * @param delay how much later than at once to answer each message, standing in for a slower gateway.
         * @return this builder.
         */
        public Builder delay(final Duration delay)
        {
            return with(DELAY, delay);
        }

        /**
         * @param stall how long it stops answering, and how often.
         * @return this builder.
         */
        public Builder stall(final Stall stall)
        {
            return with(STALL, stall);
        }

        /**
         * @return the acceptor, every option checked.
         * @throws InvalidOptionException naming the option that is wrong.
         */
        public AcceptorSpec build()
        {
            return new AcceptorSpec(values());
        }

        Builder self()
        {
            return this;
        }
    }
}
