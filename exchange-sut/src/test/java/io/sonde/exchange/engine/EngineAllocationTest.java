package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.FixValues;
import io.sonde.exchange.protocol.Limits;
import io.sonde.exchange.protocol.OrderCommand;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The matching engine allocates nothing in steady state: orders and price levels are pooled, lookups use no
 * key objects, events are flyweights over one buffer.
 */
class EngineAllocationTest
{
    private static final int DISTINCT_COMMANDS = 4_096;
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

    @Test
    void matchingCancellingAndReplacingAllocatesNothingAfterWarmUp()
    {
        final MatchingEngine engine = new MatchingEngine(List.of("AAA", "BBB"), (session, event) -> events++);
        final UnsafeBuffer commands = scriptedCommands();
        final OrderCommand command = new OrderCommand();

        run(engine, commands, command, WARM_UP);
        long fewest = Long.MAX_VALUE;
        for (int window = 0; window < WINDOWS && fewest > 0; window++)
        {
            final long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
            run(engine, commands, command, MEASURED);
            fewest = Math.min(fewest, threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before);
        }

        assertTrue(engine.trades() > 10_000, "the script trades: " + engine.trades());
        assertEquals(0, fewest, "bytes allocated over " + MEASURED + " commands, in the quietest of " + WINDOWS +
            " windows");
    }

    private void run(final MatchingEngine engine, final UnsafeBuffer commands, final OrderCommand command,
        final int count)
    {
        for (int i = 0; i < count; i++)
        {
            command.wrap(commands, (i % DISTINCT_COMMANDS) * OrderCommand.LENGTH);
            engine.onCommand(command, 1);
        }
    }

    /**
     * A repeating script of day orders on both sides around one price, with cancels and replaces of the
     * order placed just before, so the book stays bounded while it trades, rests, cancels and re-prices.
     */
    private static UnsafeBuffer scriptedCommands()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[DISTINCT_COMMANDS * OrderCommand.LENGTH]);
        final OrderCommand command = new OrderCommand();
        final SplittableRandom random = new SplittableRandom(17);
        for (int i = 0; i < DISTINCT_COMMANDS; i++)
        {
            final int offset = i * OrderCommand.LENGTH;
            final String id = "id" + i;
            final byte side = random.nextBoolean() ? FixValues.BUY : FixValues.SELL;
            final long price = (1_000 + random.nextInt(-5, 6)) * Limits.PRICE_UNIT;
            switch (i % 5)
            {
                case 3 -> command.wrapForEncode(buffer, offset, OrderCommand.CANCEL).ownerId(1).clOrdId(id)
                    .origClOrdId("id" + (i - 1)).symbol("AAA").side(side);
                case 4 -> command.wrapForEncode(buffer, offset, OrderCommand.REPLACE).ownerId(1).clOrdId(id)
                    .origClOrdId("id" + (i - 2)).symbol("AAA").side(side).ordType(FixValues.LIMIT)
                    .timeInForce(FixValues.DAY).price(price).quantity(1 + random.nextInt(50));
                default -> command.wrapForEncode(buffer, offset, OrderCommand.NEW_ORDER).ownerId(1).clOrdId(id)
                    .symbol("AAA").side(side).ordType(FixValues.LIMIT)
                    .timeInForce(i % 7 == 0 ? FixValues.IMMEDIATE_OR_CANCEL : FixValues.DAY).price(price)
                    .quantity(1 + random.nextInt(50));
            }
        }
        return buffer;
    }
}
