package io.sonde.exchange.feed;

import io.sonde.md.FeedPacketReader;
import io.sonde.md.FeedPackets;
import io.sonde.md.OrderLevelBook;
import io.sonde.md.publish.FeedListener;
import io.sonde.md.publish.FeedSettings;
import io.sonde.md.sbe.DeleteReason;
import io.sonde.md.sbe.MessageHeaderEncoder;
import io.sonde.md.sbe.OrderAddedEncoder;
import io.sonde.md.sbe.OrderDeletedEncoder;
import io.sonde.md.sbe.Side;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gateway's copy of the feed: events in sequence order, copies dropped, gaps and reconnects recovered from
 * the cluster's snapshot, packets gathered per duty cycle and heartbeats when quiet.
 */
class FeedPublisherTest
{
    private static final long SECOND = 1_000_000_000L;
    /**
     * As in the engine's allocation test: the JIT may deoptimise once after warm-up and materialise a few objects;
     * a real per-event allocation shows in every window, as megabytes.
     */
    private static final int WINDOWS = 5;

    private final UnsafeBuffer message = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final OrderAddedEncoder addedEncoder = new OrderAddedEncoder();
    private final OrderDeletedEncoder deletedEncoder = new OrderDeletedEncoder();
    private final byte[] symbol = "AAA\0\0\0\0\0\0\0\0\0\0\0\0\0".getBytes(StandardCharsets.US_ASCII);
    private final List<Long> seen = new ArrayList<>();
    private final DatagramChannel receiver;
    private final FeedPublisher publisher;
    private boolean recording = true;
    private int snapshotRequests;
    private int resets;
    private long now = SECOND;

    FeedPublisherTest() throws IOException
    {
        receiver = DatagramChannel.open();
        receiver.bind(new InetSocketAddress("127.0.0.1", 0));
        receiver.configureBlocking(false);
        publisher = FeedPublisher.open(
            FeedSettings.unicast(List.of((InetSocketAddress)receiver.getLocalAddress()), 0), "127.0.0.1",
            () -> now);
        publisher.addListener(new FeedListener()
        {
            public void onFeedEvent(final long sequence, final DirectBuffer buffer, final int offset, final int length)
            {
                if (recording)
                {
                    seen.add(sequence);
                }
            }

            public void onBookReset()
            {
                resets++;
            }
        });
    }

    @AfterEach
    void close() throws IOException
    {
        publisher.close();
        receiver.close();
    }

    @Test
    void atStartItAsksForTheBookAndHoldsEventsUntilItArrives()
    {
        doWork();
        assertEquals(1, snapshotRequests);
        onEvent(1, added(1, 10));
        assertEquals(List.of(), seen, "held");

        snapshot(0);

        assertEquals(List.of(1L), seen);
        assertEquals(1, resets);
        assertEquals(10, publisher.replica().quantityOf(1));
        assertTrue(publisher.isLive());
    }

    @Test
    void heldEventsTheSnapshotAlreadyCoversAreDropped()
    {
        doWork();
        onEvent(1, added(1, 10));
        onEvent(2, added(2, 20));

        snapshot(1, 1, 10);

        assertEquals(List.of(2L), seen);
        assertEquals(2, publisher.lastSequence());
        assertEquals(2, publisher.replica().size());
    }

    @Test
    void aCopyOfAnAppliedEventIsDropped()
    {
        live();
        onEvent(1, added(1, 10));

        onEvent(1, added(1, 10));

        assertEquals(List.of(1L), seen);
        assertEquals(1, publisher.duplicatesDropped());
    }

    @Test
    void aGapIsCountedAndRecoveredFromANewSnapshot()
    {
        live();
        onEvent(1, added(1, 10));

        onEvent(3, deleted(1));
        doWork();

        assertEquals(1, publisher.gapsFromCluster());
        assertEquals(2, snapshotRequests);
        assertFalse(publisher.isLive());
        snapshot(2, 1, 10);
        assertEquals(List.of(1L, 3L), seen);
        assertEquals(0, publisher.replica().size());
        assertEquals(0, publisher.replica().unknownOrders());
    }

    @Test
    void aGapAmongTheHeldEventsAsksForAnotherSnapshotAndKeepsTheEventsAfterIt()
    {
        doWork();
        onEvent(1, added(1, 10));
        onEvent(3, added(3, 30));
        onEvent(4, deleted(3));

        snapshot(0);
        doWork();

        assertEquals(List.of(1L), seen);
        assertEquals(1, publisher.gapsFromCluster());
        assertEquals(2, snapshotRequests);
        snapshot(2, 1, 10, 2, 20);
        assertEquals(List.of(1L, 3L, 4L), seen);
        assertEquals(2, publisher.replica().size());
        assertEquals(20, publisher.replica().quantityOf(2));
        assertEquals(0, publisher.replica().unknownOrders());
    }

    @Test
    void anUnansweredSnapshotRequestIsRepeated()
    {
        doWork();
        now += SECOND;
        doWork();
        assertEquals(1, snapshotRequests);

        now += FeedPublisher.SNAPSHOT_RETRY_NS;
        doWork();

        assertEquals(2, snapshotRequests);
    }

    @Test
    void aReconnectAsksForTheBookAgain()
    {
        live();

        publisher.onReconnect();
        doWork();

        assertEquals(2, snapshotRequests);
        assertFalse(publisher.isLive());
    }

