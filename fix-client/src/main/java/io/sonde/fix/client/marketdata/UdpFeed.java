package io.sonde.fix.client.marketdata;

import io.sonde.md.FeedPacketReader;
import io.sonde.md.FeedPackets;
import io.sonde.md.OrderLevelBook;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.util.function.Consumer;

/**
 * Sonde's receiver of the exchange's UDP feed, polled as a duty of the thread that runs the load (never a thread
 * of its own): a non-blocking {@link DatagramChannel} bound to the feed's port, joined to its group when the feed
 * is multicast. Every datagram is checked whole ({@link FeedPacketReader}); a garbled one or one of another
 * channel is counted and skipped, and the first of each kind is noted in one line. Messages are applied in
 * sequence: a duplicate is dropped, a gap is counted and recovered from a snapshot of the publisher's book (TCP,
 * {@link FeedPackets}). Every event received is matched to its order, also one the snapshot already holds: the
 * snapshot is taken after the packets waiting in the socket were sent, and their events are still the first Sonde
 * sees of their orders. Only the book skips the events up to the snapshot's sequence. The snapshot is fetched on a
 * thread of its own and loaded at a later poll ({@link SnapshotRecovery}), so this path never waits on the
 * publisher: events go on being matched meanwhile. Receiving allocates nothing per datagram or event.
 */
public final class UdpFeed implements AutoCloseable
{
    private static final int DATAGRAMS_PER_POLL = 64;
    private static final int RECEIVE_BUFFER_BYTES = 4 * 1024 * 1024;

    private final DatagramChannel channel;
    private final OrderToTick matcher;
    private final OrderLevelBook book;
    private final FeedEvents events;
    private final NanoClock clock;
    private final EpochNanoClock wallClock;
    private final Consumer<String> notes;
    private final ByteBuffer datagram = ByteBuffer.allocateDirect(64 * 1024).order(ByteOrder.LITTLE_ENDIAN);
    private final UnsafeBuffer datagramBuffer = new UnsafeBuffer(datagram);
    private final FeedPacketReader reader = new FeedPacketReader(FeedPackets.INCREMENTAL_CHANNEL);
    private final FeedPacketReader.MessageHandler onMessage = this::onMessage;
    private final SnapshotRecovery recovery;
    private long nextSequence;
    private long bookSequence;
    private long receivedNanos;
    private long firstReceivedNanos;
    private long lastReceivedNanos;
    private long packets;
    private long gaps;
    private long unrecovered;
    private long duplicates;
    private long garbled;
    private long otherChannel;
    private boolean notedGarbled;
    private boolean notedOtherChannel;

    /**
     * @param listen             the feed's address: a local one to bind, or a multicast group to join on its port.
     * @param multicastInterface the interface to join a group on; null for the first multicast-capable one up.
     * @param snapshotAddress    the publisher's snapshot port, for recovering gaps; null when it has none.
     * @param notes              where one-line notes about bad input go.
     */
    public UdpFeed(
        final InetSocketAddress listen,
        final String multicastInterface,
        final InetSocketAddress snapshotAddress,
        final OrderToTick matcher,
        final NanoClock clock,
        final EpochNanoClock wallClock,
        final Consumer<String> notes)
    {
        this(listen, multicastInterface, snapshotAddress, matcher, clock, wallClock, notes,
            OrderLevelBook.RestingChanges.NONE);
    }

    /**
     * @param changes told of every order the feed's book gains and loses, for a view by price level.
     */
    public UdpFeed(
        final InetSocketAddress listen,
        final String multicastInterface,
        final InetSocketAddress snapshotAddress,
        final OrderToTick matcher,
        final NanoClock clock,
        final EpochNanoClock wallClock,
        final Consumer<String> notes,
        final OrderLevelBook.RestingChanges changes)
    {
        this.matcher = matcher;
        this.book = new OrderLevelBook(changes);
        this.events = new FeedEvents(matcher, book);
        this.recovery = new SnapshotRecovery(snapshotAddress, book, events, clock, notes);
        this.clock = clock;
        this.wallClock = wallClock;
        this.notes = notes;
        try
        {
            channel = DatagramChannel.open(StandardProtocolFamily.INET);
            channel.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            channel.setOption(StandardSocketOptions.SO_RCVBUF, RECEIVE_BUFFER_BYTES);
            channel.configureBlocking(false);
            if (listen.getAddress() != null && listen.getAddress().isMulticastAddress())
            {
                channel.bind(new InetSocketAddress(listen.getPort()));
                channel.join(listen.getAddress(), networkInterface(multicastInterface));
            }
            else
            {
                channel.bind(listen);
            }
        }
        catch (final IOException ex)
        {
            recovery.close();
            throw new UncheckedIOException("cannot listen for the market data feed on " + listen + ": " +
                ex.getMessage(), ex);
        }
    }

