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

    private final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
    private long events;
    private long bookEvents;

    @Test
    void matchingCancellingAndReplacingAllocatesNothingAfterWarmUpMarketDataIncluded()
    {
        final MatchingEngine engine = new MatchingEngine(List.of("AAA", "BBB"),
            (session, buffer, offset, length) -> events++, new BookEventListener()
            {
                public void onBookEvent(final long sequence, final DirectBuffer buffer, final int offset,
                    final int length)
                {
                    bookEvents++;
                }

                public void onBookSnapshot(final long clusterSessionId, final DirectBuffer buffer, final int offset,
                    final int length)
                {
                }
            });
        final int[] lengths = new int[DISTINCT_COMMANDS];
        final UnsafeBuffer commands = scriptedCommands(lengths);

        run(engine, commands, lengths, WARM_UP);
        long fewest = Long.MAX_VALUE;
        for (int window = 0; window < WINDOWS && fewest > 0; window++)
        {
            final long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
            run(engine, commands, lengths, MEASURED);
            fewest = Math.min(fewest, threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before);
        }

        assertTrue(engine.trades() > 10_000, "the script trades: " + engine.trades());
        assertTrue(bookEvents > engine.trades(), "the script publishes market data: " + bookEvents);
        assertEquals(0, fewest, "bytes allocated over " + MEASURED + " commands, in the quietest of " + WINDOWS +
            " windows");
    }

    private static void run(
        final MatchingEngine engine, final UnsafeBuffer commands, final int[] lengths, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            final int slot = i % DISTINCT_COMMANDS;
            engine.onCommand(commands, slot * SLOT, lengths[slot], 1, i);
        }
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
