package io.sonde.api;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * One fault of a run's schedule, as {@code --fault AT:KIND[:ARG]} writes it: {@code 5s:disconnect:2} (two sessions
 * drop at five seconds into the measured window), {@code 10s:slow-reader:500ms}, {@code 8s:kill-leader}. Immutable.
 */
public final class Fault
{
    private static final String OPTION = "--fault";

    private final Duration at;
    private final FaultKind kind;
    private final int sessions;
    private final Duration duration;

    private Fault(final Duration at, final FaultKind kind, final int sessions, final Duration duration)
    {
        this.at = at;
        this.kind = kind;
        this.sessions = sessions;
        this.duration = duration;
    }

    /**
     * @param at       into the measured window.
     * @param kind     a kind that acts on some sessions.
     * @param sessions how many, at least one.
     * @return the fault.
     * @throws InvalidOptionException when the kind takes no number of sessions, or there are none.
     */
    public static Fault onSessions(final Duration at, final FaultKind kind, final int sessions)
    {
        if (kind.argument() != FaultKind.Argument.SESSIONS)
        {
            throw new InvalidOptionException(OPTION + " " + kind + " takes " + describe(kind.argument()) +
                ", not a number of sessions");
        }
        if (sessions < 1)
        {
            throw new InvalidOptionException(OPTION + " " + kind + ": the number of sessions must be at least 1, not " +
                sessions);
        }
        return new Fault(checkedAt(at), kind, sessions, Duration.ZERO);
    }

    /**
     * @param at       into the measured window.
     * @param kind     a kind that lasts a while.
     * @param duration how long, longer than zero.
     * @return the fault.
     * @throws InvalidOptionException when the kind takes no duration, or it is not positive.
     */
    public static Fault lasting(final Duration at, final FaultKind kind, final Duration duration)
    {
        if (kind.argument() != FaultKind.Argument.DURATION)
        {
            throw new InvalidOptionException(OPTION + " " + kind + " takes " + describe(kind.argument()) +
                ", not a duration");
        }
        if (duration.isNegative() || duration.isZero())
        {
            throw new InvalidOptionException(OPTION + " " + kind + ": the duration must be longer than zero, not " +
                DurationText.format(duration));
        }
        return new Fault(checkedAt(at), kind, 0, duration);
    }

    /**
     * @param at   into the measured window.
     * @param kind a kind that takes no argument.
     * @return the fault.
     * @throws InvalidOptionException when the kind needs an argument.
     */
    public static Fault of(final Duration at, final FaultKind kind)
    {
        if (kind.argument() != FaultKind.Argument.NONE)
        {
            throw new InvalidOptionException(OPTION + " " + kind + " needs " + describe(kind.argument()) + ", e.g. " +
                example(kind));
        }
        return new Fault(checkedAt(at), kind, 0, Duration.ZERO);
    }

    /**
     * Reads {@code AT:KIND[:ARG]}: {@code AT} and a {@code DURATION} argument as the command line's other durations
     * ({@code 5s}, {@code 500ms}), a sessions argument as a whole number.
     *
     * @param text e.g. {@code 5s:disconnect:2}.
     * @return the fault.
     * @throws InvalidOptionException naming {@code --fault}, the text and what is wrong with it.
     */
    public static Fault parse(final String text)
    {
        final String[] parts = text.trim().split(":", -1);
        if (parts.length < 2 || parts.length > 3)
        {
            throw new InvalidOptionException(OPTION + " '" + text + "' is not AT:KIND[:ARG], e.g. 5s:disconnect:2 " +
                "or 10s:slow-reader:500ms");
        }
        final Duration at = duration(text, "AT", parts[0]);
        final FaultKind kind = FaultKind.of(parts[1]);
        if (kind.argument() == FaultKind.Argument.NONE)
        {
            if (parts.length == 3)
            {
                throw new InvalidOptionException(OPTION + " '" + text + "': " + kind + " takes no argument");
            }
            return of(at, kind);
        }
        if (parts.length == 2)
        {
            throw new InvalidOptionException(OPTION + " '" + text + "': " + kind + " needs " +
                describe(kind.argument()) + ", e.g. " + example(kind));
        }
        if (kind.argument() == FaultKind.Argument.DURATION)
        {
            return lasting(at, kind, duration(text, "the duration", parts[2]));
        }
        return onSessions(at, kind, sessions(text, parts[2]));
    }

