package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.sbe.CancelOrderEncoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.NewOrderEncoder;
import io.sonde.exchange.sbe.OrdType;
import io.sonde.exchange.sbe.ReplaceOrderEncoder;
import io.sonde.exchange.sbe.Side;
import io.sonde.exchange.sbe.TimeInForce;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The matching engine allocates nothing in steady state: orders and price levels are pooled, lookups use no
 * key objects, commands are read and events written by codecs wrapped over buffers.
 */
class EngineAllocationTest
{
    private static final int DISTINCT_COMMANDS = 4_096;
    /**
     * Each command sits at a multiple of the longest message.
     */
    private static final int SLOT = ProtocolLimits.MAX_MESSAGE_LENGTH;
    private static final int WARM_UP = 200_000;
    private static final int MEASURED = 200_000;
    /**
     * The JIT can still deoptimise a method after warm-up and materialise a few objects it had scalar-replaced
     * (72 bytes once, in one run out of three): a real per-command allocation would show in every window,
     * as megabytes.
     */
    private static final int WINDOWS = 3;
    private static final List<String> DEEP_SYMBOLS = List.of("AAA", "BBB", "CCC", "DDD");
    private static final int DEEP_ORDERS_PER_SYMBOL = 10_000;
    private static final int DEEP_LEVELS = 100;
    private static final int DEEP_FROM_TICKS = 10;
    private static final int MIX_STEP = 6;

    private final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
    private long events;
    private long bookEvents;

    @Test
    void matchingCancellingAndReplacingAllocatesNothingAfterWarmUpMarketDataIncluded()
    {
        final MatchingEngine engine = countingEngine(List.of("AAA", "BBB"));
        final int[] lengths = new int[DISTINCT_COMMANDS];
        final UnsafeBuffer commands = scriptedCommands(lengths);

        final long fewest = fewestBytesAfterWarmUp(engine, commands, lengths);

        assertTrue(engine.trades() > 10_000, "the script trades: " + engine.trades());
        assertTrue(bookEvents > engine.trades(), "the script publishes market data: " + bookEvents);
        assertEquals(0, fewest, "bytes allocated over " + MEASURED + " commands, in the quietest of " + WINDOWS +
            " windows");
    }

    /**
     * With 10,000 resting orders per symbol on four symbols (another owner's, 100 levels a side of 50 orders each,
     * from 10 ticks off the reference price), a steady mix on every symbol: two day sells inside the spread swept
     * at once by an IOC buy, a day buy at depth (on a deep level, or a new one below them all), its replace to
     * another price at depth, and its cancel. The deep book is left as it was, so the mix runs as long as needed.
     */
    @Test
    void aDeepBookOfFortyThousandRestingOrdersAllocatesNothingInSteadyState()
    {
        final MatchingEngine engine = countingEngine(DEEP_SYMBOLS);
        buildDeepBook(engine);
        final int[] lengths = new int[DISTINCT_COMMANDS / MIX_STEP * MIX_STEP];
        final UnsafeBuffer commands = deepBookMix(lengths);

        final long fewest = fewestBytesAfterWarmUp(engine, commands, lengths);

        assertEquals(DEEP_SYMBOLS.size() * DEEP_ORDERS_PER_SYMBOL, engine.openOrderCount(),
            "the mix leaves the deep book as it found it");
        assertTrue(engine.trades() > 100_000, "the mix trades: " + engine.trades());
        assertEquals(0, fewest, "bytes allocated over " + MEASURED + " commands on a deep book, in the quietest of " +
            WINDOWS + " windows");
    }

    private MatchingEngine countingEngine(final List<String> symbols)
    {
        return new MatchingEngine(symbols, (session, buffer, offset, length) -> events++, new BookEventListener()
        {
            public void onBookEvent(final long sequence, final DirectBuffer buffer, final int offset, final int length)
            {
                bookEvents++;
            }

            public void onBookSnapshot(
                final long clusterSessionId, final DirectBuffer buffer, final int offset, final int length)
            {
            }
        });
    }

    /**
     * Runs the script whole, never stopping within it, so a script that leaves the book as it found it does so.
     */
    private long fewestBytesAfterWarmUp(final MatchingEngine engine, final UnsafeBuffer commands, final int[] lengths)
    {
        run(engine, commands, lengths, WARM_UP / lengths.length * lengths.length);
        long fewest = Long.MAX_VALUE;
        for (int window = 0; window < WINDOWS && fewest > 0; window++)
        {
            final long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
            run(engine, commands, lengths, MEASURED / lengths.length * lengths.length);
            fewest = Math.min(fewest, threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before);
        }
        return fewest;
    }

