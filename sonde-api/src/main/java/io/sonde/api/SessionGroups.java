package io.sonde.api;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --session-groups}: the sessions split into groups of consecutive sessions, each with its own arrival
 * shape, e.g. {@code 4:constant,2:burst(50)}: the first 4 sessions steady, the next 2 sending bursts of 50 orders.
 * Every session carries the same share of the rate, so a group's rate is the run's rate times its share of the
 * sessions; only the shape differs.
 *
 * @param groups the groups in order from the first session.
 */
public record SessionGroups(List<SessionGroup> groups)
{
    private static final Pattern GROUP = Pattern.compile("(\\d+):(constant|poisson|burst\\((\\d+)\\))");

    /**
     * @throws InvalidOptionException when there is no group.
     */
    public SessionGroups
    {
        groups = List.copyOf(groups);
        if (groups.isEmpty())
        {
            throw new InvalidOptionException("--session-groups needs at least one group");
        }
    }

    /**
     * @throws InvalidOptionException naming the group that cannot be read.
     */
    public static SessionGroups parse(final String text)
    {
        final List<SessionGroup> groups = new ArrayList<>();
        for (final String part : text.split(","))
        {
            final Matcher matcher = GROUP.matcher(part.trim());
            if (!matcher.matches())
            {
                throw new InvalidOptionException("--session-groups: '" + part.trim() + "' is not " +
                    "SESSIONS:SHAPE with SHAPE constant, poisson or burst(ORDERS), e.g. 4:constant,2:burst(50)");
            }
            final boolean burst = matcher.group(3) != null;
            groups.add(new SessionGroup(positive(matcher.group(1), part, "sessions"),
                burst ? ScheduleShape.BURST : ScheduleShape.parse(matcher.group(2)),
                burst ? positive(matcher.group(3), part, "burst size") : 0));
        }
        return new SessionGroups(groups);
    }

    /**
     * @return the sessions of every group together.
     */
    public int totalSessions()
    {
        return groups.stream().mapToInt(SessionGroup::sessions).sum();
    }

    /**
     * @return the groups as {@code --session-groups} takes them.
     */
    public String toString()
    {
        final StringJoiner text = new StringJoiner(",");
        groups.forEach(group -> text.add(group.toString()));
        return text.toString();
    }

    private static int positive(final String digits, final String part, final String what)
    {
        try
        {
            final int value = Integer.parseInt(digits);
            if (value > 0)
            {
                return value;
            }
        }
        catch (final NumberFormatException ignored)
        {
            // Too large for an int: refused below as not a usable count.
        }
        throw new InvalidOptionException("--session-groups: '" + part.trim() + "': " + what + " must be a " +
            "whole number from 1");
    }
}
