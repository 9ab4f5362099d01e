package io.sonde.fix.client.marketdata;

import io.sonde.fix.client.FixClient;
import io.sonde.fix.client.order.PublicEffects;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.md.OrderLevelBook;
import io.sonde.loadgen.record.PhasedSeries;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.NanoClock;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A run's view of the venue's public market data: the exchange's UDP feed or a FIX market data session, either
 * read as a duty of the load thread, and the {@link OrderToTick} matcher it feeds, told of every order by the
 * order flow ({@link PublicEffects}).
 */
public final class MarketDataWatch implements PublicEffects, AutoCloseable
{
    /** How long an event of an order not acknowledged yet waits for the acknowledgement. */
    public static final long HOLD_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** Events of unknown orders held at once: two seconds of a busy venue's feed. */
    public static final int HELD_EVENTS = 1 << 18;

    private final OrderToTick matcher;
    private final NanoClock clock;
    private final UdpFeed feed;
    private final FixMarketDataSession fixSession;
    private final FeedDepth depth;

    private MarketDataWatch(
        final OrderToTick matcher,
        final NanoClock clock,
        final UdpFeed feed,
        final FixMarketDataSession fixSession,
        final FeedDepth depth)
    {
        this.matcher = matcher;
        this.clock = clock;
        this.feed = feed;
        this.fixSession = fixSession;
        this.depth = depth;
    }

    /**
     * Listen for the exchange's UDP feed.
     *
     * @param orders orders known at once: the run's lifecycles in flight, and those whose events are still due.
     */
    public static MarketDataWatch udp(
        final InetSocketAddress listen,
        final String networkInterface,
        final InetSocketAddress snapshot,
        final int orders,
        final NanoClock clock,
        final EpochNanoClock wallClock,
        final Consumer<String> notes)
    {
        return udp(listen, networkInterface, snapshot, orders, clock, wallClock, notes, null);
    }

    /**
     * Listen for the exchange's UDP feed and follow the depth it shows.
     *
     * @param depth the book run's depth on the feed, sampled as the feed is read; null for none.
     */
    public static MarketDataWatch udp(
        final InetSocketAddress listen,
        final String networkInterface,
        final InetSocketAddress snapshot,
        final int orders,
        final NanoClock clock,
        final EpochNanoClock wallClock,
        final Consumer<String> notes,
        final FeedDepth depth)
    {
        final OrderToTick matcher = new OrderToTick(orders, HELD_EVENTS, HOLD_NANOS);
        return new MarketDataWatch(matcher, clock, new UdpFeed(listen, networkInterface, snapshot, matcher, clock,
            wallClock, notes, depth == null ? OrderLevelBook.RestingChanges.NONE : depth.levels()), null, depth);
    }

    /**
     * Read the target gateway's FIX market data, once {@link #subscribe} has logged its session on.
     */
    public static MarketDataWatch fix(final int orders, final NanoClock clock)
    {
        final OrderToTick matcher = new OrderToTick(orders, HELD_EVENTS, HOLD_NANOS);
        return new MarketDataWatch(matcher, clock, null,
            new FixMarketDataSession(new FixMarketDataMessages(matcher)), null);
    }

    /**
     * For FIX market data: log the market data session on to {@code client}'s gateway and ask for {@code symbols};
     * nothing for a UDP feed, which is bound already.
     *
     * @param senderCompId the market data session's SenderCompID as the venue profile names it, or null.
     * @param targetCompId its TargetCompID, or null.
     */
    public void subscribe(
        final FixClient<?> client,
        final List<String> symbols,
        final long logonTimeoutNanos,
        final String senderCompId,
        final String targetCompId)
    {
        if (fixSession != null)
        {
            final SessionPool pool = client.openMarketData(fixSession, logonTimeoutNanos, senderCompId, targetCompId);
            fixSession.subscribe(pool, symbols, new BackoffIdleStrategy());
        }
    }

    /**
     * @return order-to-tick, cancel-to-tick and replace-to-tick, for the run's log.
     */
    public List<PhasedSeries> series()
    {
        return matcher.series();
    }

