package io.sonde.exchange.gateway;

import org.agrona.collections.Long2ObjectHashMap;
import uk.co.real_logic.artio.session.Session;

/**
 * The FIX sessions logged on to this gateway, by owner id: written and read on the gateway's thread, with their
 * count published for a stop that waits, on another thread, for every session to have logged out.
 */
final class LoggedOnSessions
{
    private final Long2ObjectHashMap<Session> byOwner = new Long2ObjectHashMap<>();
    private volatile int count;

    void onLogon(final long ownerId, final Session session)
    {
        byOwner.put(ownerId, session);
        count = byOwner.size();
    }

    /**
     * The session is gone; an owner that has logged on again since keeps its newer session.
     */
    void onDisconnect(final long ownerId, final Session session)
    {
        if (byOwner.get(ownerId) == session)
        {
            byOwner.remove(ownerId);
            count = byOwner.size();
        }
    }

    /**
     * @return the sessions by owner; the gateway's thread only.
     */
    Long2ObjectHashMap<Session> byOwner()
    {
        return byOwner;
    }

    /**
     * @return how many are logged on; any thread.
     */
    int count()
    {
        return count;
    }
}
