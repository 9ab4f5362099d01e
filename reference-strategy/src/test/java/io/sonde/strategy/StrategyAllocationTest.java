package io.sonde.strategy;

import io.sonde.fix.codecs.builder.HeaderEncoder;
import io.sonde.md.FeedPacketWriter;
import io.sonde.md.FeedPackets;
import io.sonde.md.sbe.MessageHeaderEncoder;
import io.sonde.md.sbe.OrderAddedEncoder;
import io.sonde.md.sbe.Side;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The strategy's path from a datagram to its order allocates nothing per event once warm: reading the feed and
 * finding its triggers, and writing each reaction, echo included (the session's own send is Artio's). The bound is
 * less than a byte per event: the smallest object is 16 bytes, so any allocation per event breaks it, while the
 * few hundred bytes a JIT compilation may charge to the thread once do not.
 */
@Timeout(60)
class StrategyAllocationTest
{
    private static final int DATAGRAMS_PER_ROUND = 200;
    private static final byte[] SENDING_TIME = "20261128-07:00:00.000".getBytes(StandardCharsets.US_ASCII);
    private final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
    /** Read in each test: the instance may be made on another thread than the one that runs it. */
    private long threadId;

    @Test
    void readingTriggersFromTheFeedAllocatesNothing() throws IOException
    {
        assertTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        threadId = Thread.currentThread().getId();
        final StrategyCounts counts = new StrategyCounts();
        final Reactions reactions = new Reactions(StrategySettings.FIX_4_4, StrategySettings.TEXT_TAG, counts);
        try (UdpTriggers triggers = new UdpTriggers(new InetSocketAddress("127.0.0.1", 0), reactions, counts);
            DatagramChannel sender = DatagramChannel.open())
        {
            final ByteBuffer[] datagrams = datagrams();
            for (int round = 0; round < 30; round++)
            {
                sendAll(sender, datagrams, triggers.address());
                pollAll(triggers);
            }
            long allocated = 0;
            for (int round = 0; round < 10; round++)
            {
                sendAll(sender, datagrams, triggers.address());
                final long before = threads.getThreadAllocatedBytes(threadId);
                pollAll(triggers);
                allocated += threads.getThreadAllocatedBytes(threadId) - before - overhead();
            }

            assertEquals(0, counts.feedGaps(), "every datagram arrived, or the round would be short");
            assertEquals(40L * DATAGRAMS_PER_ROUND, counts.triggersSeen());
            final int measured = 10 * DATAGRAMS_PER_ROUND;
            assertTrue(allocated < measured, "bytes allocated reading " + measured + " triggers: " + allocated);
        }
    }

    @Test
    void writingAReactionWithItsEchoAllocatesNothing()
    {
        threadId = Thread.currentThread().getId();
        final Reactions reactions = new Reactions(StrategySettings.FIX_4_2, 5001, new StrategyCounts());
        final MutableAsciiBuffer buffer = new MutableAsciiBuffer(new byte[1024]);
        final byte[] symbol = "SONDE.A".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < 50_000; i++)
        {
            encode(reactions, buffer, symbol, i);
        }
        final long overhead = overhead();
        final long before = threads.getThreadAllocatedBytes(threadId);
        for (int i = 0; i < 10_000; i++)
        {
            encode(reactions, buffer, symbol, 1_048_576 + i);
        }
        final long allocated = threads.getThreadAllocatedBytes(threadId) - before - overhead;

        assertTrue(allocated < 10_000, "bytes allocated writing 10,000 reactions: " + allocated);
    }

    private static void encode(
        final Reactions reactions, final MutableAsciiBuffer buffer, final byte[] symbol, final long identity)
    {
        final Encoder order = reactions.order(identity, true, 100_0050, 5, symbol, symbol.length);
        ((HeaderEncoder)order.header()).senderCompID("APP").targetCompID("SONDEMKT").msgSeqNum((int)identity)
            .sendingTime(SENDING_TIME);
        order.encode(buffer, 0);
    }

    private long overhead()
    {
        final long before = threads.getThreadAllocatedBytes(threadId);
        return threads.getThreadAllocatedBytes(threadId) - before;
    }

    private static void sendAll(final DatagramChannel sender, final ByteBuffer[] datagrams,
        final InetSocketAddress to) throws IOException
    {
        for (final ByteBuffer datagram : datagrams)
        {
            datagram.rewind();
            sender.send(datagram, to);
        }
    }

    private static void pollAll(final UdpTriggers triggers)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        int read = 0;
        while (read < DATAGRAMS_PER_ROUND && System.nanoTime() < deadline)
        {
            read += triggers.poll();
        }
        assertEquals(DATAGRAMS_PER_ROUND, read, "datagrams received on loopback");
    }

    /**
     * One round of datagrams, each a trigger and a filler, numbered on from round to round.
     */
    private static ByteBuffer[] datagrams()
    {
        final UnsafeBuffer message = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
        final ByteBuffer[] datagrams = new ByteBuffer[DATAGRAMS_PER_ROUND];
        for (int i = 0; i < DATAGRAMS_PER_ROUND; i++)
        {
            final FeedPacketWriter packet = new FeedPacketWriter(FeedPackets.INCREMENTAL_CHANNEL, 200, 1 + 2L * i);
            packet.add(message, 0, added(message, true));
            packet.add(message, 0, added(message, false));
            final ByteBuffer sealed = packet.seal(1);
            datagrams[i] = ByteBuffer.allocate(sealed.remaining()).put(sealed).flip();
        }
        return datagrams;
    }

    private static int added(final UnsafeBuffer message, final boolean trigger)
    {
        final OrderAddedEncoder encoder = new OrderAddedEncoder()
            .wrapAndApplyHeader(message, 0, new MessageHeaderEncoder())
            .orderId(1).transactTime(1).price(100_0050).quantity(5).side(Side.BUY).symbol("SONDE.A");
        encoder.flags().clear().trigger(trigger);
        return MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
    }
}
