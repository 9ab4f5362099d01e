package io.sonde.loadgen.schedule;

import java.util.List;
import java.util.function.IntSupplier;

/**
 * Several groups' schedules played together, e.g. some sessions steady while others burst: the requests of every
 * group, merged in intended-time order. {@link #getAsInt()} names the group of the request last returned, so the
 * transport can send it on one of that group's sessions.
 * <p>
 * Each group keeps its own origin-based intended times, so the merge never shifts one: a late send delays no
 * later request's intended time, in its own group or another. Ties go to the lower group. Allocation-free: one
 * pending time per group, and a linear pick over the (few) groups.
 */
public final class GroupedSchedule implements Schedule, IntSupplier
{
    private final Schedule[] groups;
    private final long[] pendingNanos;
    private final double meanRatePerSecond;
    private int lastGroup;

    /**
     * @param groups at least one schedule; a finite one ({@link #END}) simply stops contributing.
     */
    public GroupedSchedule(final List<Schedule> groups)
    {
        if (groups.isEmpty())
        {
            throw new IllegalArgumentException("a grouped schedule needs at least one group");
        }
        this.groups = groups.toArray(new Schedule[0]);
        this.pendingNanos = new long[this.groups.length];
        double rate = 0;
        for (final Schedule group : this.groups)
        {
            rate += group.meanRatePerSecond();
        }
        this.meanRatePerSecond = rate;
    }

    public void start(final long startNanos)
    {
        for (int i = 0; i < groups.length; i++)
        {
            groups[i].start(startNanos);
            pendingNanos[i] = groups[i].nextIntendedNanos();
        }
        lastGroup = 0;
    }

    public long nextIntendedNanos()
    {
        int earliest = 0;
        for (int i = 1; i < groups.length; i++)
        {
            if (pendingNanos[i] < pendingNanos[earliest])
            {
                earliest = i;
            }
        }
        final long intended = pendingNanos[earliest];
        if (intended != END)
        {
            pendingNanos[earliest] = groups[earliest].nextIntendedNanos();
            lastGroup = earliest;
        }
        return intended;
    }

    /**
     * @return the group (0-based, in construction order) of the request {@link #nextIntendedNanos()} last returned.
     */
    public int getAsInt()
    {
        return lastGroup;
    }

    public int groupCount()
    {
        return groups.length;
    }

    public double meanRatePerSecond()
    {
        return meanRatePerSecond;
    }

    public String toString()
    {
        final StringBuilder text = new StringBuilder("groups(");
        for (int i = 0; i < groups.length; i++)
        {
            text.append(i == 0 ? "" : ", ").append(groups[i]);
        }
        return text.append(')').toString();
    }
}
