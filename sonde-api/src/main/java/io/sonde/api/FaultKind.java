package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a scheduled {@link Fault} does: the first five act on Sonde's own FIX sessions and work against any venue;
 * the last four act on the bundled exchange's members, so only a Sonde process that started those members can
 * apply them.
 */
public enum FaultKind
{
    /** N sessions drop their TCP connection without a Logout, then log on again keeping their sequence numbers. */
    DISCONNECT("disconnect", Argument.SESSIONS),
    /** N sessions log out cleanly, then log on again. */
    LOGOUT("logout", Argument.SESSIONS),
    /** N sessions skip ten outgoing MsgSeqNums, so the venue must ask for them and be gap-filled. */
    GAP("gap", Argument.SESSIONS),
    /** N sessions ask the venue to resend everything since the session began: a resend storm. */
    RESEND("resend", Argument.SESSIONS),
    /** One session stops reading for the DURATION, so the venue meets back-pressure. */
    SLOW_READER("slow-reader", Argument.DURATION),
    /** The exchange's leader is killed. */
    KILL_LEADER("kill-leader", Argument.NONE),
    /** The exchange's leader is stopped (SIGSTOP) for the DURATION, then continued. */
    PAUSE_LEADER("pause-leader", Argument.DURATION),
    /** The exchange's FIX gateway is killed and restarted at once. */
    KILL_GATEWAY("kill-gateway", Argument.NONE),
    /** The exchange's leader is cut off from the other members for the DURATION. */
    PARTITION_LEADER("partition-leader", Argument.DURATION);

    /**
     * What follows a kind in {@code AT:KIND[:ARG]}.
     */
    public enum Argument
    {
        /** A number of sessions, at least one. */
        SESSIONS,
        /** A duration longer than zero, e.g. {@code 2s}. */
        DURATION,
        /** Nothing. */
        NONE
    }

    private final String cliName;
    private final Argument argument;

    FaultKind(final String cliName, final Argument argument)
    {
        this.cliName = cliName;
        this.argument = argument;
    }

    /**
     * @return how the command line names it, e.g. {@code slow-reader}.
     */
    @JsonValue
    public String cliName()
    {
        return cliName;
    }

    /**
     * @return what it takes after its name.
     */
    public Argument argument()
    {
        return argument;
    }

    /**
     * @return whether it acts on the bundled exchange's members rather than on Sonde's own sessions.
     */
    public boolean onExchange()
    {
        return this == KILL_LEADER || this == PAUSE_LEADER || this == KILL_GATEWAY || this == PARTITION_LEADER;
    }

    /**
     * @param name a kind as the command line names it, in any case.
     * @return that kind.
     * @throws InvalidOptionException naming {@code --fault} and the kinds there are.
     */
    @JsonCreator
    public static FaultKind of(final String name)
    {
        final String wanted = name.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(kind -> kind.cliName.equals(wanted)).findFirst()
            .orElseThrow(() -> new InvalidOptionException("--fault: unknown kind '" + name + "' (kinds: " +
                Arrays.stream(values()).map(FaultKind::cliName).collect(Collectors.joining(", ")) + ")"));
    }

    public String toString()
    {
        return cliName;
    }
}