    /**
     * @return the feed's own hops, for the run's log; none for FIX market data.
     */
    public List<HopSeries> hops()
    {
        return feed == null ? List.of() : feed.events().hops();
    }

    public int poll()
    {
        if (feed == null)
        {
            return fixSession.poll(clock.nanoTime()) + matcher.poll(clock.nanoTime());
        }
        final int received = feed.poll();
        if (depth != null)
        {
            depth.sample(clock.nanoTime(), matcher.bookActions());
        }
        return received;
    }

    /**
     * @return the depth the feed showed, or null when not followed (no book run, or FIX market data).
     */
    public FeedDepth depth()
    {
        return depth;
    }

    /**
     * The run has drained: receive what is still on its way for at most {@code graceNanos}, then settle every
     * order still awaiting its event as missing. Called on the thread that ran the load, or after it stopped.
     */
    public void finish(final long graceNanos)
    {
        final long deadline = System.nanoTime() + graceNanos;
        while (unavailable() == null && matcher.awaiting() > 0 && System.nanoTime() - deadline < 0)
        {
            if (poll() == 0)
            {
                Thread.onSpinWait();
            }
        }
        poll();
        matcher.finish();
    }

    public OrderToTick matcher()
    {
        return matcher;
    }

    /**
     * @return why order-to-tick could not be measured (a venue without an order-level feed, a refused request), or
     *         null when it was.
     */
    public String unavailable()
    {
        return fixSession == null ? null : fixSession.messages().unavailable();
    }

    /**
     * @return datagrams received whole (heartbeats included), or FIX refreshes.
     */
    public long packets()
    {
        return feed != null ? feed.packets() : fixSession.messages().refreshes();
    }

    /**
     * @return feed messages applied in sequence, or FIX entries read.
     */
    public long messages()
    {
        return feed != null ? feed.messages() : fixSession.messages().entries();
    }

    public double messagesPerSecond()
    {
        return feed != null ? feed.messagesPerSecond() : fixSession.messages().entriesPerSecond();
    }

    /**
     * @return gaps in the UDP feed's sequence; a FIX session's own sequence numbers are Artio's to keep whole.
     */
    public long gaps()
    {
        return feed != null ? feed.gaps() : 0;
    }

    public long recovered()
    {
        return feed != null ? feed.recovered() : 0;
    }

    public long unrecovered()
    {
        return feed != null ? feed.unrecovered() : 0;
    }

    public long duplicates()
    {
        return feed != null ? feed.duplicates() : 0;
    }

    public long garbled()
    {
        return feed != null ? feed.garbled() : 0;
    }

    public long otherChannel()
    {
        return feed != null ? feed.otherChannel() : 0;
    }

    public void onNewAcknowledged(
        final long orderKey, final long requestId, final long intendedNanos, final long sentNanos,
        final boolean expectEvent)
    {
        matcher.onNewAcknowledged(orderKey, requestId, intendedNanos, sentNanos, expectEvent);
    }

    public void onNewAcknowledged(
        final long orderKey, final long requestId, final long intendedNanos, final long sentNanos,
        final boolean expectEvent, final byte bookAction)
    {
        matcher.onNewAcknowledged(orderKey, requestId, intendedNanos, sentNanos, expectEvent, bookAction);
    }

    public void onNoPublicEffect(final long orderKey)
    {
        matcher.onNoPublicEffect(orderKey);
    }

    public void onFollowUpSent(
        final long orderKey, final boolean cancel, final long newIntendedNanos, final long intendedNanos,
        final long sentNanos)
    {
        matcher.onFollowUpSent(orderKey, cancel, newIntendedNanos, intendedNanos, sentNanos);
    }

    public void onFollowUpRefused(final long orderKey, final boolean cancel)
    {
        matcher.onFollowUpRefused(orderKey, cancel);
    }

    public void onLifecycleEnded(final long orderKey)
    {
        matcher.onLifecycleEnded(orderKey);
    }

    public void close()
    {
        if (feed != null)
        {
            feed.close();
        }
    }
}
