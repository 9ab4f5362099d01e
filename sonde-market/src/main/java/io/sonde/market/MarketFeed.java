package io.sonde.market;

import io.sonde.fix.codecs.decoder.MarketDataRequestDecoder;
import io.sonde.md.FeedPacketWriter;
import io.sonde.md.FeedPackets;
import io.sonde.md.OrderLevelBook;
import io.sonde.md.fix.MarketDataSubscriber;
import io.sonde.md.fix.MarketDataSubscriptions;
import io.sonde.md.publish.FeedSettings;
import io.sonde.md.publish.SnapshotServer;
import io.sonde.md.publish.UdpFeedSender;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.concurrent.EpochNanoClock;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.session.Session;

import java.util.List;

/**
 * The market's feed, numbered from 1: each event is applied to a replica of the book (what FIX full refreshes and
 * TCP snapshots are served from), told to the FIX market data subscriptions at once (an incremental refresh each),
 * and gathered into a UDP packet that goes out when {@link #flush flushed} (once per duty cycle, and at once
 * after a trigger), when full, or as a heartbeat after {@link #HEARTBEAT_INTERVAL_NS} without one. Without a UDP
 * destination the events are still numbered the same way and served over FIX. Nothing is allocated per event.
 */
final class MarketFeed implements FeedSink, MarketDataDesk, AutoCloseable
{
    /** A quiet feed still sends a packet this often, so a consumer tells silence from loss. */
    static final long HEARTBEAT_INTERVAL_NS = 1_000_000_000L;

    private final OrderLevelBook replica = new OrderLevelBook();
    private final FeedPacketWriter packets =
        new FeedPacketWriter(FeedPackets.INCREMENTAL_CHANNEL, FeedPackets.DEFAULT_MAX_PACKET_LENGTH, 1);
    private final MarketDataSubscriptions subscriptions;
    private final Long2ObjectHashMap<SessionSubscriber> subscribers = new Long2ObjectHashMap<>();
    private final EpochNanoClock epochClock;
    private final UdpFeedSender sender;
    private final SnapshotServer snapshots;
    private long lastPacketNanos;
    private long packetsSent;
    private volatile int subscriptionCount;

    /**
     * @param bindHost where the snapshot server listens.
     * @param symbols  the symbols FIX subscriptions may name.
     */
    MarketFeed(
        final FeedSettings udp, final String bindHost, final List<String> symbols, final EpochNanoClock epochClock)
    {
        this.epochClock = epochClock;
        subscriptions = new MarketDataSubscriptions(symbols, replica, () -> true);
        if (udp.enabled())
        {
            sender = UdpFeedSender.open(udp);
            try
            {
                snapshots = SnapshotServer.open(bindHost, udp.snapshotPort(), epochClock);
            }
            catch (final RuntimeException ex)
            {
                CloseHelper.quietClose(sender);
                throw ex;
            }
        }
        else
        {
            sender = null;
            snapshots = null;
        }
    }

    public long nextSequence()
    {
        return packets.nextSequence();
    }

    public void add(final DirectBuffer event, final int length)
    {
        final long sequence = packets.nextSequence();
        replica.apply(event, 0, length);
        if (!packets.add(event, 0, length))
        {
            send();
            packets.add(event, 0, length);
        }
        subscriptions.onFeedEvent(sequence, event, 0, length);
    }

    public void flush(final long nowNanos)
    {
        if (!packets.isEmpty())
        {
            send();
            lastPacketNanos = nowNanos;
        }
    }

    /**
     * Once per duty cycle, in or out of a run: a heartbeat when quiet, snapshot clients served, full refreshes
     * that back-pressure left owed sent.
     */
    int doWork(final long nowNanos)
    {
        int work = subscriptions.sendOwedRefreshes();
        subscriptionCount = subscriptions.subscriptionCount();
        if (sender != null)
        {
            if (nowNanos - lastPacketNanos >= HEARTBEAT_INTERVAL_NS)
            {
                send();
                lastPacketNanos = nowNanos;
                work++;
            }
            work += snapshots.poll(epochClock.nanoTime(), true, replica, packets.nextSequence() - 1);
        }
        return work;
    }

    public boolean onRequest(final Session session, final MarketDataRequestDecoder request)
    {
        SessionSubscriber subscriber = subscribers.get(session.id());
        if (subscriber == null)
        {
            subscriber = new SessionSubscriber(session);
            subscribers.put(session.id(), subscriber);
        }
        return subscriptions.onRequest(subscriber, request);
    }

    public void onDisconnect(final Session session)
    {
        final SessionSubscriber subscriber = subscribers.remove(session.id());
        if (subscriber != null)
        {
            subscriptions.onDisconnect(subscriber);
        }
    }

    /**
     * @return the snapshot server's port, 0 without a UDP feed.
     */
    int snapshotPort()
    {
        return snapshots == null ? 0 : snapshots.port();
    }

    long packetsSent()
    {
        return packetsSent;
    }

    long datagramsNotSent()
    {
        return sender == null ? 0 : sender.datagramsNotSent();
    }

    long fixBackPressured()
    {
        return subscriptions.backPressured();
    }

    /**
     * @return FIX market data subscriptions, as of the last duty cycle; safe from any thread.
     */
    int subscriptions()
    {
        return subscriptionCount;
    }

    OrderLevelBook replica()
    {
        return replica;
    }

    public void close()
    {
        CloseHelper.quietCloseAll(sender, snapshots);
    }

    private void send()
    {
        if (sender != null)
        {
            sender.send(packets.seal(epochClock.nanoTime()));
            packetsSent++;
        }
        packets.clear();
    }

    private static final class SessionSubscriber implements MarketDataSubscriber
    {
        private final Session session;

        SessionSubscriber(final Session session)
        {
            this.session = session;
        }

        public long trySend(final Encoder message)
        {
            return session.trySend(message);
        }
    }
}
