package io.sonde.fix.client.marketdata;

import io.sonde.fix.engine.WallClock;
import org.agrona.concurrent.SystemNanoClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The UDP feed as Sonde receives it on loopback from a stand-in publisher: in sequence, duplicates dropped, gaps
 * recovered from the publisher's snapshot without holding the polling thread, bad datagrams counted and skipped, and
 * Sonde's orders met by OrderID.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class UdpFeedTest
{
    private final List<String> notes = new ArrayList<>();
    private final OrderToTick matcher = new OrderToTick(1024, 1024, TimeUnit.SECONDS.toNanos(10));
    private UdpFeed feed;
    private TestPublisher publisher;

    @AfterEach
    void close() throws IOException
    {
        if (publisher != null)
        {
            publisher.close();
        }
        if (feed != null)
        {
            feed.close();
        }
    }

    @Test
    void packetsLostOnTheWayAreAGapRecoveredFromTheSnapshotAndTheBookEndsAsThePublishers() throws IOException
    {
        start();
        publisher.added(1, 10, true);
        publisher.added(2, 10, false);
        publisher.trade(3, 1, 4, false);
        publisher.added(4, 10, true);
        publisher.deleted(2, true);
        pollUntil(() -> feed.messages() == 3);
        publisher.trade(5, 4, 3, true);
        publisher.added(6, 7, true);
        pollUntil(() -> feed.messages() == 5 && !feed.isAwaitingSnapshot());

        assertEquals(1, feed.gaps());
        assertEquals(1, feed.recovered());
        assertEquals(0, feed.unrecovered());
        assertTrue(feed.book().sameAs(publisher.book()), "the recovered book is the publisher's");
        assertEquals(6, feed.book().quantityOf(1));
        assertEquals(7, feed.book().quantityOf(4), "a trade after the snapshot applied on top of it");
        assertEquals(3, feed.book().size());
    }

    @Test
    void aPacketReceivedTwiceIsAppliedOnce() throws IOException
    {
        start();
        publisher.added(1, 10, true);
        publisher.resend();
        publisher.trade(3, 1, 4, true);
        pollUntil(() -> feed.messages() == 2 && feed.duplicates() == 1);

        assertEquals(0, feed.gaps());
        assertEquals(6, feed.book().quantityOf(1));
    }

    @Test
    void garbledAndOtherChannelsDatagramsAreCountedSkippedAndNotedOnceNamingTheChannel() throws IOException
    {
        start();
        publisher.send(ByteBuffer.wrap("not a feed".getBytes()));
        final ByteBuffer otherChannel = ByteBuffer.allocate(20);
        otherChannel.put(0, (byte)7).putLong(4, 1);
        publisher.send(otherChannel);
        publisher.send(otherChannel.clear());
        publisher.added(1, 10, true);
        pollUntil(() -> feed.messages() == 1 && feed.garbled() == 1 && feed.otherChannel() == 2);

        assertEquals(2, notes.size(), notes.toString());
        assertTrue(notes.get(1).contains("channel 7"), notes.get(1));
        assertEquals(1, feed.book().size());
    }

    @Test
    void sondesOrderIsMetOnTheFeedByItsOrderId() throws IOException
    {
        start();
        final long intended = System.nanoTime();
        matcher.onNewAcknowledged(42, 1, intended, intended, true);
        publisher.added(41, 10, true);
        publisher.added(42, 10, true);
        pollUntil(() -> feed.messages() == 2);
        matcher.finish();

        assertEquals(1, matcher.series().get(0).measured().corrected().recordedCount());
        assertEquals(0, matcher.missing());
        assertEquals(1, matcher.unmatched(), "order 41 is another's");
    }

    @Test
    void anEventWaitingInTheSocketWhileASnapshotIsFetchedStillTimesItsOrderAcknowledgedLater() throws IOException
    {
        start();
        publisher.added(41, 10, false);
        publisher.added(42, 10, true);
        pollUntil(() -> feed.messages() == 1 && !feed.isAwaitingSnapshot());
        final long intended = System.nanoTime();
        matcher.onNewAcknowledged(42, 1, intended, intended, true);
        matcher.poll(System.nanoTime());
        matcher.finish();

        assertEquals(2, feed.book().size(), "a feed joined after its start loads the book first");
        assertEquals(1, matcher.series().get(0).measured().corrected().recordedCount());
        assertEquals(0, matcher.missing());
    }

    @Test
    void aSlowSnapshotNeverHoldsThePollingThreadAndTheEventsMeanwhileAreMatchedAndLandOnTheRecoveredBook()
        throws IOException
    {
        start();
        publisher.delaySnapshots(1_500);
        final long intended = System.nanoTime();
        matcher.onNewAcknowledged(4, 1, intended, intended, true);
        publisher.added(1, 10, true);
        publisher.added(2, 10, false);
        publisher.added(3, 10, true);
        publisher.added(4, 10, true);

        final long longestPollNanos = pollUntil(() -> feed.messages() == 3 && feed.recovered() == 1);
        matcher.finish();

        assertTrue(longestPollNanos < TimeUnit.MILLISECONDS.toNanos(500),
            "the longest poll took " + longestPollNanos / 1_000_000 + " ms; the snapshot took 1,500 ms");
        assertEquals(1, matcher.series().get(0).measured().corrected().recordedCount(),
            "order 4, after the gap, was met while the snapshot was fetched");
        assertEquals(0, feed.unrecovered());
        assertTrue(feed.book().sameAs(publisher.book()), "the recovered book is the publisher's");
    }

    private void start() throws IOException
    {
        final InetAddress loopback = InetAddress.getLoopbackAddress();
        publisher = new TestPublisher();
        feed = new UdpFeed(new InetSocketAddress(loopback, 0), null, publisher.snapshotAddress(), matcher,
            SystemNanoClock.INSTANCE, WallClock.INSTANCE, notes::add);
        publisher.sendTo(feed.boundAddress());
    }

    /**
     * @return the longest single poll, ns.
     */
    private long pollUntil(final BooleanSupplier condition)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long longest = 0;
        while (!condition.getAsBoolean())
        {
            assertTrue(System.nanoTime() < deadline, "timed out");
            final long start = System.nanoTime();
            feed.poll();
            longest = Math.max(longest, System.nanoTime() - start);
        }
        return longest;
    }
}
