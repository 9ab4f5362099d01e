package io.sonde.scenarios.exchange;

import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.feed.FeedPublisher;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.md.OrderLevelBook;
import io.sonde.md.publish.FeedSettings;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.List;
import java.util.function.LongPredicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bundled exchange publishes its books as a market-by-order feed over UDP: a consumer that follows it
 * rebuilds the same book the exchange serves as a snapshot, and one that loses datagrams recovers from that
 * snapshot.
 */
@Timeout(120)
class MarketDataFeedTest
{
    private static final String TIME = "60=20261123-12:00:00.000|";
    private static final long SETTLE_TIMEOUT_MS = 15_000;

    @Test
    void aConsumerRebuildsTheBookFromUnbrokenSequenceNumbersAndItEqualsTheSnapshot() throws Exception
    {
        try (FeedReceiver receiver = new FeedReceiver();
            EmbeddedExchange exchange = start(receiver))
        {
            trade(exchange, "A", 40);

            final OrderLevelBook snapshot = settle(receiver, exchange, datagram -> false);

            assertEquals(0, receiver.gaps(), "no sequence number was skipped");
            assertTrue(receiver.lastSequence() > 40, "events published: " + receiver.lastSequence());
            assertTrue(receiver.book().size() > 0, "orders rest");
            assertTrue(receiver.book().sameAs(snapshot), "the rebuilt book is the snapshot's");
            assertEquals(0, receiver.book().unknownOrders());
            final FeedPublisher feed = exchange.gateway().feed();
            assertEquals(receiver.lastSequence(), feed.eventsPublished());
            assertEquals(0, feed.gapsFromCluster());
            assertTrue(feed.packetsSent() > 0);
        }
    }

    @Test
    void aConsumerThatLosesDatagramsRecoversFromTheSnapshotAndEndsWithTheSameBook() throws Exception
    {
        try (FeedReceiver receiver = new FeedReceiver();
            EmbeddedExchange exchange = start(receiver))
        {
            final LongPredicate loseEveryFifth = datagram -> datagram % 5 == 2;
            for (int round = 0; round < 4; round++)
            {
                trade(exchange, "R" + round, 15);
                receiver.drain(loseEveryFifth);
            }

            final OrderLevelBook snapshot = settle(receiver, exchange, loseEveryFifth);

            assertTrue(receiver.gaps() > 0, "datagrams were lost on purpose");
            assertTrue(receiver.book().sameAs(snapshot), "the recovered book is the snapshot's");
            assertTrue(exchange.gateway().feed().snapshotsServed() >= receiver.gaps());
        }
    }

    private static EmbeddedExchange start(final FeedReceiver receiver) throws IOException
    {
        final EmbeddedExchange exchange = EmbeddedExchange.start("127.0.0.1", 0, UserDirectory.open(), null,
            EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false,
            FeedSettings.unicast(List.of(receiver.address()), 0));
        receiver.snapshotPort(exchange.feedSnapshotPort());
        return exchange;
    }

    /**
     * Orders that rest, trade, are replaced both ways and canceled, on two symbols; every one acknowledged.
     */
    private static void trade(final EmbeddedExchange exchange, final String prefix, final int orders)
        throws IOException
    {
        try (RawFixConnection connection = new RawFixConnection(exchange.port(), "FEED" + prefix))
        {
            connection.logOn();
            int expectedReports = 0;
            for (int i = 0; i < orders; i++)
            {
                final String symbol = i % 3 == 0 ? "SONDE.B" : "SONDE.A";
                final int side = i % 2 == 0 ? 1 : 2;
                final int price = 100 + (i % 7) - (side == 1 ? 4 : 0);
                connection.send("D", "11=" + prefix + i + "|55=" + symbol + "|54=" + side + "|" + TIME +
                    "38=" + (10 + i % 13) + "|40=2|44=" + price + "|");
                expectedReports++;
                if (i % 4 == 3)
                {
                    connection.send("F", "11=" + prefix + "c" + i + "|41=" + prefix + (i - 1) + "|55=" + symbol +
                        "|54=" + (side == 1 ? 2 : 1) + "|" + TIME + "38=1|");
                    expectedReports++;
                }
                if (i % 5 == 4)
                {
                    connection.send("G", "11=" + prefix + "r" + i + "|41=" + prefix + i + "|55=" + symbol +
                        "|54=" + side + "|" + TIME + "38=" + (5 + i % 3) + "|40=2|44=" + price + "|");
                    expectedReports++;
                }
            }
            final List<String> reports = connection.readFor(10_000, expectedReports);
            assertTrue(reports.size() >= expectedReports, "every order answered: " + reports.size() + " of " +
                expectedReports);
        }
    }

    /**
     * Read the feed until the receiver stands where the exchange's snapshot does.
     */
    private static OrderLevelBook settle(
        final FeedReceiver receiver, final EmbeddedExchange exchange, final LongPredicate lose)
        throws IOException, InterruptedException
    {
        final long deadline = System.currentTimeMillis() + SETTLE_TIMEOUT_MS;
        while (true)
        {
            final OrderLevelBook snapshot = FeedReceiver.snapshot(exchange.feedSnapshotPort());
            Thread.sleep(50);
            receiver.drain(lose);
            if (receiver.lastSequence() == snapshot.snapshotSequence())
            {
                return snapshot;
            }
            if (System.currentTimeMillis() > deadline)
            {
                throw new AssertionError("the receiver is at " + receiver.lastSequence() + ", the snapshot at " +
                    snapshot.snapshotSequence());
            }
            Thread.sleep(200);
        }
    }
}
