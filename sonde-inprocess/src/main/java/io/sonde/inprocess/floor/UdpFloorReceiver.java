package io.sonde.inprocess.floor;

import org.agrona.CloseHelper;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.ringbuffer.RingBuffer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;

/**
 * The far end of the UDP floor: reads the floor's datagrams from a non-blocking loopback socket on its own
 * thread, stamps each with {@link System#nanoTime()} as soon as it is read (the sender is in this process, so
 * one clock serves both ends), checks its sequence, and hands the receipt to the load thread through a ring.
 * <p>
 * A gap in the sequence counts the datagrams in it as lost; one that arrives after a later one was counted
 * lost when the gap opened, so it is taken off again and counted out of order (loopback does not duplicate
 * datagrams, and should not reorder them: the count says whether it ever did). When the ring is full the
 * receipt waits and nothing more is read: the socket's buffer holds the rest, and what it cannot hold the
 * kernel drops, which the sequence then shows. Allocation-free after construction.
 * <p>
 * Made for one step: bound, connected to its one sender, run on one thread, closed, then read.
 */
final class UdpFloorReceiver implements Agent, AutoCloseable
{
    /** Asked for so a stall of the thread does not cost datagrams; the kernel may grant less. */
    private static final int RECEIVE_BUFFER_BYTES = 4 * 1024 * 1024;

    private final DatagramChannel channel;
    private final RingBuffer receipts;
    /** One byte more than a datagram, so a longer one shows as too long rather than arriving cut to size. */
    private final ByteBuffer datagram = ByteBuffer.allocateDirect(UdpFloorLayout.DATAGRAM_BYTES + 1)
        .order(ByteOrder.LITTLE_ENDIAN);
    private long expectedSequence;
    private long lost;
    private long outOfOrder;
    private long pendingSequence;
    private long pendingReceivedNanos;
    private boolean pending;

    /**
     * Bind to an ephemeral loopback port.
     *
     * @param receipts where a receipt goes for each datagram read.
     */
    UdpFloorReceiver(final RingBuffer receipts)
    {
        this.receipts = receipts;
        try
        {
            channel = DatagramChannel.open();
            channel.setOption(StandardSocketOptions.SO_RCVBUF, RECEIVE_BUFFER_BYTES);
            channel.bind(new InetSocketAddress("127.0.0.1", 0));
            channel.configureBlocking(false);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot open the UDP floor's receiver on 127.0.0.1", ex);
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
            throw new UncheckedIOException("the UDP floor's receiver has no address", ex);
        }
    }

    /**
     * Take datagrams from {@code sender} only, so nothing else on the host can enter the floor; and a connected
     * channel reads without building a sender address per datagram.
     */
    void acceptOnlyFrom(final SocketAddress sender)
    {
        try
        {
            channel.connect(sender);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("the UDP floor's receiver cannot connect to " + sender, ex);
        }
    }

    public int doWork() throws IOException
    {
        if (pending && !publishReceipt())
        {
            return 0;
        }
        datagram.clear();
        final int length = channel.read(datagram);
        if (length <= 0)
        {
            return 0;
        }
        final long receivedNanos = System.nanoTime();
        if (length != UdpFloorLayout.DATAGRAM_BYTES)
        {
            throw new IllegalStateException("the UDP floor received a datagram " +
                (length > UdpFloorLayout.DATAGRAM_BYTES ? "longer than" : "of " + length + " bytes, not") + " " +
                UdpFloorLayout.DATAGRAM_BYTES + " bytes");
        }
        final long sequence = datagram.getLong(UdpFloorLayout.SEQUENCE_OFFSET);
        trackSequence(sequence);
        pendingSequence = sequence;
        pendingReceivedNanos = receivedNanos;
        pending = true;
        publishReceipt();
        return 1;
    }

    public String roleName()
    {
        return "sonde-udp-receiver";
    }

    public void close()
    {
        CloseHelper.quietClose(channel);
    }

    /**
     * Read after the thread ended.
     *
     * @param sent datagrams the sender wrote, sequences 0 to {@code sent - 1}.
     * @return those never read: the gaps in the sequence, and the ones after the highest read.
     */
    long lost(final long sent)
    {
        return lost + Math.max(0, sent - expectedSequence);
    }

    /**
     * @return datagrams that arrived after a later one; read after the thread ended.
     */
    long outOfOrder()
    {
        return outOfOrder;
    }

    private void trackSequence(final long sequence)
    {
        if (sequence >= expectedSequence)
        {
            lost += sequence - expectedSequence;
            expectedSequence = sequence + 1;
        }
        else
        {
            lost--;
            outOfOrder++;
        }
    }

    private boolean publishReceipt()
    {
        final int index = receipts.tryClaim(UdpFloorLayout.RECEIPT_TYPE, UdpFloorLayout.RECEIPT_BYTES);
        if (index == RingBuffer.INSUFFICIENT_CAPACITY)
        {
            return false;
        }
        receipts.buffer().putLong(index + UdpFloorLayout.SEQUENCE_OFFSET, pendingSequence);
        receipts.buffer().putLong(index + UdpFloorLayout.RECEIVED_OFFSET, pendingReceivedNanos);
        receipts.commit(index);
        pending = false;
        return true;
    }
}
