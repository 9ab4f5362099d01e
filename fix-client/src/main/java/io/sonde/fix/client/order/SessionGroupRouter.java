package io.sonde.fix.client.order;

import io.sonde.api.SessionGroup;
import io.sonde.api.SessionGroups;
import io.sonde.fix.client.session.SessionPool;

import java.util.function.IntSupplier;

/**
 * Routes each request to a session of its group: the sessions are split into the {@link SessionGroups} of
 * consecutive sessions, each group fed by its own schedule, and a request goes out on a session of the group its
 * schedule names ({@code groupOfRequest}), round-robin within the group, so a bursting group's load never lands on
 * a steady group's sessions. Allocation-free.
 */
public final class SessionGroupRouter
{
    private final IntSupplier groupOfRequest;
    private final int[] firstSession;
    private final int[] sessionCount;
    private final int[] nextInGroup;

    /**
     * @param groupOfRequest the group of the request about to be sent, asked once per send.
     * @param groups         the groups in session order: group 0 has the first sessions.
     */
    public SessionGroupRouter(final IntSupplier groupOfRequest, final SessionGroups groups)
    {
        this.groupOfRequest = groupOfRequest;
        this.sessionCount = groups.groups().stream().mapToInt(SessionGroup::sessions).toArray();
        this.firstSession = new int[sessionCount.length];
        this.nextInGroup = new int[sessionCount.length];
        int first = 0;
        for (int group = 0; group < sessionCount.length; group++)
        {
            firstSession[group] = first;
            first += sessionCount[group];
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
