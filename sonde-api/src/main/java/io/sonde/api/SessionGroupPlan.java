package io.sonde.api;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --session-groups}: the sessions split into groups of consecutive sessions, each with its own arrival
 * shape, e.g. {@code 4:constant,2:burst(50)}: the first 4 sessions steady, the next 2 sending bursts of 50 orders.
 * Every session carries the same share of the rate, so a group's rate is the run's rate times its share of the
 * sessions; only the shape differs.
 */
public final class SessionGroupPlan
{
    private static final Pattern GROUP = Pattern.compile("(\\d+):(constant|poisson|burst\\((\\d+)\\))");

    private final int[] sessionCounts;
    private final ScheduleShape[] shapes;
    private final int[] burstSizes;

    private SessionGroupPlan(final int[] sessionCounts, final ScheduleShape[] shapes, final int[] burstSizes)
    {
        this.sessionCounts = sessionCounts;
        this.shapes = shapes;
        this.burstSizes = burstSizes;
    }

    /**
     * @throws IllegalArgumentException naming the group that cannot be read.
     */
    public static SessionGroupPlan parse(final String text)
    {
        final String[] parts = text.split(",");
        final int[] sessionCounts = new int[parts.length];
        final ScheduleShape[] shapes = new ScheduleShape[parts.length];
        final int[] burstSizes = new int[parts.length];
        for (int i = 0; i < parts.length; i++)
        {
            final Matcher matcher = GROUP.matcher(parts[i].trim());
            if (!matcher.matches())
            {
                throw new IllegalArgumentException("--session-groups: '" + parts[i].trim() + "' is not " +
                    "SESSIONS:SHAPE with SHAPE constant, poisson or burst(ORDERS), e.g. 4:constant,2:burst(50)");
            }
            sessionCounts[i] = positive(matcher.group(1), parts[i], "sessions");
            shapes[i] = matcher.group(2).startsWith("burst") ? ScheduleShape.BURST :
                ScheduleShape.parse(matcher.group(2));
            burstSizes[i] = matcher.group(3) == null ? 0 : positive(matcher.group(3), parts[i], "burst size");
        }
        return new SessionGroupPlan(sessionCounts, shapes, burstSizes);
    }

    public int totalSessions()
    {
        int total = 0;
        for (final int count : sessionCounts)
        {
            total += count;
        }
        return total;
    }

    /**
     * @return how many groups there are.
     */
    public int groups()
    {
        return sessionCounts.length;
    }

    /**
     * @return how many sessions each group has, the groups in order from the first session.
     */
    public int[] sessionCounts()
    {
        return sessionCounts.clone();
    }

    /**
     * @return the arrival shape of group {@code group}: {@link ScheduleShape#CONSTANT}, {@link ScheduleShape#POISSON}
     *         or {@link ScheduleShape#BURST}.
     */
    public ScheduleShape shape(final int group)
    {
        return shapes[group];
    }

    /**
     * @return the orders in each burst of group {@code group}; 0 unless its shape is {@link ScheduleShape#BURST}.
     */
    public int burstSize(final int group)
    {
        return burstSizes[group];
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
            // Too large for an int: reported below as not a usable count.
        }
        throw new IllegalArgumentException("--session-groups: '" + part.trim() + "': " + what + " must be a " +
            "whole number from 1");
    }
}
