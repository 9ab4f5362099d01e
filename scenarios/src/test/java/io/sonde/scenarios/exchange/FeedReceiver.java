package io.sonde.scenarios.exchange;

import io.sonde.md.FeedPacketReader;
import io.sonde.md.FeedPackets;
import io.sonde.md.OrderLevelBook;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.function.LongPredicate;

/**
 * A consumer of the exchange's feed, as simple as the contract allows: it applies events in sequence order,
 * drops copies, and on a gap loads the book from the snapshot port and continues after the snapshot's last
 * sequence. It can be told to lose datagrams on purpose.
 */
final class FeedReceiver implements AutoCloseable
{
    private final DatagramChannel channel;
    private int snapshotPort;
    private final ByteBuffer datagram = ByteBuffer.allocateDirect(FeedPackets.DEFAULT_MAX_PACKET_LENGTH);
    private final UnsafeBuffer datagramView = new UnsafeBuffer(datagram);
    private final FeedPacketReader reader = new FeedPacketReader(FeedPackets.INCREMENTAL_CHANNEL);
    private OrderLevelBook book = new OrderLevelBook();
    private long nextSequence = 1;
    private long datagramsReceived;
    private long gaps;
    private long heartbeats;
    private boolean gapSeen;

    FeedReceiver() throws IOException
    {
        channel = DatagramChannel.open();
        channel.bind(new InetSocketAddress("127.0.0.1", 0));
        channel.configureBlocking(false);
    }

    void snapshotPort(final int port)
    {
        snapshotPort = port;
    }

    InetSocketAddress address() throws IOException
    {
        return (InetSocketAddress)channel.getLocalAddress();
    }

    /**
     * Read every datagram waiting; recover from the snapshot port after a gap.
     *
     * @param lose given the count of datagrams received so far, true to ignore the next one.
     */
    void drain(final LongPredicate lose) throws IOException
    {
        while (true)
        {
            datagram.clear();
            if (channel.receive(datagram) == null)
            {
                break;
            }
            if (lose.test(datagramsReceived++))
            {
                continue;
            }
            final FeedPacketReader.Outcome outcome =
                reader.read(datagramView, 0, datagram.position(), this::onMessage);
            if (outcome != FeedPacketReader.Outcome.READ)
            {
                throw new IllegalStateException("the exchange sent a datagram read as " + outcome);
            }
            if (reader.messageCount() == 0)
            {
                heartbeats++;
                if (reader.firstSequence() > nextSequence)
                {
                    gapSeen = true;
                }
            }
            if (gapSeen)
            {
                gaps++;
                gapSeen = false;
                recover();
            }
        }
    }

    OrderLevelBook book()
    {
        return book;
    }

    long lastSequence()
    {
        return nextSequence - 1;
    }

    long gaps()
    {
        return gaps;
    }

    long heartbeats()
    {
        return heartbeats;
    }

    /**
     * The book from the exchange's snapshot port.
     */
    static OrderLevelBook snapshot(final int port) throws IOException
    {
        final OrderLevelBook snapshot = new OrderLevelBook();
        final FeedPacketReader snapshotReader = new FeedPacketReader(FeedPackets.SNAPSHOT_CHANNEL);
        try (Socket socket = new Socket("127.0.0.1", port))
        {
            socket.setSoTimeout(10_000);
            final DataInputStream in = new DataInputStream(socket.getInputStream());
            while (true)
            {
                final int length = readFrameLength(in);
                if (length < 0)
                {
                    break;
                }
                final byte[] packet = new byte[length];
                in.readFully(packet);
                final FeedPacketReader.Outcome outcome = snapshotReader.read(new UnsafeBuffer(packet), 0, length,
                    (sequence, buffer, offset, messageLength) -> snapshot.apply(buffer, offset, messageLength));
                if (outcome != FeedPacketReader.Outcome.READ)
                {
                    throw new IllegalStateException("a snapshot packet read as " + outcome);
                }
            }
        }
        if (snapshot.snapshotSequence() < 0)
        {
            throw new IllegalStateException("the snapshot port closed before the snapshot's end");
        }
        return snapshot;
    }

    public void close() throws IOException
    {
        channel.close();
    }

    private static int readFrameLength(final InputStream in) throws IOException
    {
        final int low = in.read();
        if (low < 0)
        {
            return -1;
        }
        final int high = in.read();
        if (high < 0)
        {
            throw new EOFException("a frame length cut in half");
        }
        return low | (high << 8);
    }

    private void onMessage(final long sequence, final org.agrona.DirectBuffer buffer, final int offset,
        final int length)
    {
        if (sequence < nextSequence || gapSeen)
        {
            return;
        }
        if (sequence > nextSequence)
        {
            gapSeen = true;
            return;
        }
        book.apply(buffer, offset, length);
        nextSequence++;
    }

    private void recover() throws IOException
    {
        book = snapshot(snapshotPort);
        nextSequence = book.snapshotSequence() + 1;
    }
}
