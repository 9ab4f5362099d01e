package io.sonde.fix.client.order;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RestingBookTest
{
    private final ClOrdIdCodec clOrdIds = new ClOrdIdCodec();
    private final OrderTable orders = new OrderTable(16, clOrdIds.length(), 4);
    private final RestingBook resting = new RestingBook(8, clOrdIds.length(), 2);

    @Test
    void ordersAreTakenOldestFirstAndTheOldestMovesOnAsTheyLeave()
    {
        final int first = rest(1, 0);
        final int second = rest(2, 1);
        final int third = rest(3, 0);

        assertEquals(first, resting.oldest());
        resting.remove(first);
        assertEquals(second, resting.oldest());
        resting.remove(third);
        assertEquals(second, resting.oldest());
        assertEquals(1, resting.size());
        assertEquals(0, resting.restingFor(0));
        assertEquals(1, resting.restingFor(1));
    }

    @Test
    void aReportFindsItsOrderByTheSequenceAndTheWholeClOrdIdOnly()
    {
        final int index = rest(7, 1);
        final char[] id = resting.clOrdId[index].clone();

        assertEquals(index, resting.find(resting.sequence[index], id, clOrdIds.length()));
        id[id.length - 1] = id[id.length - 1] == '0' ? '1' : '0';
        assertEquals(-1, resting.find(resting.sequence[index], id, clOrdIds.length()), "another intended time");
        resting.remove(index);
        assertEquals(-1, resting.find(resting.sequence[index], resting.clOrdId[index], clOrdIds.length()));
    }

    @Test
    void atRandomReachesEveryRestingOrderAndNoneThatLeft()
    {
        for (int order = 0; order < 8; order++)
        {
            rest(order, order % 2);
        }
        final int oldest = resting.oldest();
        resting.remove(oldest);
        final int drawn = resting.atRandom(3);
        resting.remove(drawn);

        final Set<Integer> reached = new HashSet<>();
        for (int draw = 0; draw < resting.size(); draw++)
        {
            reached.add(resting.atRandom(draw));
        }
        assertEquals(6, reached.size());
        assertEquals(Set.of(), intersection(reached, Set.of(oldest, drawn)));
    }

    @Test
    void aFullBookTakesNoMoreUntilAnOrderLeaves()
    {
        for (int order = 0; order < 8; order++)
        {
            rest(order, 0);
        }

        assertEquals(-1, rest(8, 0));
        resting.remove(resting.oldest());
        assertEquals(7, resting.size());
        assertTrue(rest(9, 1) >= 0);
    }

    @Test
    void ordersAreCountedAtTheirPriceOnTheirSymbolsSideUntilTheyLeave()
    {
        final int first = rest(1, 0);
        rest(2, 0);
        rest(3, 1);

        assertEquals(2, resting.restingAt(0, '1', 0));
        assertEquals(1, resting.restingAt(1, '1', 0));
        assertEquals(0, resting.restingAt(0, '2', 0));
        resting.remove(first);
        assertEquals(1, resting.restingAt(0, '1', 0));
    }

    private int rest(final long number, final int symbol)
    {
        final int slot = orders.reuse(number);
        orders.clOrdIdLength[slot] = clOrdIds.encode(orders.clOrdId[slot], number, ClOrdIdCodec.NEW_STAGE,
            1_000 + number);
        orders.side[slot] = '1';
        orders.quantity[slot] = 10;
        clOrdIds.decode(orders.clOrdId[slot], orders.clOrdIdLength[slot]);
        final int index = resting.add(orders, slot, clOrdIds.sequenceLowBits(), symbol);
        orders.free(slot);
        return index;
    }

    private static Set<Integer> intersection(final Set<Integer> a, final Set<Integer> b)
    {
        final Set<Integer> both = new HashSet<>(a);
        both.retainAll(b);
        return both;
    }
}
