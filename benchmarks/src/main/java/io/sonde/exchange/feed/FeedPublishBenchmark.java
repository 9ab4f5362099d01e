package io.sonde.exchange.feed;

import io.sonde.benchmarks.HotPathBenchmark;
import io.sonde.md.FeedPackets;
import io.sonde.md.OrderLevelBook;
import io.sonde.md.publish.FeedSettings;
import io.sonde.md.sbe.DeleteReason;
import io.sonde.md.sbe.MessageHeaderEncoder;
import io.sonde.md.sbe.OrderAddedEncoder;
import io.sonde.md.sbe.OrderDeletedEncoder;
import io.sonde.md.sbe.Side;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The exchange's publish path on the gateway's thread: feed events as they come off the cluster's egress into
 * {@link FeedPublisher} (the replica applies each, the packet gathers them), then the duty cycle that sends the
 * packet over loopback UDP. Each operation is an order added and deleted, so the replica stays empty however long
 * the run, and one duty cycle: one datagram of two messages, as a quiet gateway sends them. A receiver drains
 * the socket every operation so the kernel never drops what the publisher sends.
 */
@State(Scope.Thread)
public class FeedPublishBenchmark extends HotPathBenchmark
{
    private static final long ORDER_ID = 42;

    private final UnsafeBuffer added = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
    private final UnsafeBuffer deleted = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
    private final ByteBuffer received = ByteBuffer.allocateDirect(FeedPackets.DEFAULT_MAX_PACKET_LENGTH);
    private final BooleanSupplier noSnapshotWanted = () -> false;
    private int addedLength;
    private int deletedLength;
    private DatagramChannel receiver;
    private FeedPublisher publisher;
    private long sequence;
    private long now;

    @Setup(Level.Trial)
    public void setUp() throws IOException
    {
        receiver = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
        receiver.configureBlocking(false);
        publisher = FeedPublisher.open(
            FeedSettings.unicast(List.of((InetSocketAddress)receiver.getLocalAddress()), 0), "127.0.0.1",
            () -> now);
        final MessageHeaderEncoder header = new MessageHeaderEncoder();
        addedLength = MessageHeaderEncoder.ENCODED_LENGTH + new OrderAddedEncoder()
            .wrapAndApplyHeader(added, 0, header)
            .orderId(ORDER_ID).transactTime(1).price(100_0000).quantity(10).side(Side.BUY).symbol("SONDE.A")
            .encodedLength();
        deletedLength = MessageHeaderEncoder.ENCODED_LENGTH + new OrderDeletedEncoder()
            .wrapAndApplyHeader(deleted, 0, header)
            .orderId(ORDER_ID).transactTime(1).side(Side.BUY).reason(DeleteReason.CANCELED).symbol("SONDE.A")
            .encodedLength();
        publisher.doWork(now, () -> true);
        new OrderLevelBook().writeSnapshot(0, publisher::onSnapshotMessage);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException
    {
        publisher.close();
        receiver.close();
    }

    @Benchmark
    public int addDeleteAndSend() throws IOException
    {
        now += 1_000;
        publisher.onFeedEvent(++sequence, added, 0, addedLength);
        publisher.onFeedEvent(++sequence, deleted, 0, deletedLength);
        final int work = publisher.doWork(now, noSnapshotWanted);
        received.clear();
        receiver.receive(received);
        return work + received.position();
    }
}
