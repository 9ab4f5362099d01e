package io.sonde.exchange.gateway;

import org.agrona.collections.LongHashSet;
import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;

import java.util.function.LongPredicate;

/**
 * Cancel-on-disconnect requests on their way from Artio's framer thread to the gateway's thread, which alone may
 * talk to the cluster. A session whose Logon asked for a cancel "on disconnect or logout" (35002 = 3) times out
 * twice when it logs out and then drops its connection: its orders are canceled, and the cancel announced, once
 * per logon.
 */
final class MassCancelRequests
{
    private final ManyToOneConcurrentArrayQueue<String> pending;
    private final LongHashSet canceledSinceLogon = new LongHashSet();

    MassCancelRequests(final int capacity)
    {
        pending = new ManyToOneConcurrentArrayQueue<>(capacity);
    }

    /**
     * @param senderCompId the SenderCompID (49) of the session that is gone.
     * @return false when the queue is full and this request is not taken; any thread.
     */
    boolean request(final String senderCompId)
    {
        return pending.offer(senderCompId);
    }

    /**
     * The owner is logged on again: a later disconnect cancels its new orders. The gateway's thread only.
     */
    void onLogon(final long ownerId)
    {
        canceledSinceLogon.remove(ownerId);
    }

    /**
     * Sends what is due; a cancel the cluster cannot take yet stays first in line, so none is lost to
     * back-pressure. The gateway's thread only.
     *
     * @param massCancel sends the cancel of every open order of an owner, false when it could not be sent yet.
     * @return the cancels sent.
     */
    int send(final LongPredicate massCancel)
    {
        int sent = 0;
        String senderCompId;
        while ((senderCompId = pending.peek()) != null)
        {
            final long ownerId = OwnerIds.of(senderCompId);
            if (canceledSinceLogon.contains(ownerId))
            {
                pending.poll();
                continue;
            }
            if (!massCancel.test(ownerId))
            {
                break;
            }
            pending.poll();
            canceledSinceLogon.add(ownerId);
            System.err.println("[gateway] cancel on disconnect: canceling every open order of " + senderCompId);
            sent++;
        }
        return sent;
    }
}
