package io.sonde.market;

import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.transport.CompletionHandler;
import io.sonde.loadgen.transport.Transport;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.NanoClock;

/**
 * The market as the load agent's transport: a request is a trigger. Sending one publishes the fillers queued
 * before it, then the trigger itself, flushed at once; polling publishes the fillers that fell due (gathered
 * into packets for the duty cycle), takes the application's orders (each reaction reported to the agent as its
 * trigger's answer), and misses the triggers whose timeout passed, freeing their prices. Every event's publish
 * lateness goes to the feed's hop series, and the first event of the measured window is announced, so the feed's
 * counts can be taken over the same window as the events. Nothing here allocates.
 */
final class MarketTransport implements Transport
{
    private final NanoClock clock;
    private final EpochNanoClock epochClock;
    private final FillerTimes fillers;
    private final MarketBook book;
    private final TriggerTable table;
    private final PriceKeys priceKeys;
    private final ReactionMatcher matcher;
    private final FeedSink feed;
    private final OrderInbox inbox;
    private final HopSeries feedLateness;
    private final long timeoutNanos;
    private final Runnable onRunStart;
    private final Runnable onMeasuredStart;
    private boolean started;
    private boolean measuring;
    private long events;
    private long measuredEvents;
    private long measuredThroughLastTrigger;

    MarketTransport(
        final NanoClock clock,
        final EpochNanoClock epochClock,
        final FillerTimes fillers,
        final MarketBook book,
        final TriggerTable table,
        final PriceKeys priceKeys,
        final ReactionMatcher matcher,
        final FeedSink feed,
        final OrderInbox inbox,
        final HopSeries feedLateness,
        final long timeoutNanos,
        final Runnable onRunStart,
        final Runnable onMeasuredStart)
    {
        this.clock = clock;
        this.epochClock = epochClock;
        this.fillers = fillers;
        this.book = book;
        this.table = table;
        this.priceKeys = priceKeys;
        this.matcher = matcher;
        this.feed = feed;
        this.inbox = inbox;
        this.feedLateness = feedLateness;
        this.timeoutNanos = timeoutNanos;
        this.onRunStart = onRunStart;
        this.onMeasuredStart = onMeasuredStart;
    }

    public boolean trySend(final long requestId, final long intendedNanos)
    {
        startOnce();
        final long nowNanos = clock.nanoTime();
        final long transactTime = epochClock.nanoTime();
        while (fillers.size() > 0)
        {
            publishFiller(fillers.take(), nowNanos, transactTime);
        }
        final int overrun = table.missIfStillAwaiting();
        if (overrun != TriggerTable.NONE)
        {
            priceKeys.remove(table.price(overrun), table.symbolIndex(overrun), table.side(overrun));
        }
        final long sequence = feed.nextSequence();
        final int length = book.trigger(sequence, transactTime);
        final int slot = table.add(sequence, requestId, nowNanos, book.symbolIndex(), book.side(), book.price());
        priceKeys.put(book.price(), book.symbolIndex(), book.side(), slot);
        feed.add(book.buffer(), length);
        record(intendedNanos, nowNanos);
        measuredThroughLastTrigger = measuredEvents;
        feed.flush(nowNanos);
        return true;
    }

    public int poll(final CompletionHandler handler)
    {
        startOnce();
        matcher.handler(handler);
        final long nowNanos = clock.nanoTime();
        int work = 0;
        if (fillers.hasDue(nowNanos))
        {
            final long transactTime = epochClock.nanoTime();
            while (fillers.hasDue(nowNanos))
            {
                publishFiller(fillers.take(), nowNanos, transactTime);
                work++;
            }
            feed.flush(nowNanos);
        }
        work += inbox.poll();
        final long expiryNanos = clock.nanoTime();
        int slot;
        while ((slot = table.expireOldest(expiryNanos, timeoutNanos)) != TriggerTable.NONE)
        {
            priceKeys.remove(table.price(slot), table.symbolIndex(slot), table.side(slot));
            work++;
        }
        return work;
    }

    /**
     * @return every event published in this run, triggers included.
     */
    long events()
    {
        return events;
    }

    /**
     * @return the events intended inside the measured window, up to the last trigger sent: the fillers published
     * after it, while the run waits for the last reactions, lead to a trigger never sent, so the measured events
     * are always N per trigger.
     */
    long measuredEvents()
    {
        return measuredThroughLastTrigger;
    }

    /**
     * The run's first call, on the market's thread: what the run before left (its triggers and counts) is
     * cleared there, where it is used.
     */
    private void startOnce()
    {
        if (!started)
        {
            started = true;
            onRunStart.run();
        }
    }

    private void publishFiller(final long intendedNanos, final long nowNanos, final long transactTime)
    {
        final int length = book.filler(feed.nextSequence(), transactTime);
        feed.add(book.buffer(), length);
        record(intendedNanos, nowNanos);
    }

    private void record(final long intendedNanos, final long nowNanos)
    {
        events++;
        if (feedLateness.measures(intendedNanos))
        {
            if (!measuring)
            {
                measuring = true;
                onMeasuredStart.run();
            }
            measuredEvents++;
        }
        feedLateness.record(intendedNanos, Math.max(0, nowNanos - intendedNanos));
    }
}
