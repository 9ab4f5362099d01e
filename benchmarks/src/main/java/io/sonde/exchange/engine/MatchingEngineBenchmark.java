package io.sonde.exchange.engine;

import io.sonde.benchmarks.HotPathBenchmark;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.sbe.CancelOrderEncoder;
import io.sonde.exchange.sbe.MessageHeaderDecoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.NewOrderEncoder;
import io.sonde.exchange.sbe.OrdType;
import io.sonde.exchange.sbe.ReplaceOrderEncoder;
import io.sonde.exchange.sbe.Side;
import io.sonde.exchange.sbe.TimeInForce;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.List;

/**
 * {@link MatchingEngine#onCommand} on commands of the exchange's SBE protocol, encoded once in buffers of the
 * kind the cluster log is, as the cluster service applies them from the log, against a book another owner's orders
 * make on every symbol, which the measured commands never trade with ({@link #book}):
 * <ul>
 *   <li>{@code thin}: ten price levels a side of one order each, the book a load of single orders leaves;</li>
 *   <li>{@code deep}: 10,000 resting orders a symbol over four symbols, 100 levels a side of 50 orders each, the
 *   book of a venue (issue 42's equity book), where an add at depth joins a long level and a level created below
 *   the whole side moves every level above it.</li>
 * </ul>
 * Each operation is two commands that leave the book as they found it, so it stays bounded however long the run:
 * <ul>
 *   <li>{@link #restThenCancel}: a day buy priced below the whole bid side rests on a new level, as a passive
 *   order of the cancel flow does (one report, ExecType 0), then is canceled (4) and its level goes.</li>
 *   <li>{@link #crossingPair}: a day sell rests on a new best ask level, then a day buy of the same quantity at
 *   that price trades with it and empties the level (new, new, and a fill report to each side).</li>
 *   <li>{@link #replaceAtDepth}: an own bid resting 60 ticks down (inside the deep book, below the thin one) is
 *   replaced one tick lower, then back, each time losing its priority (ExecType 5 twice).</li>
 * </ul>
 * Every event goes to a listener that reads one field (its header's template id), standing in for the service
 * that copies each event to its egress. ClOrdIDs repeat from one operation to the next: the previous order with
 * the same id is no longer open, which the engine allows.
 */
@State(Scope.Thread)
public class MatchingEngineBenchmark extends HotPathBenchmark
{
    private static final List<String> SYMBOLS = List.of("SONDE.A", "SONDE.B", "SONDE.C", "SONDE.D");
    private static final String SYMBOL = "SONDE.B";
    private static final long CLUSTER_SESSION_ID = 7;
    /** The cluster's time of every command: the engine only copies it into market-data events. */
    private static final long COMMAND_TIME_NANOS = 1;
    private static final long OWNER = 1;
    private static final long OTHER_OWNER = 2;
    private static final int THIN_LEVELS = 10;
    private static final int DEEP_LEVELS = 100;
    private static final int DEEP_ORDERS_PER_LEVEL = 50;
    private static final long PRICE = 100 * ProtocolLimits.PRICE_UNIT;
    private static final long TICK = ProtocolLimits.PRICE_UNIT / 100;
    private static final long QUANTITY = 10;

    /**
     * The book the commands meet: {@code thin} or {@code deep}.
     */
    @Param({"thin", "deep"})
    public String book;

    private final EventReader listener = new EventReader();
    private final UnsafeBuffer restingBuy = newBuffer();
    private final UnsafeBuffer cancelBuy = newBuffer();
    private final UnsafeBuffer restingSell = newBuffer();
    private final UnsafeBuffer crossingBuy = newBuffer();
    private final UnsafeBuffer replaceDown = newBuffer();
    private final UnsafeBuffer replaceBack = newBuffer();
    private int restingBuyLength;
    private int cancelBuyLength;
    private int restingSellLength;
    private int crossingBuyLength;
    private int replaceDownLength;
    private int replaceBackLength;
    private MatchingEngine engine;