    private static void run(
        final MatchingEngine engine, final UnsafeBuffer commands, final int[] lengths, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            final int slot = i % lengths.length;
            engine.onCommand(commands, slot * SLOT, lengths[slot], 1, i);
        }
    }

    private static void buildDeepBook(final MatchingEngine engine)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[SLOT]);
        final NewOrderEncoder order = new NewOrderEncoder();
        final MessageHeaderEncoder header = new MessageHeaderEncoder();
        for (final String symbol : DEEP_SYMBOLS)
        {
            for (int i = 0; i < DEEP_ORDERS_PER_SYMBOL; i++)
            {
                final boolean buy = i % 2 == 0;
                final int ticksAway = DEEP_FROM_TICKS + (i / 2) % DEEP_LEVELS;
                final int length = order.wrapAndApplyHeader(buffer, 0, header).ownerId(2).clOrdId(symbol + i)
                    .symbol(symbol).side(buy ? Side.BUY : Side.SELL).ordType(OrdType.LIMIT)
                    .timeInForce(TimeInForce.DAY).price(ticks(buy ? -ticksAway : ticksAway)).orderQty(10)
                    .encodedLength();
                engine.onCommand(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + length, 1, i);
            }
        }
    }

    /**
     * {@link #MIX_STEP} commands a step, on the symbols in turn: sell, sell, the IOC buy sweeping both, a buy at
     * depth, its replace, its cancel.
     */
    private static UnsafeBuffer deepBookMix(final int[] lengths)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[lengths.length * SLOT]);
        final MessageHeaderEncoder header = new MessageHeaderEncoder();
        final NewOrderEncoder newOrder = new NewOrderEncoder();
        final CancelOrderEncoder cancel = new CancelOrderEncoder();
        final ReplaceOrderEncoder replace = new ReplaceOrderEncoder();
        final SplittableRandom random = new SplittableRandom(42);
        final int steps = lengths.length / MIX_STEP;
        for (int step = 0; step < steps; step++)
        {
            final String symbol = DEEP_SYMBOLS.get(step % DEEP_SYMBOLS.size());
            final String id = "m" + step + "-";
            final long first = 1 + random.nextInt(20);
            final long second = 1 + random.nextInt(20);
            final int depth = DEEP_FROM_TICKS + random.nextInt(DEEP_LEVELS + 20);
            final int newDepth = DEEP_FROM_TICKS + random.nextInt(DEEP_LEVELS + 20);
            final int slot = step * MIX_STEP;
            lengths[slot] = newOrder.wrapAndApplyHeader(buffer, slot * SLOT, header).ownerId(1).clOrdId(id + "s1")
                .symbol(symbol).side(Side.SELL).ordType(OrdType.LIMIT).timeInForce(TimeInForce.DAY)
                .price(ticks(5)).orderQty(first).encodedLength();
            lengths[slot + 1] = newOrder.wrapAndApplyHeader(buffer, (slot + 1) * SLOT, header).ownerId(1)
                .clOrdId(id + "s2").symbol(symbol).side(Side.SELL).ordType(OrdType.LIMIT)
                .timeInForce(TimeInForce.DAY).price(ticks(6)).orderQty(second).encodedLength();
            lengths[slot + 2] = newOrder.wrapAndApplyHeader(buffer, (slot + 2) * SLOT, header).ownerId(1)
                .clOrdId(id + "x").symbol(symbol).side(Side.BUY).ordType(OrdType.LIMIT)
                .timeInForce(TimeInForce.IMMEDIATE_OR_CANCEL).price(ticks(6)).orderQty(first + second)
                .encodedLength();
            lengths[slot + 3] = newOrder.wrapAndApplyHeader(buffer, (slot + 3) * SLOT, header).ownerId(1)
                .clOrdId(id + "b").symbol(symbol).side(Side.BUY).ordType(OrdType.LIMIT).timeInForce(TimeInForce.DAY)
                .price(ticks(-depth)).orderQty(1 + random.nextInt(50)).encodedLength();
            lengths[slot + 4] = replace.wrapAndApplyHeader(buffer, (slot + 4) * SLOT, header).ownerId(1)
                .clOrdId(id + "r").origClOrdId(id + "b").side(Side.BUY).ordType(OrdType.LIMIT)
                .price(ticks(-newDepth)).orderQty(1 + random.nextInt(50)).encodedLength();
            lengths[slot + 5] = cancel.wrapAndApplyHeader(buffer, (slot + 5) * SLOT, header).ownerId(1)
                .clOrdId(id + "c").origClOrdId(id + "r").encodedLength();
            for (int i = slot; i < slot + MIX_STEP; i++)
            {
                lengths[i] += MessageHeaderEncoder.ENCODED_LENGTH;
            }
        }
        return buffer;
    }

    private static long ticks(final int fromReference)
    {
        return (1_000 * 100L + fromReference) * ProtocolLimits.PRICE_UNIT / 100;
    }

    /**
     * A repeating script of day orders on both sides around one price, with cancels and replaces of the
     * order placed just before, so the book stays bounded while it trades, rests, cancels and re-prices.
     */
    private static UnsafeBuffer scriptedCommands(final int[] lengths)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[DISTINCT_COMMANDS * SLOT]);
        final MessageHeaderEncoder header = new MessageHeaderEncoder();
        final NewOrderEncoder newOrder = new NewOrderEncoder();
        final CancelOrderEncoder cancel = new CancelOrderEncoder();
        final ReplaceOrderEncoder replace = new ReplaceOrderEncoder();
        final SplittableRandom random = new SplittableRandom(17);
        for (int i = 0; i < DISTINCT_COMMANDS; i++)
        {
            final int offset = i * SLOT;
            final String id = "id" + i;
            final Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
            final long price = (1_000 + random.nextInt(-5, 6)) * ProtocolLimits.PRICE_UNIT;
            final int length = switch (i % 5)
            {
                case 3 -> cancel.wrapAndApplyHeader(buffer, offset, header).ownerId(1).clOrdId(id)
                    .origClOrdId("id" + (i - 1)).encodedLength();
                case 4 -> replace.wrapAndApplyHeader(buffer, offset, header).ownerId(1).clOrdId(id)
                    .origClOrdId("id" + (i - 2)).side(side).ordType(OrdType.LIMIT).price(price)
                    .orderQty(1 + random.nextInt(50)).encodedLength();
                default -> newOrder.wrapAndApplyHeader(buffer, offset, header).ownerId(1).clOrdId(id)
                    .symbol("AAA").side(side).ordType(OrdType.LIMIT)
                    .timeInForce(i % 7 == 0 ? TimeInForce.IMMEDIATE_OR_CANCEL : TimeInForce.DAY).price(price)
                    .orderQty(1 + random.nextInt(50)).encodedLength();
            };
            lengths[i] = MessageHeaderEncoder.ENCODED_LENGTH + length;
        }
        return buffer;
    }
}
