package io.sonde.market;

import io.sonde.md.FeedPacketReader;
import io.sonde.md.FeedPackets;
import io.sonde.md.OrderLevelBook;
import io.sonde.md.publish.FeedSettings;
import io.sonde.md.sbe.MessageHeaderDecoder;
import io.sonde.md.sbe.OrderAddedDecoder;
import org.agrona.DirectBuffer;
import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(60)
class MarketFeedTest
{
    private static final List<MarketSymbol> SYMBOLS = List.of(
        new MarketSymbol("SONDE.A", 1_000_000, 100, 1), new MarketSymbol("SONDE.B", 505_000, 50, 1));
    private static final int EVENTS = 20_000;
    private static final int TRIGGER_EVERY = 10;
    private static final int EVENTS_PER_CYCLE = 4;

    private final TestClock clock = new TestClock(1_000_000_000L);
    private final ByteBuffer datagram = ByteBuffer.allocateDirect(FeedPackets.DEFAULT_MAX_PACKET_LENGTH * 2)
        .order(ByteOrder.LITTLE_ENDIAN);
    private final UnsafeBuffer datagramBuffer = new UnsafeBuffer(datagram);
    private final FeedPacketReader reader = new FeedPacketReader(FeedPackets.INCREMENTAL_CHANNEL);
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final OrderAddedDecoder added = new OrderAddedDecoder();
    private DatagramChannel receiver;
    private MarketFeed feed;
    private MarketBook book;
    private long nextExpected = 1;
    private long lastMessageWasTrigger;

    @BeforeEach
    void open() throws IOException
    {
        receiver = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
        receiver.setOption(StandardSocketOptions.SO_RCVBUF, 4 * 1024 * 1024);
        receiver.configureBlocking(false);
        feed = new MarketFeed(FeedSettings.unicast(List.of((InetSocketAddress)receiver.getLocalAddress()), 0),
            "127.0.0.1", List.of("SONDE.A", "SONDE.B"), clock);
        book = new MarketBook(SYMBOLS, MarketShape.DEFAULT, 5, new PriceKeys(1_024));
    }

    @AfterEach
    void close() throws IOException
    {
        feed.close();
        receiver.close();
    }

    @Test
    void everyEventArrivesInSequenceWithNoGapAndATriggerEndsAPacketSentAtOnce() throws IOException
    {
        final LongArrayList triggers = new LongArrayList();
        for (long sequence = 1; sequence <= EVENTS; sequence++)
        {
            assertEquals(sequence, feed.nextSequence());
            if (sequence % TRIGGER_EVERY == 0)
            {
                feed.add(book.buffer(), book.trigger(sequence, clock.nanoTime()));
                feed.flush(clock.nanoTime());
                triggers.addLong(sequence);
                receiveAll();
                assertEquals(sequence, nextExpected - 1, "the trigger waited in a gathered packet");
                assertEquals(sequence, lastMessageWasTrigger);
            }
            else
            {
                feed.add(book.buffer(), book.filler(sequence, clock.nanoTime()));
                if (sequence % EVENTS_PER_CYCLE == 0)
                {
                    feed.flush(clock.nanoTime());
                    receiveAll();
                }
            }
        }
        feed.flush(clock.nanoTime());
        receiveAll();

        assertEquals(EVENTS + 1, nextExpected);
        assertEquals(EVENTS / TRIGGER_EVERY, triggers.size());
        assertEquals(0, feed.datagramsNotSent());
        assertTrue(feed.packetsSent() >= EVENTS / TRIGGER_EVERY, "packets " + feed.packetsSent());
    }

    @Test
    void aQuietFeedSendsAHeartbeatCarryingTheNextSequenceAfterOneSecond() throws IOException
    {
        feed.add(book.buffer(), book.filler(1, clock.nanoTime()));
        feed.flush(clock.nanoTime());
        receiveAll();
        final long packets = feed.packetsSent();

        feed.doWork(clock.nanoTime() + MarketFeed.HEARTBEAT_INTERVAL_NS - 1);
        assertEquals(packets, feed.packetsSent());
        feed.doWork(clock.nanoTime() + MarketFeed.HEARTBEAT_INTERVAL_NS);

        assertEquals(packets + 1, feed.packetsSent());
        datagram.clear();
        assertTrue(receiveOne());
        assertEquals(0, reader.messageCount());
        assertEquals(2, reader.firstSequence());
    }

    @Test
    void aSnapshotServedOverTcpIsTheReplicaAsItStands() throws IOException
    {
        for (long sequence = 1; sequence <= 500; sequence++)
        {
            feed.add(book.buffer(), sequence % TRIGGER_EVERY == 0 ?
                book.trigger(sequence, clock.nanoTime()) : book.filler(sequence, clock.nanoTime()));
        }
        feed.flush(clock.nanoTime());
        final OrderLevelBook copy = new OrderLevelBook();
        final FeedPacketReader snapshotReader = new FeedPacketReader(FeedPackets.SNAPSHOT_CHANNEL);
        try (SocketChannel client = SocketChannel.open(new InetSocketAddress("127.0.0.1", feed.snapshotPort())))
        {
            client.configureBlocking(false);
            final ByteBuffer received = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
            final long deadline = System.nanoTime() + 20_000_000_000L;
            while (System.nanoTime() < deadline && client.read(received) >= 0)
            {
                feed.doWork(clock.nanoTime());
            }
            received.flip();
            final UnsafeBuffer frames = new UnsafeBuffer(received);
            int at = 0;
            while (at < received.limit())
            {
                final int length = frames.getShort(at, ByteOrder.LITTLE_ENDIAN) & 0xFFFF;
                assertEquals(FeedPacketReader.Outcome.READ, snapshotReader.read(frames,
                    at + FeedPackets.FRAME_LENGTH_PREFIX, length, (sequence, buffer, offset, messageLength) ->
                    copy.apply(buffer, offset, messageLength)));
                at += FeedPackets.FRAME_LENGTH_PREFIX + length;
            }
        }

        assertEquals(500, copy.snapshotSequence());
        assertTrue(copy.size() > 0);
        assertTrue(copy.sameAs(feed.replica()));
    }

    private void receiveAll() throws IOException
    {
        datagram.clear();
        while (receiveOne())
        {
            datagram.clear();
        }
    }

    private boolean receiveOne() throws IOException
    {
        if (receiver.receive(datagram) == null)
        {
            return false;
        }
        final int length = datagram.position();
        assertEquals(FeedPacketReader.Outcome.READ, reader.read(datagramBuffer, 0, length, this::onMessage));
        assertEquals(nextExpected, reader.firstSequence() + reader.messageCount(), "a gap in the feed");
        return true;
    }

    private void onMessage(final long sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        assertEquals(nextExpected, sequence, "a gap in the feed");
        nextExpected++;
        header.wrap(buffer, offset);
        if (header.templateId() == OrderAddedDecoder.TEMPLATE_ID)
        {
            added.wrapAndApplyHeader(buffer, offset, header);
            if (added.flags().trigger())
            {
                lastMessageWasTrigger = sequence;
            }
            else
            {
                assertFalse(sequence % TRIGGER_EVERY == 0, "a trigger without its flag");
            }
        }
    }
}