    /**
     * @return the address the feed's datagrams reach: the port chosen when 0 was asked for.
     */
    public InetSocketAddress boundAddress()
    {
        try
        {
            return (InetSocketAddress)channel.getLocalAddress();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    public FeedEvents events()
    {
        return events;
    }

    /**
     * Receive what has arrived: a duty of the polling thread.
     *
     * @return datagrams received.
     */
    public int poll()
    {
        int received = 0;
        final long loaded = recovery.poll(bookSequence);
        if (loaded != SnapshotRecovery.NOTHING_LOADED)
        {
            bookSequence = loaded;
            received++;
        }
        try
        {
            while (received < DATAGRAMS_PER_POLL)
            {
                datagram.clear();
                final SocketAddress sender = channel.receive(datagram);
                if (sender == null)
                {
                    break;
                }
                received++;
                onDatagram(datagramBuffer, datagram.position(), sender);
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("the market data feed failed: " + ex.getMessage(), ex);
        }
        return received + matcher.poll(clock.nanoTime());
    }

    /**
     * Handle one datagram as if received now: the receive path after the socket, for benchmarks and tests.
     *
     * @param sender where it came from, for a note about it.
     */
    void onDatagram(final DirectBuffer buffer, final int length, final Object sender)
    {
        receivedNanos = clock.nanoTime();
        if (packets == 0 && garbled == 0 && otherChannel == 0)
        {
            firstReceivedNanos = receivedNanos;
        }
        lastReceivedNanos = receivedNanos;
        final long receivedEpochNanos = wallClock.nanoTime();
        final FeedPacketReader.Outcome outcome = reader.read(buffer, 0, length, onMessage);
        if (outcome == FeedPacketReader.Outcome.GARBLED)
        {
            garbled++;
            if (!notedGarbled)
            {
                notedGarbled = true;
                notes.accept("market data: a garbled datagram of " + length + " bytes from " + sender +
                    " skipped; every one is counted");
            }
            return;
        }
        if (outcome == FeedPacketReader.Outcome.OTHER_CHANNEL)
        {
            otherChannel++;
            if (!notedOtherChannel)
            {
                notedOtherChannel = true;
                notes.accept("market data: datagrams of channel " + reader.receivedChannel() + " from " + sender +
                    " refused: the incremental feed is channel " + FeedPackets.INCREMENTAL_CHANNEL);
            }
            return;
        }
        packets++;
        events.onPacket(reader.sendingTime(), receivedEpochNanos, receivedNanos);
        if (reader.messageCount() == 0 && nextSequence != 0 && reader.firstSequence() > nextSequence)
        {
            onGap(reader.firstSequence());
        }
    }

    private void onMessage(final long sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        if (nextSequence == 0)
        {
            nextSequence = sequence;
            if (sequence > 1 && recovery.canRecover())
            {
                recovery.onGap(sequence, false);
            }
        }
        if (sequence > nextSequence)
        {
            onGap(sequence);
        }
        if (sequence < nextSequence)
        {
            duplicates++;
            return;
        }
        nextSequence = sequence + 1;
        final boolean awaitingSnapshot = recovery.isAwaiting();
        final boolean newToBook = !awaitingSnapshot && sequence > bookSequence;
        if (newToBook)
        {
            bookSequence = sequence;
        }
        else if (awaitingSnapshot)
        {
            recovery.keep(sequence, buffer, offset, length);
        }
        events.onMessage(buffer, offset, length, reader.sendingTime(), receivedNanos, newToBook);
    }

    private void onGap(final long sequence)
    {
        gaps++;
        if (recovery.canRecover())
        {
            recovery.onGap(sequence, true);
        }
        else if (sequence - 1 > bookSequence)
        {
            // No snapshot to be had: what is between is lost, and said so.
            unrecovered++;
        }
        nextSequence = sequence;
    }

    /**
     * @return whether a snapshot is being fetched or waits to be loaded at the next poll.
     */
    public boolean isAwaitingSnapshot()
    {
        return recovery.isAwaiting();
    }

    public OrderLevelBook book()
    {
        return book;
    }

    public long packets()
    {
        return packets;
    }

    public long messages()
    {
        return events.messages();
    }

    /**
     * @return messages applied per second between the first datagram and the last; 0 before two arrived.
     */
    public double messagesPerSecond()
    {
        final long spanNanos = lastReceivedNanos - firstReceivedNanos;
        return spanNanos <= 0 ? 0 : messages() * 1e9 / spanNanos;
    }

    public long gaps()
    {
        return gaps;
    }

    public long recovered()
    {
        return recovery.recovered();
    }

    /**
     * @return gaps no snapshot covered: their events are lost to the book and to the matcher.
     */
    public long unrecovered()
    {
        return unrecovered + recovery.unrecovered();
    }

    public long duplicates()
    {
        return duplicates;
    }

    public long garbled()
    {
        return garbled;
    }

    public long otherChannel()
    {
        return otherChannel;
    }

    public void close()
    {
        recovery.close();
        try
        {
            channel.close();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    private static NetworkInterface networkInterface(final String name) throws SocketException
    {
        if (name != null)
        {
            final NetworkInterface named = NetworkInterface.getByName(name);
            if (named == null)
            {
                throw new SocketException("no network interface named " + name);
            }
            return named;
        }
        final var interfaces = NetworkInterface.networkInterfaces().filter(UdpFeed::canJoin).toList();
        if (interfaces.isEmpty())
        {
            throw new SocketException("no network interface is up and multicast-capable; name one");
        }
        return interfaces.stream().filter(i -> !isLoopback(i)).findFirst().orElse(interfaces.get(0));
    }

    private static boolean canJoin(final NetworkInterface networkInterface)
    {
        try
        {
            return networkInterface.isUp() && networkInterface.supportsMulticast();
        }
        catch (final SocketException ex)
        {
            return false;
        }
    }

    private static boolean isLoopback(final NetworkInterface networkInterface)
    {
        try
        {
            return networkInterface.isLoopback();
        }
        catch (final SocketException ex)
        {
            return false;
        }
    }
}
