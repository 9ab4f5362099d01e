package io.sonde.fix.client.marketdata;

import io.sonde.benchmarks.HotPathBenchmark;
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
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Sonde's receive path of the exchange's UDP feed ({@link UdpFeed}), one order's public life per operation: the
 * order is acknowledged and its lifecycle ends ({@link OrderToTick} told, as the order flow tells it), then one
 * packet arrives holding its OrderAdded and its OrderDeleted, the next two sequence numbers. {@link #packet}
 * hands the packet to the feed as the socket would (check, sequence, book, matcher, order-to-tick recorded in
 * HdrHistogram, the feed's hops); {@link #datagram} sends it over loopback and receives it with the feed's own
 * non-blocking {@code DatagramChannel}, so the JDK's receive is measured, and checked for allocation, too.
 */
@State(Scope.Thread)
public class FeedReceiveBenchmark extends HotPathBenchmark
{
    private static final int ORDERS = 1 << 12;
    private static final byte[] SYMBOL = Arrays.copyOf("SONDE.A".getBytes(StandardCharsets.US_ASCII), 16);

    private final UnsafeBuffer message = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final OrderAddedEncoder added = new OrderAddedEncoder();
    private final OrderDeletedEncoder deleted = new OrderDeletedEncoder();
    private final FeedPacketWriter writer =
        new FeedPacketWriter(FeedPackets.INCREMENTAL_CHANNEL, FeedPackets.DEFAULT_MAX_PACKET_LENGTH, 1);
    private OrderToTick matcher;
    private UdpFeed feed;
    private DatagramChannel sender;
    private long orderId;

    @Setup
    public void setUp() throws IOException
    {
        matcher = new OrderToTick(ORDERS, ORDERS, Long.MAX_VALUE / 2);
        feed = new UdpFeed(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), null, null, matcher,
            SystemNanoClock.INSTANCE, WallClock.INSTANCE, note ->
            {
                throw new IllegalStateException(note);
            });
        sender = DatagramChannel.open();
        sender.connect(feed.boundAddress());
    }

    @TearDown
    public void tearDown() throws IOException
    {
        sender.close();
        feed.close();
    }

    @Benchmark
    public long packet()
    {
        final ByteBuffer packet = nextOrder();
        feed.onDatagram(writer.buffer(), packet.limit(), null);
        return feed.messages();
    }

    @Benchmark
    public long datagram() throws IOException
    {
        final long before = feed.packets();
        sender.write(nextOrder());
        while (feed.packets() == before)
        {
            feed.poll();
        }
        return feed.messages();
    }

    private ByteBuffer nextOrder()
    {
        final long id = ++orderId;
        final long now = System.nanoTime();
        final long epochNow = WallClock.INSTANCE.nanoTime();
        matcher.onNewAcknowledged(id, id, now, now, true);
        matcher.onLifecycleEnded(id);
        writer.clear();
        added.wrapAndApplyHeader(message, 0, header).orderId(id).transactTime(epochNow).price(1_000_000).quantity(100)
            .side(Side.BUY).putSymbol(SYMBOL, 0);
        writer.add(message, 0, MessageHeaderEncoder.ENCODED_LENGTH + added.encodedLength());
        deleted.wrapAndApplyHeader(message, 0, header).orderId(id).transactTime(epochNow).side(Side.BUY)
            .reason(DeleteReason.CANCELED).putSymbol(SYMBOL, 0);
        writer.add(message, 0, MessageHeaderEncoder.ENCODED_LENGTH + deleted.encodedLength());
        return writer.seal(epochNow);
    }
}
