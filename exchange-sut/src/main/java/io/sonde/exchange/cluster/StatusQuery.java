package io.sonde.exchange.cluster;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.ControlledEgressListener;
import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.aeron.logbuffer.Header;
import io.sonde.exchange.protocol.OrderCommand;
import io.sonde.exchange.protocol.StatusReply;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.concurrent.TimeUnit;

/**
 * Asks the matching engine for its counts and state digest through the log, so the answer reflects every
 * order sequenced before the query, on whichever member is leader. For tests and operators.
 *
 * @param ordersAccepted orders the engine acknowledged since the cluster began.
 * @param openOrders     orders resting in the books now.
 * @param trades         matches so far.
 * @param digest         hash over the books and counters.
 */
public record StatusQuery(long ordersAccepted, long openOrders, long trades, long digest)
{
    /**
     * Connect, ask once, and return the answer.
     *
     * @throws IllegalStateException when no answer arrives before the timeout.
     */
    public static StatusQuery ask(final ClusterConnection connection, final long timeout, final TimeUnit unit)
    {
        final Listener listener = new Listener();
        final long deadline = System.nanoTime() + unit.toNanos(timeout);
        try (AeronCluster cluster = connection.connect(listener, timeout, unit))
        {
            final UnsafeBuffer query = new UnsafeBuffer(new byte[OrderCommand.LENGTH]);
            new OrderCommand().wrapForEncode(query, 0, OrderCommand.STATUS_QUERY);
            while (cluster.offer(query, 0, OrderCommand.LENGTH) < 0)
            {
                checkDeadline(deadline, "send the status query");
                cluster.controlledPollEgress();
                Thread.onSpinWait();
            }
            while (listener.answer == null)
            {
                checkDeadline(deadline, "receive the status answer");
                if (cluster.controlledPollEgress() == 0)
                {
                    Thread.onSpinWait();
                }
            }
            return listener.answer;
        }
    }

    private static void checkDeadline(final long deadline, final String what)
    {
        if (System.nanoTime() > deadline)
        {
            throw new IllegalStateException("timed out waiting to " + what);
        }
    }

    private static final class Listener implements ControlledEgressListener
    {
        private final StatusReply reply = new StatusReply();
        private StatusQuery answer;

        public Action onMessage(
            final long clusterSessionId,
            final long timestamp,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final Header header)
        {
            if (length == StatusReply.LENGTH && buffer.getByte(offset) == StatusReply.KIND)
            {
                reply.wrap(buffer, offset);
                answer = new StatusQuery(reply.ordersAccepted(), reply.openOrders(), reply.trades(), reply.digest());
            }
            return Action.CONTINUE;
        }
    }
}
