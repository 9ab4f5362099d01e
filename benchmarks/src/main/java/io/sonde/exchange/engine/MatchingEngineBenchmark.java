package io.sonde.exchange.engine;

import io.sonde.benchmarks.HotPathBenchmark;
import io.sonde.exchange.protocol.FixValues;
import io.sonde.exchange.protocol.Limits;
import io.sonde.exchange.protocol.OrderCommand;
import io.sonde.exchange.protocol.OrderEvent;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.List;

/**
 * {@link MatchingEngine#onCommand} on binary {@link OrderCommand}s, as the cluster service applies them from
 * the log, against a book with depth: ten resting price levels on each side of every symbol (another
 * owner's orders), which the measured commands never touch. Each operation is two commands that leave the
 * book as they found it, so it stays bounded however long the run:
 * <ul>
 *   <li>{@link #restThenCancel}: a day buy priced below the whole bid side rests on a new level, as a passive
 *   order of the cancel flow does (one report, ExecType 0), then is canceled (4) and its level goes.</li>
 *   <li>{@link #crossingPair}: a day sell rests on a new best ask level, then a day buy of the same quantity at
 *   that price trades with it and empties the level (new, new, and a fill report to each side).</li>
 * </ul>
 * Every event goes to a listener that reads one field, standing in for the service that copies each event
 * to its egress. ClOrdIDs repeat from one operation to the next: the previous order with the same id is no
 * longer open, which the engine allows.
 */
@State(Scope.Thread)
public class MatchingEngineBenchmark extends HotPathBenchmark
{
    private static final List<String> SYMBOLS = List.of("SONDE.A", "SONDE.B", "SONDE.C", "SONDE.D");
    private static final String SYMBOL = "SONDE.B";
    private static final long CLUSTER_SESSION_ID = 7;
    private static final long OWNER = 1;
    private static final long OTHER_OWNER = 2;
    private static final int DEPTH = 10;
    private static final long PRICE = 100 * Limits.PRICE_UNIT;
    private static final long TICK = Limits.PRICE_UNIT / 100;
    private static final long QUANTITY = 10;

    private final EventReader listener = new EventReader();
    private final OrderCommand restingBuy = new OrderCommand();
    private final OrderCommand cancelBuy = new OrderCommand();
    private final OrderCommand restingSell = new OrderCommand();
    private final OrderCommand crossingBuy = new OrderCommand();
    private MatchingEngine engine;

    @Setup
    public void setUp()
    {
        engine = new MatchingEngine(SYMBOLS, listener);
        final OrderCommand depth = new OrderCommand();
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[OrderCommand.LENGTH]);
        for (final String symbol : SYMBOLS)
        {
            for (int level = 1; level <= DEPTH; level++)
            {
                limitOrder(depth, buffer, OTHER_OWNER, symbol + "-B" + level, symbol, FixValues.BUY,
                    PRICE - (10 + level) * TICK);
                engine.onCommand(depth, CLUSTER_SESSION_ID);
                limitOrder(depth, buffer, OTHER_OWNER, symbol + "-S" + level, symbol, FixValues.SELL,
                    PRICE + (10 + level) * TICK);
                engine.onCommand(depth, CLUSTER_SESSION_ID);
            }
        }

        limitOrder(restingBuy, newBuffer(), OWNER, "REST-BUY", SYMBOL, FixValues.BUY, PRICE - 50 * TICK);
        cancelBuy.wrapForEncode(newBuffer(), 0, OrderCommand.CANCEL)
            .ownerId(OWNER)
            .side(FixValues.BUY)
            .clOrdId("CANCEL-BUY")
            .origClOrdId("REST-BUY")
            .symbol(SYMBOL);
        limitOrder(restingSell, newBuffer(), OWNER, "PASSIVE-SELL", SYMBOL, FixValues.SELL, PRICE + 5 * TICK);
        limitOrder(crossingBuy, newBuffer(), OWNER, "CROSS-BUY", SYMBOL, FixValues.BUY, PRICE + 5 * TICK);

        final int openBefore = engine.openOrderCount();
        restThenCancel();
        crossingPair();
        if (engine.openOrderCount() != openBefore || engine.trades() != 1)
        {
            throw new IllegalStateException("the measured commands do not leave the book as they found it");
        }
    }

    /**
     * @return the sum of the execution ids reported, so far.
     */
    @Benchmark
    public long restThenCancel()
    {
        engine.onCommand(restingBuy, CLUSTER_SESSION_ID);
        engine.onCommand(cancelBuy, CLUSTER_SESSION_ID);
        return listener.execIds;
    }

    /**
     * @return the sum of the execution ids reported, so far.
     */
    @Benchmark
    public long crossingPair()
    {
        engine.onCommand(restingSell, CLUSTER_SESSION_ID);
        engine.onCommand(crossingBuy, CLUSTER_SESSION_ID);
        return listener.execIds;
    }

    private static UnsafeBuffer newBuffer()
    {
        return new UnsafeBuffer(new byte[OrderCommand.LENGTH]);
    }

    private static void limitOrder(
        final OrderCommand command, final UnsafeBuffer buffer, final long owner, final String clOrdId,
        final String symbol, final byte side, final long price)
    {
        command.wrapForEncode(buffer, 0, OrderCommand.NEW_ORDER)
            .ownerId(owner)
            .side(side)
            .ordType(FixValues.LIMIT)
            .timeInForce(FixValues.DAY)
            .price(price)
            .quantity(QUANTITY)
            .clOrdId(clOrdId)
            .symbol(symbol);
    }

    private static final class EventReader implements ExecutionListener
    {
        long execIds;

        public void onEvent(final long clusterSessionId, final OrderEvent event)
        {
            execIds += event.execId();
        }
    }
}
