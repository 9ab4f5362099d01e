package io.sonde.md;

import io.sonde.md.sbe.MessageHeaderDecoder;
import io.sonde.md.sbe.MessageHeaderEncoder;
import io.sonde.md.sbe.DeleteReason;
import io.sonde.md.sbe.OrderAddedDecoder;
import io.sonde.md.sbe.OrderAddedEncoder;
import io.sonde.md.sbe.OrderDeletedEncoder;
import io.sonde.md.sbe.Side;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class FeedPacketTest
{
    private final UnsafeBuffer message = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
    private final FeedPacketReader reader = new FeedPacketReader(FeedPackets.INCREMENTAL_CHANNEL);
    private final List<Long> sequences = new ArrayList<>();

    @Test
    void messagesCarryConsecutiveSequenceNumbersAcrossPackets()
    {
        final FeedPacketWriter writer = new FeedPacketWriter(FeedPackets.INCREMENTAL_CHANNEL, 150, 41);
        final int length = deleted(7);
        int packets = 0;
        for (int i = 0; i < 5; i++)
        {
            if (!writer.add(message, 0, length))
            {
                read(writer.seal(123));
                writer.clear();
                packets++;
                writer.add(message, 0, length);
            }
        }
        read(writer.seal(124));
        packets++;

        assertEquals(List.of(41L, 42L, 43L, 44L, 45L), sequences);
        assertEquals(3, packets);
        assertEquals(124, reader.sendingTime());
    }

    @Test
    void anEmptyPacketIsAHeartbeatNamingTheNextSequence()
    {
        final FeedPacketWriter writer = new FeedPacketWriter(FeedPackets.INCREMENTAL_CHANNEL, 200, 9);

        assertEquals(FeedPacketReader.Outcome.READ, read(writer.seal(1)));
        assertEquals(0, reader.messageCount());
        assertEquals(9, reader.firstSequence());
    }

    @Test
    void aTruncatedOrForeignDatagramIsRefusedWhole()
    {
        final FeedPacketWriter writer = new FeedPacketWriter(FeedPackets.INCREMENTAL_CHANNEL, 200, 1);
        writer.add(message, 0, deleted(1));
        writer.add(message, 0, deleted(2));
        final ByteBuffer datagram = writer.seal(1);

        final UnsafeBuffer bytes = new UnsafeBuffer(datagram);
        assertEquals(FeedPacketReader.Outcome.GARBLED, reader.read(bytes, 0, datagram.limit() - 1, this::onMessage));
        assertEquals(FeedPacketReader.Outcome.GARBLED,
            reader.read(new UnsafeBuffer("hello, feed".getBytes()), 0, 11, this::onMessage));
        assertEquals(List.of(), sequences);

        final FeedPacketWriter other = new FeedPacketWriter(7, 200, 1);
        other.add(message, 0, deleted(1));
        final ByteBuffer foreign = other.seal(1);
        assertEquals(FeedPacketReader.Outcome.OTHER_CHANNEL,
            reader.read(new UnsafeBuffer(foreign), 0, foreign.limit(), this::onMessage));
        assertEquals(7, reader.receivedChannel());
        assertFalse(sequences.contains(1L));
    }

    @Test
    void aTriggerFlagTravelsWithItsOrderAddedAndAPlainOneCarriesNone()
    {
        final FeedPacketWriter writer = new FeedPacketWriter(FeedPackets.INCREMENTAL_CHANNEL, 200, 5);
        writer.add(message, 0, added(5, true));
        writer.add(message, 0, added(6, false));
        final List<Boolean> triggers = new ArrayList<>();
        final ByteBuffer datagram = writer.seal(1);

        reader.read(new UnsafeBuffer(datagram), 0, datagram.limit(),
            (sequence, buffer, offset, length) -> triggers.add(isTriggerAt(buffer, offset)));

        assertEquals(List.of(true, false), triggers);
    }

    @Test
    void anOrderAddedOfVersionOneReadsAsOneWithNoFlags()
    {
        final int fullLength = added(9, true);
        final int versionOneBlock = OrderAddedEncoder.BLOCK_LENGTH - OrderAddedEncoder.flagsEncodingLength();
        message.putShort(0, (short)versionOneBlock);
        message.putShort(MessageHeaderEncoder.versionEncodingOffset(), (short)1);
        final FeedPacketWriter writer = new FeedPacketWriter(FeedPackets.INCREMENTAL_CHANNEL, 200, 9);
        writer.add(message, 0, fullLength - OrderAddedEncoder.flagsEncodingLength());
        final List<Long> orderIds = new ArrayList<>();
        final List<Boolean> triggers = new ArrayList<>();
        final ByteBuffer datagram = writer.seal(1);

        assertEquals(FeedPacketReader.Outcome.READ, reader.read(new UnsafeBuffer(datagram), 0, datagram.limit(),
            (sequence, buffer, offset, length) ->
            {
                orderIds.add(decodeAdded(buffer, offset).orderId());
                triggers.add(isTriggerAt(buffer, offset));
            }));

        assertEquals(List.of(9L), orderIds);
        assertEquals(List.of(false), triggers);
    }

    private static OrderAddedDecoder decodeAdded(final DirectBuffer buffer, final int offset)
    {
        final MessageHeaderDecoder header = new MessageHeaderDecoder().wrap(buffer, offset);
        assertEquals(OrderAddedDecoder.TEMPLATE_ID, header.templateId());
        return new OrderAddedDecoder().wrap(
            buffer, offset + MessageHeaderDecoder.ENCODED_LENGTH, header.blockLength(), header.version());
    }

    private static boolean isTriggerAt(final DirectBuffer buffer, final int offset)
    {
        return FeedPackets.isTrigger(decodeAdded(buffer, offset));
    }

    private FeedPacketReader.Outcome read(final ByteBuffer datagram)
    {
        return reader.read(new UnsafeBuffer(datagram), 0, datagram.limit(), this::onMessage);
    }

    private void onMessage(final long sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        sequences.add(sequence);
    }

    private int added(final long orderId, final boolean trigger)
    {
        final OrderAddedEncoder encoder = new OrderAddedEncoder()
            .wrapAndApplyHeader(message, 0, new MessageHeaderEncoder())
            .orderId(orderId).transactTime(1).price(100_000).quantity(10).side(Side.SELL).symbol("SONDE.A");
        encoder.flags().clear().trigger(trigger);
        return MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
    }

    private int deleted(final long orderId)
    {
        final OrderDeletedEncoder encoder = new OrderDeletedEncoder()
            .wrapAndApplyHeader(message, 0, new MessageHeaderEncoder())
            .orderId(orderId).transactTime(1).side(Side.BUY).reason(DeleteReason.CANCELED).symbol("SONDE.A");
        return MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
    }
}
