package io.sonde.exchange.engine;

import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.Side;
import io.sonde.exchange.sbe.SnapshotBeginEncoder;
import io.sonde.exchange.sbe.TimeInForce;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EngineDeterminismTest
{
    private static final int COMMANDS = 20_000;

    @Test
    void replayingTheLogRebuildsTheLiveStateAndTheSameReportsAndMarketData()
    {
        final EngineHarness live = tradeRandomly(new EngineHarness(), 42, COMMANDS);
        assertTrue(live.engine.trades() > 1_000, "the sequence must actually trade: " + live.engine.trades());
        assertTrue(live.engine.openOrderCount() > 10, "and leave a book behind");

        final EngineHarness replayed = new EngineHarness();
        live.commands.forEach(replayed::replay);

        assertEquals(live.engine.digest(), replayed.engine.digest());
        assertEquals(live.reports, replayed.reports);
        assertEquals(live.bookEvents, replayed.bookEvents, "the same events under the same numbers and times");
    }

    @Test
    void aSnapshotPlusTheLogTailRebuildsTheLiveState()
    {
        final EngineHarness live = tradeRandomly(new EngineHarness(), 7, COMMANDS / 2);
        final List<byte[]> snapshot = snapshotOf(live.engine);
        final int snapshotPoint = live.commands.size();
        tradeRandomly(live, 8, COMMANDS / 2);

        final EngineHarness restored = new EngineHarness();
        final EngineSnapshot loader = EngineSnapshot.loaderInto(restored.engine);
        snapshot.forEach(message -> loader.onMessage(new UnsafeBuffer(message), 0, message.length));
        assertTrue(loader.isComplete());
        live.commands.subList(snapshotPoint, live.commands.size()).forEach(restored::replay);

        assertEquals(live.engine.digest(), restored.engine.digest());
        assertEquals(live.engine.openOrderCount(), restored.engine.openOrderCount());
        final List<EngineHarness.Report> tail = live.reports.subList(live.reports.size() - restored.reports.size(),
            live.reports.size());
        assertEquals(tail, restored.reports, "the tail's reports, time priority included, are the same");
        final List<EngineHarness.BookEvent> feedTail = live.bookEvents.subList(
            live.bookEvents.size() - restored.bookEvents.size(), live.bookEvents.size());
        assertEquals(feedTail, restored.bookEvents, "the tail's market data continues the same sequence numbers");
        assertEquals(live.engine.nextFeedSequence(), restored.engine.nextFeedSequence());
    }

    @Test
    void theDigestSeesASingleDifferentCommand()
    {
        final EngineHarness first = tradeRandomly(new EngineHarness(), 3, 2_000);
        final EngineHarness second = tradeRandomly(new EngineHarness(), 3, 2_000);
        assertEquals(first.engine.digest(), second.engine.digest());

        second.buy(99, "extra", 1, 1.00);

        assertNotEquals(first.engine.digest(), second.engine.digest());
    }

    @Test
    void aTruncatedSnapshotIsRefused()
    {
        final EngineHarness live = tradeRandomly(new EngineHarness(), 5, 2_000);
        final List<byte[]> snapshot = snapshotOf(live.engine);
        snapshot.remove(snapshot.size() - 2);

        final EngineSnapshot loader = EngineSnapshot.loaderInto(new EngineHarness().engine);
        final byte[] end = snapshot.remove(snapshot.size() - 1);
        snapshot.forEach(message -> loader.onMessage(new UnsafeBuffer(message), 0, message.length));

        final IllegalStateException failure = assertThrows(IllegalStateException.class,
            () -> loader.onMessage(new UnsafeBuffer(end), 0, end.length));
        assertTrue(failure.getMessage().contains("orders"), failure.getMessage());
    }

    @Test
    void aSnapshotOfANewerFormatIsRefusedNamingBothVersions()
    {
        final List<byte[]> snapshot = snapshotOf(tradeRandomly(new EngineHarness(), 5, 2_000).engine);
        final UnsafeBuffer begin = new UnsafeBuffer(snapshot.get(0));
        new SnapshotBeginEncoder().wrap(begin, MessageHeaderEncoder.ENCODED_LENGTH)
            .formatVersion(EngineSnapshot.FORMAT_VERSION + 1);

        final EngineSnapshot loader = EngineSnapshot.loaderInto(new EngineHarness().engine);
        final IllegalStateException failure =
            assertThrows(IllegalStateException.class, () -> loader.onMessage(begin, 0, begin.capacity()));

        assertEquals("snapshot format version " + (EngineSnapshot.FORMAT_VERSION + 1) + " cannot be loaded: " +
            "this engine reads format version " + EngineSnapshot.FORMAT_VERSION, failure.getMessage());
    }

    /**
     * Format 1 had no message header: its first message began with a type byte (1) and the version as an int
     * (1) at byte 4, which a header reads as schema id 1.
     */
    @Test
    void aSnapshotWrittenBeforeTheSbeProtocolIsRefusedAsOfAnotherSchema()
    {
        final UnsafeBuffer formatOneHeader = new UnsafeBuffer(new byte[56]);
        formatOneHeader.putByte(0, (byte)1);
        formatOneHeader.putInt(4, 1, ByteOrder.LITTLE_ENDIAN);

        final EngineSnapshot loader = EngineSnapshot.loaderInto(new EngineHarness().engine);
        final IllegalStateException failure = assertThrows(IllegalStateException.class,
            () -> loader.onMessage(formatOneHeader, 0, formatOneHeader.capacity()));

        assertTrue(failure.getMessage().startsWith("not a snapshot message: FOREIGN_SCHEMA"), failure.getMessage());
        assertTrue(failure.getMessage().contains("of schema 1 "), failure.getMessage());
    }

    private static List<byte[]> snapshotOf(final MatchingEngine engine)
    {
        final List<byte[]> messages = new ArrayList<>();
        EngineSnapshot.write(engine, (buffer, offset, length) ->
        {
            final byte[] copy = new byte[length];
            buffer.getBytes(offset, copy);
            messages.add(copy);
        });
        return messages;
    }

    /**
     * A seeded mix of day and IOC limits, market orders, cancels, replaces and the odd cancel on disconnect
     * from three sessions over two gateway connections, around a price that drifts slowly, so books build up
     * and trade through.
     */
    static EngineHarness tradeRandomly(final EngineHarness exchange, final long seed, final int commands)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final List<String> open = new ArrayList<>();
        long nextId = seed * 1_000_000;
        for (int i = 0; i < commands; i++)
        {
            final long owner = 1 + random.nextInt(3);
            exchange.fromGatewayConnection(owner % 2);
            final String id = owner + "-" + nextId++;
            final Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
            final double price = 100 + random.nextInt(-20, 21) / 100.0;
            final int action = random.nextInt(100);
            if (action < 55)
            {
                exchange.limit(owner, id, side, 1 + random.nextInt(100), price, TimeInForce.DAY);
                open.add(id);
            }
            else if (action < 70)
            {
                exchange.limit(owner, id, side, 1 + random.nextInt(100), price, TimeInForce.IMMEDIATE_OR_CANCEL);
            }
            else if (action < 73)
            {
                exchange.market(owner, id, side, 1 + random.nextInt(50));
            }
            else if (action == 99)
            {
                exchange.massCancel(owner);
                open.removeIf(openId -> openId.startsWith(owner + "-"));
            }
            else if (!open.isEmpty())
            {
                final String target = open.remove(random.nextInt(open.size()));
                final long targetOwner = Long.parseLong(target.substring(0, target.indexOf('-')));
                if (action < 88)
                {
                    exchange.cancel(targetOwner, id, target);
                }
                else
                {
                    exchange.replace(targetOwner, id, target, side, 1 + random.nextInt(150), price);
                    open.add(id);
                }
            }
        }
        return exchange;
    }
}