    @Test
    void eventsOfOneDutyCycleGoOutInOnePacketWithTheirFirstSequence() throws IOException
    {
        live();
        onEvent(1, added(1, 10));
        onEvent(2, added(2, 20));
        onEvent(3, deleted(1));

        doWork();

        final FeedPacketReader reader = new FeedPacketReader(FeedPackets.INCREMENTAL_CHANNEL);
        final OrderLevelBook book = new OrderLevelBook();
        assertEquals(FeedPacketReader.Outcome.READ, receive(reader, book));
        assertEquals(1, reader.firstSequence());
        assertEquals(3, reader.messageCount());
        assertEquals(now, reader.sendingTime());
        assertTrue(book.sameAs(publisher.replica()));
        assertEquals(1, publisher.packetsSent());
    }

    @Test
    void aQuietFeedSendsAHeartbeatWithTheNextSequenceEverySecond() throws IOException
    {
        live();
        onEvent(1, added(1, 10));
        doWork();
        final FeedPacketReader reader = new FeedPacketReader(FeedPackets.INCREMENTAL_CHANNEL);
        receive(reader, new OrderLevelBook());

        now += SECOND / 2;
        doWork();
        assertEquals(1, publisher.packetsSent(), "not yet");
        now += SECOND / 2;
        doWork();

        assertEquals(FeedPacketReader.Outcome.READ, receive(reader, new OrderLevelBook()));
        assertEquals(0, reader.messageCount());
        assertEquals(2, reader.firstSequence());
    }

    @Test
    void aMulticastInterfaceThatDoesNotExistIsRefusedByName()
    {
        final FeedSettings settings =
            FeedSettings.multicast(new InetSocketAddress("239.1.2.3", 9000), "no-such-if0", 0);

        final IllegalArgumentException refused =
            assertThrows(IllegalArgumentException.class, () -> FeedPublisher.open(settings, "127.0.0.1", () -> 0));

        assertTrue(refused.getMessage().contains("'no-such-if0'"), refused.getMessage());
    }

    @Test
    void publishingAllocatesNothingAfterWarmUp()
    {
        live();
        recording = false;
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        long sequence = publishAddsAndDeletes(1, 600_000);
        long fewest = Long.MAX_VALUE;
        for (int window = 0; window < WINDOWS && fewest > 0; window++)
        {
            final long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
            sequence = publishAddsAndDeletes(sequence, 200_000);
            fewest = Math.min(fewest, threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before);
        }

        assertEquals(sequence - 1, publisher.lastSequence());
        assertEquals(0, fewest, "bytes allocated over 200,000 events, in the quietest of " + WINDOWS + " windows");
    }

    private long publishAddsAndDeletes(final long first, final int events)
    {
        long sequence = first;
        for (int i = 0; i < events / 2; i++)
        {
            final int length = added(sequence, 10);
            publisher.onFeedEvent(sequence, message, 0, length);
            final int deleteLength = deleted(sequence);
            publisher.onFeedEvent(sequence + 1, message, 0, deleteLength);
            sequence += 2;
            if (i % 8 == 0)
            {
                publisher.doWork(now, () -> true);
            }
        }
        return sequence;
    }

    private FeedPacketReader.Outcome receive(final FeedPacketReader reader, final OrderLevelBook book)
        throws IOException
    {
        final ByteBuffer datagram = ByteBuffer.allocateDirect(FeedPackets.DEFAULT_MAX_PACKET_LENGTH);
        assertTrue(receiver.receive(datagram) != null, "a datagram was sent");
        return reader.read(new UnsafeBuffer(datagram), 0, datagram.position(),
            (sequence, buffer, offset, length) -> book.apply(buffer, offset, length));
    }

    private void live()
    {
        doWork();
        snapshot(0);
    }

    private void doWork()
    {
        publisher.doWork(now, () ->
        {
            snapshotRequests++;
            return true;
        });
    }

    private void onEvent(final long sequence, final int length)
    {
        publisher.onFeedEvent(sequence, message, 0, length);
    }

    /**
     * The cluster's answer: a book of orders given as id, quantity pairs.
     */
    private void snapshot(final long lastSequence, final long... orders)
    {
        final OrderLevelBook book = new OrderLevelBook();
        for (int i = 0; i < orders.length; i += 2)
        {
            final int length = added(orders[i], orders[i + 1]);
            book.apply(message, 0, length);
        }
        final List<byte[]> messages = new ArrayList<>();
        book.writeSnapshot(lastSequence, (buffer, offset, length) ->
        {
            final byte[] copy = new byte[length];
            buffer.getBytes(offset, copy);
            messages.add(copy);
        });
        messages.forEach(copy -> publisher.onSnapshotMessage(new UnsafeBuffer(copy), 0, copy.length));
    }

    private int added(final long orderId, final long quantity)
    {
        return MessageHeaderEncoder.ENCODED_LENGTH + addedEncoder.wrapAndApplyHeader(message, 0, header)
            .orderId(orderId).transactTime(now).price(1_000_000).quantity(quantity).side(Side.BUY)
            .putSymbol(symbol, 0).encodedLength();
    }

    private int deleted(final long orderId)
    {
        return MessageHeaderEncoder.ENCODED_LENGTH + deletedEncoder.wrapAndApplyHeader(message, 0, header)
            .orderId(orderId).transactTime(now).side(Side.BUY).reason(DeleteReason.CANCELED).putSymbol(symbol, 0)
            .encodedLength();
    }
}
