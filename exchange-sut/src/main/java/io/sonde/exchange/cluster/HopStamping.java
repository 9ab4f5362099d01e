package io.sonde.exchange.cluster;

import io.sonde.exchange.sbe.HopStampsEncoder;
import io.sonde.exchange.sbe.MessageHeaderDecoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.NewOrderDecoder;
import io.sonde.fix.engine.WallClock;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;

/**
 * The matching service's part of the hop stamps: a NewOrder that carries the gateway's stamps (its session asked
 * for them) is stamped when the service sees it committed, and the first event answering it to its own gateway
 * connection goes out led by a HopStamps message with the time it was offered. The stamps are measurements: the
 * engine never sees them, so the books, the events' content and a replay are the same with them or without.
 * <p>
 * On the service's thread only; allocation-free once the buffer has grown to the largest event.
 */
final class HopStamping
{
    private static final int INITIAL_CAPACITY = 512;

    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final NewOrderDecoder newOrder = new NewOrderDecoder();
    private final MessageHeaderEncoder stampsHeader = new MessageHeaderEncoder();
    private final HopStampsEncoder stamps = new HopStampsEncoder();
    private final ExpandableDirectByteBuffer stamped = new ExpandableDirectByteBuffer(INITIAL_CAPACITY);
    private final WallClock clock = WallClock.INSTANCE;
    private long pendingSessionId = Long.MIN_VALUE;
    private long gatewayReadTime;
    private long gatewayOfferTime;
    private long commitTime;
    private int stampedLength;

    /**
     * A command arrived committed, about to be executed.
     */
    void onCommand(final DirectBuffer buffer, final int offset, final int length, final long clusterSessionId)
    {
        pendingSessionId = Long.MIN_VALUE;
        if (length < MessageHeaderDecoder.ENCODED_LENGTH)
        {
            return;
        }
        header.wrap(buffer, offset);
        if (header.schemaId() != MessageHeaderDecoder.SCHEMA_ID || header.templateId() != NewOrderDecoder.TEMPLATE_ID ||
            length < MessageHeaderDecoder.ENCODED_LENGTH + header.blockLength())
        {
            return;
        }
        newOrder.wrap(buffer, offset + MessageHeaderDecoder.ENCODED_LENGTH, header.blockLength(), header.version());
        final long readTime = newOrder.gatewayReadTime();
        if (readTime == NewOrderDecoder.gatewayReadTimeNullValue())
        {
            return;
        }
        commitTime = clock.nanoTime();
        gatewayReadTime = readTime;
        gatewayOfferTime = newOrder.gatewayOfferTime();
        pendingSessionId = clusterSessionId;
    }

    /**
     * The command has been executed: whatever it did not answer on its own connection goes unstamped.
     */
    void onCommandDone()
    {
        pendingSessionId = Long.MIN_VALUE;
    }

    /**
     * @return whether the event about to go to {@code clusterSessionId} is the stamped command's answer.
     */
    boolean answers(final long clusterSessionId)
    {
        return pendingSessionId == clusterSessionId;
    }

    /**
     * Lead the answering event with the stamps, the event's own taken now; only the first answer is stamped.
     *
     * @return the stamps followed by the event, {@link #stampedLength()} bytes from 0.
     */
    DirectBuffer lead(final DirectBuffer event, final int offset, final int length)
    {
        stamps.wrapAndApplyHeader(stamped, 0, stampsHeader)
            .gatewayReadTime(gatewayReadTime)
            .gatewayOfferTime(gatewayOfferTime)
            .commitTime(commitTime)
            .eventTime(clock.nanoTime());
        final int stampsLength = MessageHeaderEncoder.ENCODED_LENGTH + stamps.encodedLength();
        stamped.putBytes(stampsLength, event, offset, length);
        stampedLength = stampsLength + length;
        pendingSessionId = Long.MIN_VALUE;
        return stamped;
    }

    int stampedLength()
    {
        return stampedLength;
    }
}
