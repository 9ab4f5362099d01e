package io.sonde.exchange.feed;

import io.sonde.md.FeedPacketWriter;
import io.sonde.md.FeedPackets;
import io.sonde.md.OrderLevelBook;
import io.sonde.md.publish.FeedListener;
import io.sonde.md.publish.FeedSettings;
import io.sonde.md.publish.SnapshotServer;
import io.sonde.md.publish.UdpFeedSender;
import io.sonde.md.sbe.MessageHeaderDecoder;
import io.sonde.md.sbe.SnapshotBeginDecoder;
import io.sonde.md.sbe.SnapshotEndDecoder;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.EpochNanoClock;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A gateway's copy of the market-data feed, and its publisher. The cluster sends every feed event to every
 * gateway; this keeps an {@link OrderLevelBook} replica of them, in sequence order, and publishes them over UDP.
 * <ul>
 *   <li>A sequence number already applied is a copy (a new leader may resend one) and is dropped.</li>
 *   <li>At start, after a reconnect and on a gap, it asks the cluster for the book ({@code FeedSnapshotRequest},
 *       again every {@link #SNAPSHOT_RETRY_NS} while unanswered) and holds the events that arrive meanwhile; the
 *       snapshot replaces the replica, then the held events after its last sequence are applied.</li>
 *   <li>Events are gathered into packets and sent once per duty cycle, not once per event; after
 *       {@link #HEARTBEAT_INTERVAL_NS} without a packet, a heartbeat (no messages, the next sequence) goes out.
 *       A packet's sendingTime is the wall clock when it is sent: the feed's publish hop.</li>
 *   <li>Its sequence numbers are the cluster's, so a gap from the cluster is a gap on the feed too: a consumer
 *       recovers it from this gateway's snapshot port, served from the replica.</li>
 * </ul>
 * Runs on the gateway's thread, which calls every method but the getters and {@link #addListener}. Steady state
 * allocates nothing: the replica pools its entries, the held events and packets are reused buffers.
 */
public final class FeedPublisher implements AutoCloseable
{
    public static final long HEARTBEAT_INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);
    public static final long SNAPSHOT_RETRY_NS = TimeUnit.SECONDS.toNanos(2);
    /**
     * Events held while a snapshot is awaited, beyond which they are let go: the snapshot then leaves a gap,
     * and another is asked for.
     */
    static final int MAX_HELD_BYTES = 16 * 1024 * 1024;
    private static final int HELD_HEADER = Long.BYTES + Integer.BYTES;

    private enum State
    {
        /** The replica is not whole: a snapshot must be asked for. */
        SNAPSHOT_WANTED,
        /** A snapshot was asked for; events are held until it arrives. */
        SNAPSHOT_REQUESTED,
        /** The replica follows the events as they come. */
        LIVE
    }

    private final FeedSettings settings;
    private final EpochNanoClock clock;
    private final OrderLevelBook replica = new OrderLevelBook();
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final SnapshotEndDecoder snapshotEnd = new SnapshotEndDecoder();
    private final ExpandableArrayBuffer held = new ExpandableArrayBuffer(64 * 1024);
    private final FeedPacketWriter packets;
    private final UdpFeedSender sender;
    private final SnapshotServer snapshotServer;
    private volatile FeedListener[] listeners = new FeedListener[0];
    private State state = State.SNAPSHOT_WANTED;
    private boolean loadingSnapshot;
    private long snapshotRequestedNs;
    private long lastPacketNs;
    private int heldLength;
    private long lastSequence;

    // Written by the gateway's thread alone, read by any.
    private volatile long eventsPublished;
    private volatile long packetsSent;
    private volatile long gapsFromCluster;
    private volatile long duplicatesDropped;
    private volatile long snapshotsFromCluster;

    private FeedPublisher(
        final FeedSettings settings, final EpochNanoClock clock, final UdpFeedSender sender,
        final SnapshotServer snapshotServer)
    {
        this.settings = settings;
        this.clock = clock;
        this.sender = sender;
        this.snapshotServer = snapshotServer;
        packets = sender == null ?
            null : new FeedPacketWriter(FeedPackets.INCREMENTAL_CHANNEL, FeedPackets.DEFAULT_MAX_PACKET_LENGTH, 1);
    }

    /**
     * Open the feed's sockets when {@link FeedSettings#enabled()}; otherwise only the replica is kept.
     *
     * @param bindHost where the snapshot port listens: the gateway's own address.
     * @throws IllegalArgumentException naming a multicast interface that does not exist.
     * @throws java.io.UncheckedIOException when a socket cannot be opened or the snapshot port bound.
     */
    public static FeedPublisher open(final FeedSettings settings, final String bindHost, final EpochNanoClock clock)
    {
        if (!settings.enabled())
        {
            return new FeedPublisher(settings, clock, null, null);
        }
        final UdpFeedSender sender = UdpFeedSender.open(settings);
        try
        {
            return new FeedPublisher(settings, clock, sender,
                SnapshotServer.open(bindHost, settings.snapshotPort(), clock));
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(sender);
            throw ex;
        }
    }

    /**
     * Follow the feed: register before the gateway's work starts, or from the gateway's thread.
     */
    public synchronized void addListener(final FeedListener listener)
    {
        final FeedListener[] more = Arrays.copyOf(listeners, listeners.length + 1);
        more[listeners.length] = listener;
        listeners = more;
    }

    /**
     * Every resting order, as of {@link #lastSequence()}; read it on the gateway's thread.
     */
    public OrderLevelBook replica()
    {
        return replica;
    }

    /**
     * @return the last event applied to the replica, 0 before any.
     */
    public long lastSequence()
    {
        return lastSequence;
    }

    /**
     * @return whether the replica follows the feed (false while it waits for the cluster's snapshot).
     */
    public boolean isLive()
    {
        return state == State.LIVE;
    }

    /**
     * One feed event from the cluster's egress.
     */
    public void onFeedEvent(final long sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        if (sequence <= lastSequence)
        {
            duplicatesDropped++;
            return;
        }
        if (state == State.LIVE)
        {
            if (sequence == lastSequence + 1)
            {
                apply(sequence, buffer, offset, length);
                return;
            }
            gapsFromCluster++;
            state = State.SNAPSHOT_WANTED;
        }
        hold(sequence, buffer, offset, length);
    }

    /**
     * One message of a snapshot the cluster sent this gateway. One that arrives while the replica is live
     * answers an earlier request, already served, and is passed over.
     */
    public void onSnapshotMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        header.wrap(buffer, offset);
        final int templateId = header.templateId();
        if (templateId == SnapshotBeginDecoder.TEMPLATE_ID)
        {
            loadingSnapshot = state != State.LIVE;
        }
        if (!loadingSnapshot)
        {
            return;
        }
        replica.apply(buffer, offset, length);
        if (templateId == SnapshotEndDecoder.TEMPLATE_ID)
        {
            loadingSnapshot = false;
            snapshotEnd.wrap(buffer, offset + MessageHeaderDecoder.ENCODED_LENGTH, header.blockLength(),
                header.version());
            snapshotLoaded(snapshotEnd.lastSequence());
        }
    }

    /**
     * The gateway's cluster connection was replaced: what came meanwhile is unknown, so the book is asked for
     * again.
     */
    public void onReconnect()
    {
        state = State.SNAPSHOT_WANTED;
        loadingSnapshot = false;
    }

    /**
     * Once per duty cycle: send the packet gathered, a heartbeat when quiet, ask for a snapshot when one is
     * wanted, serve snapshot clients.
     *
     * @param requestSnapshot offers a {@code FeedSnapshotRequest} to the cluster; false when it could not.
     */
    public int doWork(final long nowNs, final BooleanSupplier requestSnapshot)
    {
        int work = 0;
        if (state == State.SNAPSHOT_WANTED ||
            (state == State.SNAPSHOT_REQUESTED && nowNs - snapshotRequestedNs >= SNAPSHOT_RETRY_NS))
        {
            if (requestSnapshot.getAsBoolean())
            {
                state = State.SNAPSHOT_REQUESTED;
                snapshotRequestedNs = nowNs;
                work++;
            }
        }
        if (sender != null)
        {
            if (!packets.isEmpty())
            {
                sendPacket(nowNs);
                work++;
            }
            else if (state == State.LIVE && nowNs - lastPacketNs >= HEARTBEAT_INTERVAL_NS)
            {
                sendPacket(nowNs);
                work++;
            }
            work += snapshotServer.poll(nowNs, state == State.LIVE, replica, lastSequence);
        }
        return work;
    }

    /**
     * @return the TCP port snapshots are served on, -1 when the feed is not published.
     */
    public int snapshotPort()
    {
        return snapshotServer == null ? -1 : snapshotServer.port();
    }

    public FeedSettings settings()
    {
        return settings;
    }

    /**
     * @return events applied to the replica (and published, when the feed is on).
     */
    public long eventsPublished()
    {
        return eventsPublished;
    }

    /**
     * @return datagrams sent, heartbeats included, counting one per packet whatever the destinations.
     */
    public long packetsSent()
    {
        return packetsSent;
    }

    /**
     * @return gaps in the cluster's numbers this gateway saw (each recovered from a snapshot).
     */
    public long gapsFromCluster()
    {
        return gapsFromCluster;
    }

    public long duplicatesDropped()
    {
        return duplicatesDropped;
    }

    /**
     * @return snapshots the cluster sent this gateway and it loaded.
     */
    public long snapshotsFromCluster()
    {
        return snapshotsFromCluster;
    }

    /**
     * @return snapshots served whole over TCP.
     */
    public long snapshotsServed()
    {
        return snapshotServer == null ? 0 : snapshotServer.snapshotsServed();
    }

    /**
     * @return snapshot clients closed at once because {@link SnapshotServer#MAX_CLIENTS} were being served.
     */
    public long snapshotClientsRefused()
    {
        return snapshotServer == null ? 0 : snapshotServer.clientsRefused();
    }

    /**
     * @return datagrams the socket had no room for, or could not send, per destination.
     */
    public long datagramsNotSent()
    {
        return sender == null ? 0 : sender.datagramsNotSent();
    }

    public void close()
    {
        CloseHelper.quietCloseAll(sender, snapshotServer);
    }

    private void apply(final long sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        replica.apply(buffer, offset, length);
        lastSequence = sequence;
        eventsPublished++;
        if (packets != null && !packets.add(buffer, offset, length))
        {
            sendPacket(clock.nanoTime());
            packets.add(buffer, offset, length);
        }
        final FeedListener[] current = listeners;
        for (final FeedListener listener : current)
        {
            listener.onFeedEvent(sequence, buffer, offset, length);
        }
    }

    private void sendPacket(final long nowNs)
    {
        final ByteBuffer datagram = packets.seal(clock.nanoTime());
        sender.send(datagram);
        packets.clear();
        packetsSent++;
        lastPacketNs = nowNs;
    }

    /**
     * Keep an event that came while the book is being fetched; in arrival order, which is sequence order.
     */
    private void hold(final long sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        if (heldLength + HELD_HEADER + length > MAX_HELD_BYTES)
        {
            heldLength = 0;
        }
        held.putLong(heldLength, sequence);
        held.putInt(heldLength + Long.BYTES, length);
        held.putBytes(heldLength + HELD_HEADER, buffer, offset, length);
        heldLength += HELD_HEADER + length;
    }

    /**
     * The replica is the cluster's book as after {@code snapshotSequence}: the feed continues from there, the
     * packet in progress goes out first, then the held events that follow are applied as if just received.
     */
    private void snapshotLoaded(final long snapshotSequence)
    {
        snapshotsFromCluster++;
        if (packets != null)
        {
            if (!packets.isEmpty())
            {
                sendPacket(clock.nanoTime());
            }
            packets.resetSequence(snapshotSequence + 1);
        }
        lastSequence = snapshotSequence;
        state = State.LIVE;
        final FeedListener[] current = listeners;
        for (final FeedListener listener : current)
        {
            listener.onBookReset();
        }
        // Replayed as if just received: after another gap they are held again from the buffer's start, each
        // copied to an offset at or before its own, which a copy within one buffer allows.
        final int length = heldLength;
        heldLength = 0;
        int position = 0;
        while (position < length)
        {
            final long sequence = held.getLong(position);
            final int messageLength = held.getInt(position + Long.BYTES);
            onFeedEvent(sequence, held, position + HELD_HEADER, messageLength);
            position += HELD_HEADER + messageLength;
        }
    }
}
