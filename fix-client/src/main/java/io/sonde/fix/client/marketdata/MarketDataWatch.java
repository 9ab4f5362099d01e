package io.sonde.fix.client.marketdata;

import io.sonde.fix.client.order.PublicEffects;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.PhasedSeries;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.NanoClock;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A run's view of the venue's public market data: the feed, received as a duty of the load thread, and the
 * {@link OrderToTick} matcher it feeds, told of every order by the order flow ({@link PublicEffects}).
 */
public final class MarketDataWatch implements PublicEffects, AutoCloseable
{
    /** How long an event of an order not acknowledged yet waits for the acknowledgement. */
    public static final long HOLD_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** Events of unknown orders held at once: two seconds of a busy venue's feed. */
    public static final int HELD_EVENTS = 1 << 18;

    private final OrderToTick matcher;
    private final UdpFeed feed;

    private MarketDataWatch(final OrderToTick matcher, final UdpFeed feed)
    {
        this.matcher = matcher;
        this.feed = feed;
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
        final OrderToTick matcher = new OrderToTick(orders, HELD_EVENTS, HOLD_NANOS);
        return new MarketDataWatch(matcher, new UdpFeed(listen, networkInterface, snapshot, matcher, clock,
            wallClock, notes));
    }

    /**
     * @return the UDP feed's local address, where a publisher sends it.
     */
    public InetSocketAddress feedAddress()
    {
        return feed.boundAddress();
    }

    /**
     * @return order-to-tick, cancel-to-tick and replace-to-tick, for the run's log.
     */
    public List<PhasedSeries> series()
    {
        return matcher.series();
    }

    /**
     * @return the feed's own hops, for the run's log.
     */
    public List<HopSeries> hops()
    {
        return feed.events().hops();
    }

    public int poll()
    {
        return feed.poll();
    }

    /**
     * The run has drained: receive what is still on its way for at most {@code graceNanos}, then settle every
     * order still awaiting its event as missing. Called on the thread that ran the load, or after it stopped.
     */
    public void finish(final long graceNanos)
    {
        final long deadline = System.nanoTime() + graceNanos;
        while (matcher.awaiting() > 0 && System.nanoTime() - deadline < 0)
        {
            if (feed.poll() == 0)
            {
                Thread.onSpinWait();
            }
        }
        feed.poll();
        matcher.finish();
    }

    public OrderToTick matcher()
    {
        return matcher;
    }

    public UdpFeed feed()
    {
        return feed;
    }

    public void onNewAcknowledged(
        final long orderKey, final long requestId, final long intendedNanos, final long sentNanos,
        final boolean expectEvent)
    {
        matcher.onNewAcknowledged(orderKey, requestId, intendedNanos, sentNanos, expectEvent);
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

    public void onFollowUpRefused(final long orderKey)
    {
        matcher.onFollowUpRefused(orderKey);
    }

    public void onLifecycleEnded(final long orderKey)
    {
        matcher.onLifecycleEnded(orderKey);
    }

    public void close()
    {
        feed.close();
    }
}
