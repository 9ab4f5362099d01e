package io.sonde.fix.client.marketdata;

import io.sonde.fix.client.order.PublicEffects;
import io.sonde.fix.engine.WallClock;
import io.sonde.md.FeedPacketWriter;
import io.sonde.md.FeedPackets;
import io.sonde.md.sbe.DeleteReason;
import io.sonde.md.sbe.MessageHeaderEncoder;
import io.sonde.md.sbe.OrderAddedEncoder;
import io.sonde.md.sbe.OrderDeletedEncoder;
import io.sonde.md.sbe.Side;
import org.agrona.concurrent.SystemNanoClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The feed's receive path allocates nothing per event once warm: from the datagram through the sequence check, the
 * book and the matcher to order-to-tick recorded, as {@code FeedReceiveBenchmark} measures it; a book run's price
 * levels, passive-to-tick and depth samples included. One order's public life per operation (acknowledged as a
 * passive order, added, deleted), the thread's own allocation counted by the JVM.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FeedAllocationTest
{
    private static final int ORDERS = 1 << 12;
    private static final int WARMUP = 200_000;
    private static final int MEASURED = 100_000;
    /** The first run of a path may resolve a constant or two inside the VM, once: far below one object per event. */
    private static final long ALLOWED_BYTES = 1_024;
    private static final byte[] SYMBOL = Arrays.copyOf("SONDE.A".getBytes(StandardCharsets.US_ASCII), 16);

    private final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
    private final UnsafeBuffer message = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final OrderAddedEncoder added = new OrderAddedEncoder();
    private final OrderDeletedEncoder deleted = new OrderDeletedEncoder();
    private final FeedPacketWriter writer =
        new FeedPacketWriter(FeedPackets.INCREMENTAL_CHANNEL, FeedPackets.DEFAULT_MAX_PACKET_LENGTH, 1);
    private final OrderToTick matcher = new OrderToTick(ORDERS, ORDERS, Long.MAX_VALUE / 2);
    private final FeedDepth depth = new FeedDepth(List.of("SONDE.A"), 10, Long.MAX_VALUE / 4);
    private UdpFeed feed;
    private DatagramChannel sender;
    private long orderId;

    @BeforeEach
    void open() throws IOException
    {
        feed = new UdpFeed(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), null, null, matcher,
            SystemNanoClock.INSTANCE, WallClock.INSTANCE, note ->
            {
                throw new AssertionError(note);
            }, depth.levels());
        matcher.bookActions().enable();
        sender = DatagramChannel.open();
        sender.connect(feed.boundAddress());
    }

    @AfterEach
    void close() throws IOException
    {
        sender.close();
        feed.close();
    }

    @Test
    void aPacketHandedToTheFeedAllocatesNothingOnceWarm()
    {
        for (int i = 0; i < WARMUP; i++)
        {
            packet();
        }
        final long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < MEASURED; i++)
        {
            packet();
        }
        final long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertTrue(allocated <= ALLOWED_BYTES, allocated + " bytes over " + MEASURED + " orders");
        assertEquals(2L * (WARMUP + MEASURED), feed.messages());
        assertEquals(WARMUP + MEASURED, matcher.seen());
        assertEquals(WARMUP + MEASURED, matcher.bookActions().passiveSeen());
    }

    @Test
    void aDatagramReceivedOverLoopbackAllocatesNothingOnceWarm() throws IOException
    {
        for (int i = 0; i < WARMUP / 10; i++)
        {
            datagram();
        }
        final long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < MEASURED / 10; i++)
        {
            datagram();
        }
        final long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertTrue(allocated <= ALLOWED_BYTES, allocated + " bytes over " + MEASURED / 10 + " datagrams");
        assertEquals(0, feed.gaps());
    }

    private void packet()
    {
        final ByteBuffer packet = nextOrder();
        feed.onDatagram(writer.buffer(), packet.limit(), null);
        depth.sample(System.nanoTime(), matcher.bookActions());
    }

    private void datagram() throws IOException
    {
        final long before = feed.packets();
        sender.write(nextOrder());
        while (feed.packets() == before)
        {
            feed.poll();
        }
    }

    private ByteBuffer nextOrder()
    {
        final long id = ++orderId;
        final long now = System.nanoTime();
        final long epochNow = WallClock.INSTANCE.nanoTime();
        matcher.onNewAcknowledged(id, id, now, now, true, PublicEffects.BOOK_PASSIVE);
        matcher.onLifecycleEnded(id);
        writer.clear();
        added.wrapAndApplyHeader(message, 0, header).orderId(id).transactTime(epochNow)
            .price(1_000_000 + id % 10 * 100).quantity(100).side(Side.BUY).putSymbol(SYMBOL, 0);
        writer.add(message, 0, MessageHeaderEncoder.ENCODED_LENGTH + added.encodedLength());
        deleted.wrapAndApplyHeader(message, 0, header).orderId(id).transactTime(epochNow).side(Side.BUY)
            .reason(DeleteReason.CANCELED).putSymbol(SYMBOL, 0);
        writer.add(message, 0, MessageHeaderEncoder.ENCODED_LENGTH + deleted.encodedLength());
        return writer.seal(epochNow);
    }
}