    /**
     * @return when it is due, from the start of the measured window.
     */
    public Duration at()
    {
        return at;
    }

    public FaultKind kind()
    {
        return kind;
    }

    /**
     * @return the number of sessions it acts on; 0 for a kind that takes none.
     */
    public int sessions()
    {
        return sessions;
    }

    /**
     * @return how long it lasts; {@link Duration#ZERO} for a kind that takes no duration.
     */
    public Duration duration()
    {
        return duration;
    }

    /**
     * @return its argument as written, e.g. {@code 2} or {@code 500ms}; empty for a kind that takes none.
     */
    public String argument()
    {
        return switch (kind.argument())
        {
            case SESSIONS -> Integer.toString(sessions);
            case DURATION -> DurationText.format(duration);
            case NONE -> "";
        };
    }

    public boolean equals(final Object other)
    {
        return other instanceof Fault fault && fault.at.equals(at) && fault.kind == kind &&
            fault.sessions == sessions && fault.duration.equals(duration);
    }

    public int hashCode()
    {
        return Objects.hash(at, kind, sessions, duration);
    }

    /**
     * @return the form {@link #parse} reads, e.g. {@code 5s:disconnect:2}.
     */
    public String toString()
    {
        final String argument = argument();
        return DurationText.format(at) + ":" + kind + (argument.isEmpty() ? "" : ":" + argument);
    }

    /**
     * @return the repeatable {@code --fault} option of a command, with its help.
     */
    static Option<List<Fault>> option(final String help)
    {
        return Option.list("fault", "AT:KIND[:ARG]", Fault::parse, Fault::toString, help).byDefault(List.of())
            .repeatable();
    }

    /**
     * @param window what the faults' times count into, e.g. {@code the measured window}.
     * @throws InvalidOptionException naming {@code --fault} for a fault due beyond the window, on more sessions than
     *                                the load opens, or on the bundled exchange of a load that starts none.
     */
    static void checkFit(final List<Fault> faults, final FixLoad load, final Duration measured, final String window)
    {
        for (final Fault fault : faults)
        {
            if (fault.at().compareTo(measured) >= 0)
            {
                throw new InvalidOptionException(OPTION + " " + fault + " is due at " +
                    DurationText.format(fault.at()) + ", not within " + window + " of " +
                    DurationText.format(measured));
            }
            if (fault.sessions() > load.sessionCount())
            {
                throw new InvalidOptionException(OPTION + " " + fault + " needs " + fault.sessions() + " sessions, " +
                    "but the run opens " + load.sessionCount() + " (--sessions)");
            }
            if (fault.kind().onExchange() && !load.embedded())
            {
                throw new InvalidOptionException(OPTION + " " + fault + " acts on the bundled exchange, which only " +
                    "a run with --embedded starts: a venue given by --target cannot be faulted from here");
            }
            if (fault.kind().onExchange() && load.nodes() != 3)
            {
                throw new InvalidOptionException(OPTION + " " + fault + " needs --nodes 3: the one-member exchange " +
                    "runs in Sonde's process and has no leader to lose");
            }
        }
    }

    private static Duration checkedAt(final Duration at)
    {
        if (at.isNegative())
        {
            throw new InvalidOptionException(OPTION + ": AT must be zero or more, not " + DurationText.format(at));
        }
        return at;
    }

    private static Duration duration(final String text, final String what, final String part)
    {
        try
        {
            return DurationText.parse(part);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new InvalidOptionException(OPTION + " '" + text + "': " + what + " " + ex.getMessage(), ex);
        }
    }

    private static int sessions(final String text, final String part)
    {
        try
        {
            return Integer.parseInt(part.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new InvalidOptionException(OPTION + " '" + text + "': the number of sessions '" + part +
                "' is not a whole number", ex);
        }
    }

    private static String describe(final FaultKind.Argument argument)
    {
        return switch (argument)
        {
            case SESSIONS -> "a number of sessions";
            case DURATION -> "a duration";
            case NONE -> "no argument";
        };
    }

    private static String example(final FaultKind kind)
    {
        return "5s:" + kind + (kind.argument() == FaultKind.Argument.SESSIONS ? ":2" :
            kind.argument() == FaultKind.Argument.DURATION ? ":2s" : "");
    }
}
