package io.sonde.fix.client.marketdata;

import io.sonde.md.FeedPacketWriter;
import io.sonde.md.FeedPackets;
import io.sonde.md.OrderLevelBook;
import io.sonde.md.sbe.DeleteReason;
import io.sonde.md.sbe.MessageHeaderEncoder;
import io.sonde.md.sbe.OrderAddedEncoder;
import io.sonde.md.sbe.OrderDeletedEncoder;
import io.sonde.md.sbe.Side;
import io.sonde.md.sbe.TradeEncoder;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;

/**
 * A stand-in for the exchange's publisher: one feed message per packet to a UDP address, its own book of what it
 * published, and that book as a snapshot to whoever connects to its snapshot port.
 */
final class TestPublisher implements AutoCloseable
{
    private final DatagramChannel channel;
    private InetSocketAddress target;
    private final FeedPacketWriter writer = new FeedPacketWriter(
        FeedPackets.INCREMENTAL_CHANNEL, FeedPackets.DEFAULT_MAX_PACKET_LENGTH, 1);
    private final OrderLevelBook book = new OrderLevelBook();
    private final UnsafeBuffer message = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final ServerSocket snapshotServer;
    private final Thread snapshotThread;
    private volatile long publishedSequence;
    private volatile long snapshotDelayMillis;

    TestPublisher() throws IOException
    {
        this.channel = DatagramChannel.open();
        this.snapshotServer = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
        this.snapshotThread = new Thread(this::serveSnapshots, "test-snapshots");
        snapshotThread.setDaemon(true);
        snapshotThread.start();
    }

    void sendTo(final InetSocketAddress target)
    {
        this.target = target;
    }

    InetSocketAddress snapshotAddress()
    {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), snapshotServer.getLocalPort());
    }

    OrderLevelBook book()
    {
        return book;
    }

    /**
     * Answer each snapshot request only after {@code millis}, as a busy or distant publisher would.
     */
    void delaySnapshots(final long millis)
    {
        snapshotDelayMillis = millis;
    }

    /**
     * @param sent false to lose the packet on its way, as a network may.
     */
    void added(final long orderId, final long quantity, final boolean sent) throws IOException
    {
        final int length = MessageHeaderEncoder.ENCODED_LENGTH + new OrderAddedEncoder()
            .wrapAndApplyHeader(message, 0, header).orderId(orderId).transactTime(System.currentTimeMillis() * 1000)
            .price(1_000_000).quantity(quantity).side(Side.BUY).symbol("SONDE.A").encodedLength();
        publish(length, sent);
    }

    void deleted(final long orderId, final boolean sent) throws IOException
    {
        final int length = MessageHeaderEncoder.ENCODED_LENGTH + new OrderDeletedEncoder()
            .wrapAndApplyHeader(message, 0, header).orderId(orderId).transactTime(1).side(Side.BUY)
            .reason(DeleteReason.CANCELED).symbol("SONDE.A").encodedLength();
        publish(length, sent);
    }

    void trade(final long aggressor, final long resting, final long quantity, final boolean sent) throws IOException
    {
        final int length = MessageHeaderEncoder.ENCODED_LENGTH + new TradeEncoder()
            .wrapAndApplyHeader(message, 0, header).tradeId(1).transactTime(1).aggressorOrderId(aggressor)
            .restingOrderId(resting).price(1_000_000).quantity(quantity).aggressorSide(Side.SELL).symbol("SONDE.A")
            .encodedLength();
        publish(length, sent);
    }

    /**
     * Send the last packet again, as a redundant network path may.
     */
    void resend() throws IOException
    {
        channel.send(writer.seal(System.currentTimeMillis() * 1_000_000L), target);
    }

    void send(final ByteBuffer anything) throws IOException
    {
        channel.send(anything, target);
    }

    private void publish(final int length, final boolean sent) throws IOException
    {
        writer.clear();
        writer.add(message, 0, length);
        synchronized (book)
        {
            book.apply(message, 0, length);
            publishedSequence = writer.nextSequence() - 1;
        }
        final ByteBuffer packet = writer.seal(System.currentTimeMillis() * 1_000_000L);
        if (sent)
        {
            channel.send(packet, target);
        }
    }

    private void serveSnapshots()
    {
        while (!snapshotServer.isClosed())
        {
            try (Socket socket = snapshotServer.accept())
            {
                Thread.sleep(snapshotDelayMillis);
                final OutputStream out = socket.getOutputStream();
                final FeedPacketWriter snapshot = new FeedPacketWriter(
                    FeedPackets.SNAPSHOT_CHANNEL, FeedPackets.DEFAULT_MAX_PACKET_LENGTH, 1);
                synchronized (book)
                {
                    book.writeSnapshot(publishedSequence, (buffer, offset, length) ->
                    {
                        if (!snapshot.add(buffer, offset, length))
                        {
                            frame(out, snapshot);
                            snapshot.add(buffer, offset, length);
                        }
                    });
                }
                frame(out, snapshot);
            }
            catch (final IOException ex)
            {
                return;
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void frame(final OutputStream out, final FeedPacketWriter snapshot)
    {
        final ByteBuffer packet = snapshot.seal(1);
        final byte[] bytes = new byte[packet.remaining() + FeedPackets.FRAME_LENGTH_PREFIX];
        bytes[0] = (byte)packet.remaining();
        bytes[1] = (byte)(packet.remaining() >>> 8);
        packet.get(bytes, FeedPackets.FRAME_LENGTH_PREFIX, packet.remaining());
        try
        {
            out.write(bytes);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        snapshot.clear();
    }

    public void close() throws IOException
    {
        snapshotServer.close();
        channel.close();
    }
}
