package io.sonde.fix.client.order;

import io.sonde.api.BookQuantity;
import io.sonde.api.BookSpec;
import io.sonde.benchmarks.HotPathBenchmark;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.List;

/**
 * What the book flow adds to each request on the load thread: {@link BookActions#draw} picks the action (a passive
 * order at a level, an aggressive one through the depth, a cancel or replace of a resting order it finds without
 * emptying a level), and a passive order or replace takes its place in {@link RestingBook}, as the flow does once
 * the venue acknowledges it. The equity book's shares (one trade per 25 messages, 80 % cancelled, 10 % replaced)
 * over 4 symbols, at depth 10 a side ({@code thin}) or 5,000 a side, 40,000 orders resting ({@code deep}).
 * <p>
 * Nothing answers an aggressive order here, so it takes nothing off the book: the book fills to its cap and
 * passive orders turn into cancels there, as the flow does at {@code --max-resting}.
 */
@State(Scope.Thread)
public class BookActionsBenchmark extends HotPathBenchmark
{
    private static final int IN_FLIGHT = 1 << 10;
    private static final List<String> SYMBOLS = List.of("EQ.A", "EQ.B", "EQ.C", "EQ.D");

    @Param({"thin", "deep"})
    public String book;

    private final ClOrdIdCodec clOrdIds = new ClOrdIdCodec();
    private OrderTable orders;
    private BookActions actions;
    private long request;

    @Setup
    public void setUp()
    {
        final int depth = book.equals("deep") ? 5_000 : 10;
        final BookSpec spec = new BookSpec(depth, 25, 0.8, 0.1, 3, 1, 50, BookQuantity.DEFAULT, 0.5, 0,
            Math.max(4 * 4 * depth, 1_024), BookSpec.Pick.OLDEST, BookSpec.Shape.FLAT);
        orders = new OrderTable(IN_FLIGHT, clOrdIds.length(), 4);
        actions = new BookActions(spec, OrderParameters.defaults(SYMBOLS, 42), clOrdIds.length(), orders.capacity());
        while (!actions.built())
        {
            next();
        }
    }

    @Benchmark
    public int next()
    {
        final long id = request++;
        final int slot = actions.draw(orders, id, id);
        final byte action = actions.action(slot);
        if (action == BookActions.PASSIVE || action == BookActions.REPLACE)
        {
            orders.clOrdIdLength[slot] = clOrdIds.encode(orders.clOrdId[slot], id, ClOrdIdCodec.NEW_STAGE, id);
            clOrdIds.decode(orders.clOrdId[slot], orders.clOrdIdLength[slot]);
            actions.resting().add(orders, slot, clOrdIds.sequenceLowBits(), actions.symbolOf(slot));
        }
        else if (action == BookActions.AGGRESSIVE)
        {
            actions.onAggressiveEnded(true);
        }
        orders.free(slot);
        return slot;
    }
}
