package io.sonde.fix.client.order;

import io.sonde.fix.client.session.SessionPool;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.session.Session;

/**
 * The cancels and replaces that follow an acknowledged order, in the order they became due. A follow-up is
 * intended the moment it is queued (when the report that triggers it arrives), so a delay in sending it, from
 * back-pressure or a throttled session, is measured as lateness rather than hidden. A follow-up whose session is
 * gone for good is dropped and counted.
 */
final class FollowUps
{
    private final OrderTable orders;
    private final SessionPool pool;
    private final OrderEncoders encoders;
    private final ClOrdIdCodec clOrdIds;
    private final LifecycleStages stages;
    private final SentSequences sentSequences;
    private final FixFailures failures;
    private final LifecycleEnds ends;
    private final long[] queue;
    private final int mask;
    private long head;
    private long tail;

    FollowUps(
        final OrderTable orders,
        final SessionPool pool,
        final OrderEncoders encoders,
        final ClOrdIdCodec clOrdIds,
        final LifecycleStages stages,
        final SentSequences sentSequences,
        final FixFailures failures,
        final LifecycleEnds ends)
    {
        this.orders = orders;
        this.pool = pool;
        this.encoders = encoders;
        this.clOrdIds = clOrdIds;
        this.stages = stages;
        this.sentSequences = sentSequences;
        this.failures = failures;
        this.ends = ends;
        this.queue = new long[orders.capacity()];
        this.mask = orders.capacity() - 1;
    }

    /**
     * @param queuedState {@link OrderTable#CANCEL_QUEUED} or {@link OrderTable#REPLACE_QUEUED}.
     */
    void queue(final int slot, final byte queuedState, final long nowNanos)
    {
        orders.state[slot] = queuedState;
        orders.stageIntendedNanos[slot] = nowNanos;
        queue[(int)(tail++ & mask)] = orders.orderNumber[slot];
    }

    /**
     * Send what is due, in order, until a session pushes back.
     *
     * @return follow-ups sent.
     */
    int send(final long nowNanos)
    {
        int sent = 0;
        while (head < tail)
        {
            final int slot = orders.liveSlot(queue[(int)(head & mask)]);
            if (slot < 0 || (orders.state[slot] != OrderTable.CANCEL_QUEUED &&
                orders.state[slot] != OrderTable.REPLACE_QUEUED))
            {
                head++;
                continue;
            }
            final int sessionIndex = orders.session[slot];
            final Session session = pool.sendableSession(sessionIndex, nowNanos);
            if (session == null)
            {
                if (pool.session(sessionIndex) == null)
                {
                    failures.followUpsDropped++;
                    head++;
                    continue;
                }
                break;
            }
            if (!send(slot, session, sessionIndex, nowNanos))
            {
                break;
            }
            head++;
            sent++;
        }
        return sent;
    }

    /**
     * Send the cancel or replace queued in {@code slot} now, on its order's session, ahead of the queue: a request
     * of its own (the book flow's), intended when its schedule said.
     *
     * @return false when the session cannot take it yet, or is gone for good (counted as dropped).
     */
    boolean sendNow(final int slot, final long nowNanos)
    {
        final int sessionIndex = orders.session[slot];
        final Session session = pool.sendableSession(sessionIndex, nowNanos);
        if (session == null)
        {
            if (pool.session(sessionIndex) == null)
            {
                failures.followUpsDropped++;
            }
            return false;
        }
        return send(slot, session, sessionIndex, nowNanos);
    }

    private boolean send(final int slot, final Session session, final int sessionIndex, final long nowNanos)
    {
        final boolean isCancel = orders.state[slot] == OrderTable.CANCEL_QUEUED;
        final long intended = orders.stageIntendedNanos[slot];
        orders.pendingClOrdIdLength[slot] = clOrdIds.encode(orders.pendingClOrdId[slot], orders.orderNumber[slot],
            isCancel ? ClOrdIdCodec.CANCEL_STAGE : ClOrdIdCodec.REPLACE_STAGE, intended);
        // A replace raises the quantity by one: a size increase, which loses time priority at most venues.
        final long replacedQuantity = orders.quantity[slot] + 1;
        final Encoder encoder = isCancel ?
            encoders.cancel(sessionIndex, orders, slot) :
            encoders.replace(sessionIndex, orders, slot, replacedQuantity);
        if (session.trySend(encoder) < 0)
        {
            failures.sendBackPressure++;
            return false;
        }
        pool.onSent(sessionIndex);
        sentSequences.remember(sessionIndex, session.lastSentMsgSeqNum(), slot);
        if (!isCancel)
        {
            orders.quantity[slot] = replacedQuantity;
        }
        orders.followUpSent(slot, isCancel ? OrderTable.CANCEL_SENT : OrderTable.REPLACE_SENT, nowNanos);
        stages.recordSend(slot, intended, nowNanos);
        if (orders.orderIdKey[slot] != OrderIdKeys.NONE)
        {
            ends.effects().onFollowUpSent(
                orders.orderIdKey[slot], isCancel, orders.newIntendedNanos[slot], intended, nowNanos);
        }
        return true;
    }
}
