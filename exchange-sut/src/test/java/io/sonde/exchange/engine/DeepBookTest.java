package io.sonde.exchange.engine;

import io.sonde.exchange.engine.EngineHarness.Report;
import io.sonde.exchange.sbe.CancelReason;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.OrdType;
import io.sonde.exchange.sbe.OrderCanceledDecoder;
import io.sonde.exchange.sbe.Side;
import io.sonde.exchange.sbe.SnapshotOrderEncoder;
import io.sonde.exchange.sbe.TimeInForce;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;

import static io.sonde.exchange.engine.EngineHarness.px;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine with the book a venue has: 10,000 resting orders on each of four symbols, 40,000 in all, at 100 price
 * levels a side, some of them partly filled.
 */
class DeepBookTest
{
    private static final List<String> SYMBOLS = List.of("AAA", "BBB", "CCC", "DDD");
    private static final int ORDERS_PER_SYMBOL = 10_000;
    private static final int LEVELS = 100;
    private static final long SESSION = 1;
    private static final long OTHERS = 2;

    @Test
    void aSnapshotOfFortyThousandRestingOrdersRestoresToTheSameDigestAndTimePriority()
    {
        final EngineHarness live = deepBook(OTHERS);
        assertEquals(SYMBOLS.size() * ORDERS_PER_SYMBOL, live.engine.openOrderCount());
        final List<byte[]> snapshot = new ArrayList<>();
        EngineSnapshot.write(live.engine, (buffer, offset, length) ->
        {
            final byte[] copy = new byte[length];
            buffer.getBytes(offset, copy);
            snapshot.add(copy);
        });
        final long orderMessageBytes = MessageHeaderEncoder.ENCODED_LENGTH + SnapshotOrderEncoder.BLOCK_LENGTH;
        assertEquals(live.engine.openOrderCount() + 2, snapshot.size(), "a begin, one message an order, an end");
        assertTrue(snapshot.stream().mapToLong(message -> message.length).sum() <
            (live.engine.openOrderCount() + 2) * orderMessageBytes, "no message is larger than an order's");

        final EngineHarness restored = new EngineHarness(SYMBOLS);
        final EngineSnapshot loader = EngineSnapshot.loaderInto(restored.engine);
        snapshot.forEach(message -> loader.onMessage(new UnsafeBuffer(message), 0, message.length));

        assertTrue(loader.isComplete());
        assertEquals(live.engine.digest(), restored.engine.digest());
        assertEquals(live.engine.openOrderCount(), restored.engine.openOrderCount());
        final int liveReports = live.reports.size();
        sweepEveryBook(live);
        sweepEveryBook(restored);
        assertEquals(live.reports.subList(liveReports, live.reports.size()), restored.reports,
            "sweeps through the restored books fill the same orders in the same order");
        assertEquals(live.engine.digest(), restored.engine.digest());
        assertEquals(live.massCancel(OTHERS), restored.massCancel(OTHERS), "a mass cancel ends them in the same order");
        assertEquals(0, restored.engine.openOrderCount());
    }

    @Test
    void aMassCancelOfTenThousandOfASessionsOrdersInADeepBookCancelsEachWithItsReport()
    {
        final EngineHarness exchange = deepBook(OTHERS);
        final SplittableRandom random = new SplittableRandom(5);
        final HashSet<String> sessionOrders = new HashSet<>();
        for (int i = 0; i < ORDERS_PER_SYMBOL; i++)
        {
            final boolean buy = random.nextBoolean();
            final String id = "own" + i;
            final int ticks = 1 + random.nextInt(LEVELS + 20);
            exchange.newOrder(SESSION, id, SYMBOLS.get(i % SYMBOLS.size()), buy ? Side.BUY : Side.SELL, OrdType.LIMIT,
                1 + random.nextInt(100), price(buy ? -ticks : ticks), TimeInForce.DAY);
            sessionOrders.add(id);
        }
        final int othersOrders = SYMBOLS.size() * ORDERS_PER_SYMBOL;
        assertEquals(othersOrders + ORDERS_PER_SYMBOL, exchange.engine.openOrderCount());
        final int eventsBefore = exchange.bookEvents.size();

        final List<Report> canceled = exchange.massCancel(SESSION);

        assertEquals(ORDERS_PER_SYMBOL, canceled.size(), "one report an order");
        final HashSet<String> reported = new HashSet<>();
        for (final Report report : canceled)
        {
            assertEquals(OrderCanceledDecoder.TEMPLATE_ID, report.templateId());
            assertEquals(SESSION, report.ownerId());
            assertEquals('4', report.ordStatus());
            assertEquals(CancelReason.CANCELED_ON_DISCONNECT, report.cancelReason());
            assertTrue(reported.add(report.clOrdId()), "reported once: " + report.clOrdId());
        }
        assertEquals(sessionOrders, reported, "every one of the session's orders");
        assertEquals(othersOrders, exchange.engine.openOrderCount(), "no one else's");
        assertEquals(ORDERS_PER_SYMBOL, exchange.bookEvents.size() - eventsBefore, "a deletion on the feed each");

        final EngineHarness replayed = new EngineHarness(SYMBOLS);
        exchange.commands.forEach(replayed::replay);
        assertEquals(exchange.engine.digest(), replayed.engine.digest(), "a replica applying the log agrees");
    }

    /**
     * 100 levels a side from one tick off 100.00, about 50 orders a level of quantities 2 to 100, in a seeded order;
     * then an IOC of 1 on each side of each symbol fills part of the best order, so partly filled orders rest too.
     */
    private static EngineHarness deepBook(final long owner)
    {
        final EngineHarness exchange = new EngineHarness(SYMBOLS);
        final SplittableRandom random = new SplittableRandom(11);
        for (final String symbol : SYMBOLS)
        {
            for (int i = 0; i < ORDERS_PER_SYMBOL; i++)
            {
                final boolean buy = i % 2 == 0;
                final int ticks = 1 + random.nextInt(LEVELS);
                exchange.newOrder(owner, symbol + i, symbol, buy ? Side.BUY : Side.SELL, OrdType.LIMIT,
                    2 + random.nextInt(99), price(buy ? -ticks : ticks), TimeInForce.DAY);
            }
        }
        for (final String symbol : SYMBOLS)
        {
            exchange.newOrder(owner, symbol + "-fill-b", symbol, Side.BUY, OrdType.LIMIT, 1, price(1),
                TimeInForce.IMMEDIATE_OR_CANCEL);
            exchange.newOrder(owner, symbol + "-fill-s", symbol, Side.SELL, OrdType.LIMIT, 1, price(-1),
                TimeInForce.IMMEDIATE_OR_CANCEL);
        }
        return exchange;
    }

    /**
     * On each symbol a market order on each side, large enough to sweep several levels.
     */
    private static void sweepEveryBook(final EngineHarness exchange)
    {
        for (final String symbol : SYMBOLS)
        {
            exchange.newOrder(SESSION, symbol + "-sweep-b", symbol, Side.BUY, OrdType.MARKET, 20_000, 0,
                TimeInForce.IMMEDIATE_OR_CANCEL);
            exchange.newOrder(SESSION, symbol + "-sweep-s", symbol, Side.SELL, OrdType.MARKET, 20_000, 0,
                TimeInForce.IMMEDIATE_OR_CANCEL);
        }
    }

    private static long price(final int ticks)
    {
        return px(100.00 + ticks / 100.0);
    }
}
