package io.sonde.strategy;

import io.sonde.md.FeedPacketWriter;
import io.sonde.md.FeedPackets;
import io.sonde.md.sbe.MessageHeaderEncoder;
import io.sonde.md.sbe.OrderAddedEncoder;
import io.sonde.md.sbe.Side;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every flagged OrderAdded of the feed is a trigger, and nothing else is; breaks in the sequence numbers are counted
 * as gaps (a heartbeat's too), a message seen again is dropped, and a feed that starts again from 1 is a new run.
 */
@Timeout(30)
class UdpTriggersTest
{
    private final StrategyCounts counts = new StrategyCounts();
    private final Reactions reactions = new Reactions(StrategySettings.FIX_4_4, StrategySettings.TEXT_TAG, counts);
    private final UdpTriggers triggers =
        new UdpTriggers(new InetSocketAddress("127.0.0.1", 0), reactions, counts);
    private final UnsafeBuffer message = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
    private final DatagramChannel sender = DatagramChannel.open();

    UdpTriggersTest() throws IOException
    {
    }

    @AfterEach
    void close() throws IOException
    {
        triggers.close();
        sender.close();
    }

    @Test
    void onlyFlaggedOrderAddedEventsAreTriggers() throws IOException
    {
        final FeedPacketWriter packet = new FeedPacketWriter(FeedPackets.INCREMENTAL_CHANNEL, 1472, 1);
        packet.add(message, 0, added(1, false));
        packet.add(message, 0, added(2, true));
        packet.add(message, 0, added(3, false));
        packet.add(message, 0, added(4, true));

        send(packet);

        awaitDatagrams(1);
        assertEquals(2, counts.triggersSeen());
        assertEquals(0, counts.feedGaps());
        assertEquals(0, counts.reactionsSent());
        assertEquals(2, counts.reactionsNotSent(), "no session is logged on: each trigger counted as not sent");
    }

    @Test
    void breaksInTheSequenceAreCountedAsGapsAndRepeatsAreDropped() throws IOException
    {
        send(packet(1, 3, true));
        send(packet(6, 2, true));
        send(packet(7, 1, true));
        send(heartbeat(10));
        send(packet(10, 1, true));

        awaitDatagrams(5);
        assertEquals(2 + 2, counts.feedGaps());
        assertEquals(1, counts.duplicatesDropped());
        assertEquals(3 + 2 + 1, counts.triggersSeen());
    }

    @Test
    void aFeedThatStartsAgainFromOneIsANewRunNotAGap() throws IOException
    {
        send(packet(1, 5, true));
        send(packet(1, 2, true));

        awaitDatagrams(2);
        assertEquals(0, counts.feedGaps());
        assertEquals(0, counts.duplicatesDropped());
        assertEquals(7, counts.triggersSeen());
    }

    private void awaitDatagrams(final int datagrams)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        int read = 0;
        while (read < datagrams && System.nanoTime() < deadline)
        {
            read += triggers.poll();
        }
        assertEquals(datagrams, read, "datagrams received on loopback");
    }

    private FeedPacketWriter packet(final long firstSequence, final int count, final boolean trigger)
    {
        final FeedPacketWriter packet = new FeedPacketWriter(FeedPackets.INCREMENTAL_CHANNEL, 1472, firstSequence);
        for (int i = 0; i < count; i++)
        {
            packet.add(message, 0, added(firstSequence + i, trigger));
        }
        return packet;
    }

    private static FeedPacketWriter heartbeat(final long next)
    {
        return new FeedPacketWriter(FeedPackets.INCREMENTAL_CHANNEL, 1472, next);
    }

    private void send(final FeedPacketWriter packet) throws IOException
    {
        final ByteBuffer datagram = packet.seal(1);
        sender.send(datagram, triggers.address());
    }

    private int added(final long orderId, final boolean trigger)
    {
        final OrderAddedEncoder encoder = new OrderAddedEncoder()
            .wrapAndApplyHeader(message, 0, new MessageHeaderEncoder())
            .orderId(orderId).transactTime(1).price(100_0050).quantity(5).side(Side.BUY).symbol("SONDE.A");
        encoder.flags().clear().trigger(trigger);
        return MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
    }
}
