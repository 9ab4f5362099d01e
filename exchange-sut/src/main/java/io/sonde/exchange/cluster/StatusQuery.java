package io.sonde.exchange.cluster;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.ControlledEgressListener;
import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.aeron.logbuffer.Header;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.protocol.Refusal;
import io.sonde.exchange.sbe.EngineStatusDecoder;
import io.sonde.exchange.sbe.FeedEventDecoder;
import io.sonde.exchange.sbe.FeedSnapshotDecoder;
import io.sonde.exchange.sbe.EngineStatusQueryEncoder;
import io.sonde.exchange.sbe.MessageHeaderDecoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
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
     * What a member process prints when its engine answers a status query, as {@link #memberLine()} writes it:
     * every member applies the query at the same place in the log, so every member's line says the same.
     */
    public static final String MEMBER_LINE = "sonde exchange: ENGINE ";

    /**
     * @return this answer as a member prints it: {@link #MEMBER_LINE} then the four counts, named.
     */
    public String memberLine()
    {
        return MEMBER_LINE + "ordersAccepted=" + ordersAccepted + " openOrders=" + openOrders + " trades=" + trades +
            " digest=" + digest;
    }

    /**
     * @return the answer a member printed on {@code line}, or null when the line is another.
     */
    public static StatusQuery ofMemberLine(final String line)
    {
        if (!line.startsWith(MEMBER_LINE))
        {
            return null;
        }
        final String[] fields = line.substring(MEMBER_LINE.length()).split(" ");
        if (fields.length != 4)
        {
            return null;
        }
        final long[] values = new long[fields.length];
        for (int i = 0; i < fields.length; i++)
        {
            try
            {
                values[i] = Long.parseLong(fields[i].substring(fields[i].indexOf('=') + 1));
            }
            catch (final NumberFormatException ex)
            {
                return null;
            }
        }
        return new StatusQuery(values[0], values[1], values[2], values[3]);
    }

    /**
     * Connect, ask once, and return the answer.
     *
     * @throws IllegalStateException when no answer arrives before the timeout, or something else does.
     */
    public static StatusQuery ask(final ClusterConnection connection, final long timeout, final TimeUnit unit)
    {
        final Listener listener = new Listener();
        final long deadline = System.nanoTime() + unit.toNanos(timeout);
        try (AeronCluster cluster = connection.connect(listener, timeout, unit))
        {
            final UnsafeBuffer query = new UnsafeBuffer(new byte[ProtocolLimits.MAX_MESSAGE_LENGTH]);
            final int length = MessageHeaderEncoder.ENCODED_LENGTH +
                new EngineStatusQueryEncoder().wrapAndApplyHeader(query, 0, new MessageHeaderEncoder()).encodedLength();
            while (cluster.offer(query, 0, length) < 0)
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

    /**
     * This client's session asks one question, so the only message it may receive is the answer, besides the
     * market-data feed the cluster sends every session, which it passes over.
     */
    private static final class Listener implements ControlledEgressListener
    {
        private final MessageHeaderDecoder messageHeader = new MessageHeaderDecoder();
        private final EngineStatusDecoder status = new EngineStatusDecoder();
        private StatusQuery answer;

        public Action onMessage(
            final long clusterSessionId,
            final long timestamp,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final Header header)
        {
            final Refusal refusal = refusalOf(buffer, offset, length);
            if (refusal != null)
            {
                throw new IllegalStateException("the status query was answered with " +
                    refusal.describe(buffer, offset, length));
            }
            if (isFeed(messageHeader.templateId()))
            {
                return Action.CONTINUE;
            }
            final int body = offset + MessageHeaderDecoder.ENCODED_LENGTH;
            status.wrap(buffer, body, messageHeader.blockLength(), messageHeader.version());
            answer = new StatusQuery(status.ordersAccepted(), status.openOrders(), status.trades(), status.digest());
            return Action.CONTINUE;
        }

        private Refusal refusalOf(final DirectBuffer buffer, final int offset, final int length)
        {
            final Refusal refusal = Refusal.checkHeader(messageHeader, buffer, offset, length);
            if (refusal != null)
            {
                return refusal;
            }
            final int templateId = messageHeader.templateId();
            return templateId == EngineStatusDecoder.TEMPLATE_ID || isFeed(templateId) ?
                null : Refusal.UNKNOWN_TEMPLATE;
        }

        private static boolean isFeed(final int templateId)
        {
            return templateId == FeedEventDecoder.TEMPLATE_ID || templateId == FeedSnapshotDecoder.TEMPLATE_ID;
        }
    }
}
