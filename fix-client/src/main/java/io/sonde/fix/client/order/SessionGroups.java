package io.sonde.fix.client.order;

import io.sonde.fix.client.session.SessionPool;

import java.util.function.IntSupplier;

/**
 * Sessions split into groups of consecutive sessions, each group fed by its own schedule: a request goes out on
 * a session of the group its schedule names ({@code groupOfRequest}), round-robin within the group, so a
 * bursting group's load never lands on a steady group's sessions. Allocation-free.
 */
public final class SessionGroups
{
    private final IntSupplier groupOfRequest;
    private final int[] firstSession;
    private final int[] sessionCount;
    private final int[] nextInGroup;

    /**
     * @param groupOfRequest the group of the request about to be sent, asked once per send.
     * @param sessionCounts  how many sessions each group has, in session order: group 0 has the first ones.
     */
    public SessionGroups(final IntSupplier groupOfRequest, final int[] sessionCounts)
    {
        this.groupOfRequest = groupOfRequest;
        this.firstSession = new int[sessionCounts.length];
        this.sessionCount = sessionCounts.clone();
        this.nextInGroup = new int[sessionCounts.length];
        int first = 0;
        for (int group = 0; group < sessionCounts.length; group++)
        {
            if (sessionCounts[group] < 1)
            {
                throw new IllegalArgumentException("session group " + group + " has no sessions");
            }
            firstSession[group] = first;
            first += sessionCounts[group];
        }
    }

    /**
     * @return all the groups' sessions together.
     */
    public int totalSessions()
    {
        return firstSession[firstSession.length - 1] + sessionCount[sessionCount.length - 1];
    }

    /**
     * @return the index of a session of the current request's group that may send now, or -1 if none may.
     */
    int nextSendable(final SessionPool pool, final long nowNanos)
    {
        final int group = groupOfRequest.getAsInt();
        final int count = sessionCount[group];
        for (int tried = 0; tried < count; tried++)
        {
            final int index = firstSession[group] + nextInGroup[group];
            nextInGroup[group] = nextInGroup[group] + 1 == count ? 0 : nextInGroup[group] + 1;
            if (pool.sendableSession(index, nowNanos) != null)
            {
                return index;
            }
        }
        return -1;
    }
}
