package io.sonde.strategy;

import io.sonde.md.FeedPacketReader;
import io.sonde.md.FeedPackets;
import io.sonde.md.sbe.MessageHeaderDecoder;
import io.sonde.md.sbe.OrderAddedDecoder;
import io.sonde.md.sbe.Side;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;

/**
 * Triggers from the SBE/UDP feed: a non-blocking datagram socket bound to the feed's destination, each packet read
 * with {@link FeedPacketReader}, and a reaction to every OrderAdded whose flags carry {@code trigger}, its identity the
 * message's sequence number. The strategy keeps no book, so a gap is only counted, never recovered. A feed that starts
 * again from sequence 1 is a new market run; a message numbered below the next expected is a duplicate, dropped.
 */
final class UdpTriggers implements AutoCloseable
{
    /** Room for a 200 ms stall at 1,000 triggers a second and their fillers; the kernel may grant less. */
    static final int RECEIVE_BUFFER = 4 * 1024 * 1024;
    private static final int DATAGRAMS_PER_POLL = 16;
    private static final long UNKNOWN = -1;

    private final DatagramChannel channel;
    private final ByteBuffer datagram = ByteBuffer.allocateDirect(FeedPackets.DEFAULT_MAX_PACKET_LENGTH);
    private final UnsafeBuffer packet = new UnsafeBuffer(datagram);
    private final FeedPacketReader reader = new FeedPacketReader(FeedPackets.INCREMENTAL_CHANNEL);
    private final FeedPacketReader.MessageHandler onMessage = this::onMessage;
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final OrderAddedDecoder added = new OrderAddedDecoder();
    private final byte[] symbol = new byte[OrderAddedDecoder.symbolLength()];
    private final Reactions reactions;
    private final StrategyCounts counts;
    private long expected = UNKNOWN;

    /**
     * @throws UncheckedIOException naming the address when it cannot be bound.
     */
    UdpTriggers(final InetSocketAddress feed, final Reactions reactions, final StrategyCounts counts)
    {
        this.reactions = reactions;
        this.counts = counts;
        DatagramChannel opened = null;
        try
        {
            opened = DatagramChannel.open();
            opened.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            opened.setOption(StandardSocketOptions.SO_RCVBUF, RECEIVE_BUFFER);
            opened.bind(feed);
            opened.configureBlocking(false);
        }
        catch (final IOException ex)
        {
            CloseHelper.quietClose(opened);
            throw new UncheckedIOException("cannot receive the feed at " + feed + ": " + ex.getMessage(), ex);
        }
        channel = opened;
    }

    /**
     * @return the address the feed is received on, its port resolved when 0 was asked for.
     */
    InetSocketAddress address()
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

    /**
     * Read the datagrams waiting, reacting to their triggers.
     *
     * @return how many were read.
     */
    int poll()
    {
        int work = 0;
        try
        {
            while (work < DATAGRAMS_PER_POLL)
            {
                datagram.clear();
                if (channel.receive(datagram) == null)
                {
                    break;
                }
                work++;
                if (reader.read(packet, 0, datagram.position(), onMessage) == FeedPacketReader.Outcome.READ &&
                    reader.messageCount() == 0)
                {
                    onHeartbeat(reader.firstSequence());
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("the feed's socket failed: " + ex.getMessage(), ex);
        }
        return work;
    }

    /**
     * A heartbeat names the next sequence: a loss at the end of a burst shows here.
     */
    private void onHeartbeat(final long next)
    {
        if (expected == UNKNOWN || next == 1)
        {
            expected = next;
        }
        else if (next > expected)
        {
            counts.onGap(next - expected);
            expected = next;
        }
    }

    private void onMessage(final long sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        if (expected != UNKNOWN && sequence != 1 && sequence < expected)
        {
            counts.onDuplicate();
            return;
        }
        if (expected != UNKNOWN && sequence > expected)
        {
            counts.onGap(sequence - expected);
        }
        expected = sequence + 1;
        header.wrap(buffer, offset);
        if (header.templateId() != OrderAddedDecoder.TEMPLATE_ID)
        {
            return;
        }
        added.wrap(buffer, offset + MessageHeaderDecoder.ENCODED_LENGTH, header.blockLength(), header.version());
        if (FeedPackets.isTrigger(added))
        {
            added.getSymbol(symbol, 0);
            reactions.react(sequence, added.side() == Side.BUY, added.price(), added.quantity(), symbol,
                symbolLength());
        }
    }

    private int symbolLength()
    {
        int length = 0;
        while (length < symbol.length && symbol[length] != 0)
        {
            length++;
        }
        return length;
    }

    public void close()
    {
        CloseHelper.quietClose(channel);
    }
}
