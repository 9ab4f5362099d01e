package io.sonde.md.publish;

import io.sonde.md.FeedPacketWriter;
import io.sonde.md.FeedPackets;
import io.sonde.md.OrderLevelBook;
import org.agrona.CloseHelper;
import org.agrona.concurrent.EpochNanoClock;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;

/**
 * Serves the replica as a snapshot over TCP, polled on the gateway's thread through a selector (a
 * non-blocking {@code accept} that finds nobody still allocates; a {@code selectNow} does not): a client connects
 * and sends nothing; it gets the book as it stood when it was accepted, in frames as {@link FeedPackets} lays them out,
 * then the server closes. Nothing blocks: a client is written what its socket takes on each poll. At most
 * {@link #MAX_CLIENTS} are served at once; one more is closed at once, with a line saying why, and one that
 * reads nothing for {@link #STALLED_CLIENT_TIMEOUT_NS} is dropped.
 * <p>
 * A snapshot is encoded whole when its client is accepted, so it allocates: snapshots are rare, off the path
 * of the feed's events.
 */
public final class SnapshotServer implements AutoCloseable
{
    public static final int MAX_CLIENTS = 4;
    public static final long STALLED_CLIENT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);

    private final ServerSocketChannel server;
    private final Selector selector;
    private final int port;
    private final EpochNanoClock clock;
    private final SnapshotClient[] clients = new SnapshotClient[MAX_CLIENTS];
    private final FeedPacketWriter packets =
        new FeedPacketWriter(FeedPackets.SNAPSHOT_CHANNEL, FeedPackets.DEFAULT_MAX_PACKET_LENGTH, 1);
    private ByteBuffer encoding;
    private long snapshotsServed;
    private long clientsRefused;

    private SnapshotServer(
        final ServerSocketChannel server, final Selector selector, final int port, final EpochNanoClock clock)
    {
        this.server = server;
        this.selector = selector;
        this.port = port;
        this.clock = clock;
    }

    /**
     * @throws UncheckedIOException naming the address when the port cannot be bound.
     */
    public static SnapshotServer open(final String bindHost, final int port, final EpochNanoClock clock)
    {
        ServerSocketChannel server = null;
        Selector selector = null;
        try
        {
            server = ServerSocketChannel.open();
            server.bind(new InetSocketAddress(bindHost, port));
            server.configureBlocking(false);
            selector = Selector.open();
            server.register(selector, SelectionKey.OP_ACCEPT);
            return new SnapshotServer(server, selector, ((InetSocketAddress)server.getLocalAddress()).getPort(),
                clock);
        }
        catch (final IOException ex)
        {
            CloseHelper.quietCloseAll(selector, server);
            throw new UncheckedIOException("cannot serve feed snapshots on " + bindHost + ":" + port + ": " +
                ex.getMessage(), ex);
        }
    }

    public int port()
    {
        return port;
    }

    public long snapshotsServed()
    {
        return snapshotsServed;
    }

    public long clientsRefused()
    {
        return clientsRefused;
    }

    /**
     * Accept who is waiting, when the replica is whole, and write to every client what its socket takes.
     *
     * @param bookIsWhole false while the replica waits for the cluster's snapshot: new clients wait too.
     * @param lastSequence the last event applied to {@code replica}.
     */
    public int poll(final long nowNs, final boolean bookIsWhole, final OrderLevelBook replica, final long lastSequence)
    {
        int work = 0;
        if (bookIsWhole)
        {
            work += accept(nowNs, replica, lastSequence);
        }
        for (int i = 0; i < clients.length; i++)
        {
            final SnapshotClient client = clients[i];
            if (client != null)
            {
                work += write(i, client, nowNs);
            }
        }
        return work;
    }

    public void close()
    {
        for (int i = 0; i < clients.length; i++)
        {
            if (clients[i] != null)
            {
                CloseHelper.quietClose(clients[i].channel);
                clients[i] = null;
            }
        }
        CloseHelper.quietCloseAll(selector, server);
    }

    private int accept(final long nowNs, final OrderLevelBook replica, final long lastSequence)
    {
        if (!anyoneWaiting())
        {
            return 0;
        }
        int accepted = 0;
        SocketChannel channel;
        while ((channel = acceptOne()) != null)
        {
            accepted++;
            final int slot = freeSlot();
            if (slot < 0)
            {
                clientsRefused++;
                System.err.println("[gateway] feed snapshot client " + remoteOf(channel) + " refused: " +
                    MAX_CLIENTS + " are being served");
                CloseHelper.quietClose(channel);
                continue;
            }
            try
            {
                channel.configureBlocking(false);
                clients[slot] = new SnapshotClient(channel, encode(replica, lastSequence), nowNs);
            }
            catch (final IOException ex)
            {
                CloseHelper.quietClose(channel);
            }
        }
        return accepted;
    }

    private boolean anyoneWaiting()
    {
        try
        {
            final boolean waiting = selector.selectNow() > 0;
            selector.selectedKeys().clear();
            return waiting;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("feed snapshot port " + port + " failed: " + ex.getMessage(), ex);
        }
    }

    private SocketChannel acceptOne()
    {
        try
        {
            return server.accept();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("feed snapshot port " + port + " failed: " + ex.getMessage(), ex);
        }
    }

    private int write(final int slot, final SnapshotClient client, final long nowNs)
    {
        try
        {
            final int written = client.channel.write(client.snapshot);
            if (written > 0)
            {
                client.lastProgressNs = nowNs;
            }
            if (!client.snapshot.hasRemaining())
            {
                snapshotsServed++;
                end(slot);
                return 1;
            }
            if (nowNs - client.lastProgressNs > STALLED_CLIENT_TIMEOUT_NS)
            {
                System.err.println("[gateway] feed snapshot client " + remoteOf(client.channel) +
                    " dropped: it read nothing for " + TimeUnit.NANOSECONDS.toSeconds(STALLED_CLIENT_TIMEOUT_NS) +
                    " s");
                end(slot);
                return 1;
            }
            return written > 0 ? 1 : 0;
        }
        catch (final IOException ex)
        {
            end(slot);
            return 1;
        }
    }

    private void end(final int slot)
    {
        CloseHelper.quietClose(clients[slot].channel);
        clients[slot] = null;
    }

    private int freeSlot()
    {
        for (int i = 0; i < clients.length; i++)
        {
            if (clients[i] == null)
            {
                return i;
            }
        }
        return -1;
    }

    /**
     * The whole book as frames: each a uint16 length, then one packet of the snapshot channel.
     */
    private ByteBuffer encode(final OrderLevelBook replica, final long lastSequence)
    {
        encoding = ByteBuffer.allocate(FeedPackets.DEFAULT_MAX_PACKET_LENGTH * 4).order(ByteOrder.LITTLE_ENDIAN);
        packets.resetSequence(1);
        replica.writeSnapshot(lastSequence, (buffer, offset, length) ->
        {
            if (!packets.add(buffer, offset, length))
            {
                appendFrame();
                packets.add(buffer, offset, length);
            }
        });
        appendFrame();
        final ByteBuffer snapshot = encoding;
        encoding = null;
        return snapshot.flip();
    }

    private void appendFrame()
    {
        final ByteBuffer packet = packets.seal(clock.nanoTime());
        final int length = packet.remaining();
        if (encoding.remaining() < FeedPackets.FRAME_LENGTH_PREFIX + length)
        {
            final ByteBuffer larger = ByteBuffer.allocate(encoding.capacity() * 2).order(ByteOrder.LITTLE_ENDIAN);
            encoding = larger.put(encoding.flip());
        }
        encoding.putShort((short)length).put(packet);
        packets.clear();
    }

    private static String remoteOf(final SocketChannel channel)
    {
        try
        {
            return String.valueOf(channel.getRemoteAddress());
        }
        catch (final IOException ex)
        {
            return "(address unknown)";
        }
    }

    private static final class SnapshotClient
    {
        final SocketChannel channel;
        final ByteBuffer snapshot;
        long lastProgressNs;

        SnapshotClient(final SocketChannel channel, final ByteBuffer snapshot, final long nowNs)
        {
            this.channel = channel;
            this.snapshot = snapshot;
            this.lastProgressNs = nowNs;
        }
    }
}