    @Setup
    public void setUp()
    {
        engine = new MatchingEngine(SYMBOLS, listener);
        final boolean deep = "deep".equals(book);
        final int levels = deep ? DEEP_LEVELS : THIN_LEVELS;
        final int ordersPerLevel = deep ? DEEP_ORDERS_PER_LEVEL : 1;
        final UnsafeBuffer depth = newBuffer();
        for (final String symbol : SYMBOLS)
        {
            for (int order = 0; order < ordersPerLevel; order++)
            {
                for (int level = 1; level <= levels; level++)
                {
                    final String id = symbol + "-" + level + "-" + order;
                    final int bid = limitOrder(
                        depth, OTHER_OWNER, id + "B", symbol, Side.BUY, PRICE - (10 + level) * TICK);
                    engine.onCommand(depth, 0, bid, CLUSTER_SESSION_ID, COMMAND_TIME_NANOS);
                    final int ask = limitOrder(
                        depth, OTHER_OWNER, id + "S", symbol, Side.SELL, PRICE + (10 + level) * TICK);
                    engine.onCommand(depth, 0, ask, CLUSTER_SESSION_ID, COMMAND_TIME_NANOS);
                }
            }
        }

        restingBuyLength = limitOrder(restingBuy, OWNER, "REST-BUY", SYMBOL, Side.BUY, PRICE - (levels + 40) * TICK);
        cancelBuyLength = MessageHeaderEncoder.ENCODED_LENGTH + new CancelOrderEncoder()
            .wrapAndApplyHeader(cancelBuy, 0, new MessageHeaderEncoder())
            .ownerId(OWNER)
            .clOrdId("CANCEL-BUY")
            .origClOrdId("REST-BUY")
            .encodedLength();
        restingSellLength = limitOrder(restingSell, OWNER, "PASSIVE-SELL", SYMBOL, Side.SELL, PRICE + 5 * TICK);
        crossingBuyLength = limitOrder(crossingBuy, OWNER, "CROSS-BUY", SYMBOL, Side.BUY, PRICE + 5 * TICK);
        final int ownBid = limitOrder(depth, OWNER, "DEPTH-0", SYMBOL, Side.BUY, PRICE - 60 * TICK);
        engine.onCommand(depth, 0, ownBid, CLUSTER_SESSION_ID, COMMAND_TIME_NANOS);
        replaceDownLength = replace(replaceDown, "DEPTH-1", "DEPTH-0", PRICE - 61 * TICK);
        replaceBackLength = replace(replaceBack, "DEPTH-0", "DEPTH-1", PRICE - 60 * TICK);

        final int openBefore = engine.openOrderCount();
        restThenCancel();
        crossingPair();
        replaceAtDepth();
        if (engine.openOrderCount() != openBefore || engine.trades() != 1)
        {
            throw new IllegalStateException("the measured commands do not leave the book as they found it");
        }
    }

    /**
     * @return the sum of the template ids of the events, so far.
     */
    @Benchmark
    public long restThenCancel()
    {
        engine.onCommand(restingBuy, 0, restingBuyLength, CLUSTER_SESSION_ID, COMMAND_TIME_NANOS);
        engine.onCommand(cancelBuy, 0, cancelBuyLength, CLUSTER_SESSION_ID, COMMAND_TIME_NANOS);
        return listener.templateIds;
    }

    /**
     * @return the sum of the template ids of the events, so far.
     */
    @Benchmark
    public long crossingPair()
    {
        engine.onCommand(restingSell, 0, restingSellLength, CLUSTER_SESSION_ID, COMMAND_TIME_NANOS);
        engine.onCommand(crossingBuy, 0, crossingBuyLength, CLUSTER_SESSION_ID, COMMAND_TIME_NANOS);
        return listener.templateIds;
    }

    /**
     * @return the sum of the template ids of the events, so far.
     */
    @Benchmark
    public long replaceAtDepth()
    {
        engine.onCommand(replaceDown, 0, replaceDownLength, CLUSTER_SESSION_ID, COMMAND_TIME_NANOS);
        engine.onCommand(replaceBack, 0, replaceBackLength, CLUSTER_SESSION_ID, COMMAND_TIME_NANOS);
        return listener.templateIds;
    }

    private static UnsafeBuffer newBuffer()
    {
        return new UnsafeBuffer(new byte[ProtocolLimits.MAX_MESSAGE_LENGTH]);
    }

    /**
     * @return the command's length, header included.
     */
    private static int limitOrder(
        final MutableDirectBuffer buffer, final long owner, final String clOrdId, final String symbol,
        final Side side, final long price)
    {
        return MessageHeaderEncoder.ENCODED_LENGTH + new NewOrderEncoder()
            .wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .ownerId(owner)
            .side(side)
            .ordType(OrdType.LIMIT)
            .timeInForce(TimeInForce.DAY)
            .price(price)
            .orderQty(QUANTITY)
            .clOrdId(clOrdId)
            .symbol(symbol)
            .encodedLength();
    }

    /**
     * @return the command's length, header included.
     */
    private static int replace(
        final MutableDirectBuffer buffer, final String clOrdId, final String origClOrdId, final long price)
    {
        return MessageHeaderEncoder.ENCODED_LENGTH + new ReplaceOrderEncoder()
            .wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .ownerId(OWNER)
            .side(Side.BUY)
            .ordType(OrdType.LIMIT)
            .price(price)
            .orderQty(QUANTITY)
            .clOrdId(clOrdId)
            .origClOrdId(origClOrdId)
            .encodedLength();
    }

    private static final class EventReader implements ExecutionListener
    {
        private final MessageHeaderDecoder header = new MessageHeaderDecoder();
        long templateIds;

        public void onEvent(final long clusterSessionId, final DirectBuffer buffer, final int offset, final int length)
        {
            templateIds += header.wrap(buffer, offset).templateId();
        }
    }
}
