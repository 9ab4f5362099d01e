package io.sonde.inprocess.floor;

import io.sonde.loadgen.transport.CompletionHandler;
import io.sonde.loadgen.transport.Transport;
import org.agrona.CloseHelper;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.ringbuffer.RingBuffer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;

/**
 * The near end of the UDP floor: sends each request as one datagram (sequence = request id, intended send time)
 * over a non-blocking loopback socket, and completes it when the receiver's receipt for it comes through the
 * ring, with the time the receiver read it. Polled by the load thread, open loop. Allocation-free after
 * construction.
 */
final class UdpFloorSender implements Transport, MessageHandler, AutoCloseable
{
    /** Receipts taken per poll, so a backlog of them never delays a send that is due. */
    private static final int RECEIPTS_PER_POLL = 256;

    private final DatagramChannel channel;
    private final RingBuffer receipts;
    private final ByteBuffer datagram = ByteBuffer.allocateDirect(UdpFloorLayout.DATAGRAM_BYTES)
        .order(ByteOrder.LITTLE_ENDIAN);
    private CompletionHandler completions;
    private long sent;

    /**
     * @param receiver the receiver's address, the only one this socket sends to.
     * @param receipts the ring the receiver writes its receipts to.
     */
    UdpFloorSender(final SocketAddress receiver, final RingBuffer receipts)
    {
        this.receipts = receipts;
        try
        {
            channel = DatagramChannel.open();
            channel.bind(new InetSocketAddress("127.0.0.1", 0));
            channel.connect(receiver);
            channel.configureBlocking(false);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot open the UDP floor's sender to " + receiver, ex);
        }
    }

    SocketAddress address()
    {
        try
        {
            return channel.getLocalAddress();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("the UDP floor's sender has no address", ex);
        }
    }

    /**
     * A datagram the socket has no room for is refused (back-pressure) and offered again; once written, it is
     * the kernel's: what the receiver's buffer cannot take is dropped there, and its sequence tells.
     */
    public boolean trySend(final long requestId, final long intendedNanos)
    {
        datagram.clear();
        datagram.putLong(UdpFloorLayout.SEQUENCE_OFFSET, requestId);
        datagram.putLong(UdpFloorLayout.INTENDED_OFFSET, intendedNanos);
        try
        {
            if (channel.write(datagram) == 0)
            {
                return false;
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("the UDP floor's sender failed", ex);
        }
        sent++;
        return true;
    }

    public int poll(final CompletionHandler handler)
    {
        completions = handler;
        return receipts.read(this, RECEIPTS_PER_POLL);
    }

    public void onMessage(final int msgTypeId, final MutableDirectBuffer buffer, final int index, final int length)
    {
        completions.onAcknowledged(
            buffer.getLong(index + UdpFloorLayout.SEQUENCE_OFFSET),
            buffer.getLong(index + UdpFloorLayout.RECEIVED_OFFSET));
    }

    /**
     * @return datagrams written, warm-up included; read after the run.
     */
    long sent()
    {
        return sent;
    }

    public void close()
    {
        CloseHelper.quietClose(channel);
    }
}
