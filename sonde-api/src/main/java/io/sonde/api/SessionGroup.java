package io.sonde.api;

/**
 * One group of {@code --session-groups}: consecutive sessions sharing an arrival shape.
 *
 * @param sessions  how many sessions the group has.
 * @param shape     {@link ScheduleShape#CONSTANT}, {@link ScheduleShape#POISSON} or {@link ScheduleShape#BURST}.
 * @param burstSize orders in each burst of a burst group; 0 for the other shapes.
 */
public record SessionGroup(int sessions, ScheduleShape shape, int burstSize)
{
    /**
     * @throws InvalidOptionException when the counts are out of range or the shape has no place in a group.
     */
    public SessionGroup
    {
        if (sessions < 1)
        {
            throw new InvalidOptionException("--session-groups: a group needs at least 1 session: " + sessions);
        }
        if (shape == ScheduleShape.STEPS)
        {
            throw new InvalidOptionException("--session-groups: a group is constant, poisson or burst(ORDERS), " +
                "not steps");
        }
        if ((shape == ScheduleShape.BURST) != (burstSize > 0))
        {
            throw new InvalidOptionException("--session-groups: a burst group needs its burst size and no other " +
                "group has one: " + shape + " of " + burstSize);
        }
    }

    /**
     * @return the group as {@code --session-groups} takes it, e.g. {@code 2:burst(50)}.
     */
    public String toString()
    {
        return sessions + ":" + (shape == ScheduleShape.BURST ? "burst(" + burstSize + ")" : shape.toString());
    }
}
