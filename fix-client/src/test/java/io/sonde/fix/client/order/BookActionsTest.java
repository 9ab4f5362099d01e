package io.sonde.fix.client.order;

import io.sonde.api.BookQuantity;
import io.sonde.api.BookSpec;
import io.sonde.fix.codecs.Side;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BookActionsTest
{
    private static final int CAPACITY = 1 << 10;
    private static final List<String> SYMBOLS = List.of("A", "B", "C", "D");
    private static final BookSpec EQUITY_BOOK = new BookSpec(10, 25, 0.8, 0.1, 3, 1, 50,
        new BookQuantity(BookQuantity.Kind.LOGNORMAL, 5, 0.5), 0.5, 1, 10_000, BookSpec.Pick.OLDEST,
        BookSpec.Shape.LINEAR);

    @Test
    void theSameSeedDrawsTheSameActionsAndAnotherSeedOthers()
    {
        final List<String> first = actions(EQUITY_BOOK, 7, 20_000);
        final List<String> again = actions(EQUITY_BOOK, 7, 20_000);
        final List<String> other = actions(EQUITY_BOOK, 8, 20_000);

        assertEquals(first, again);
        assertNotEquals(first, other);
    }

    @Test
    void theBookIsBuiltLevelByLevelOnBothSidesOfEverySymbolBeforeAnythingElse()
    {
        final List<String> actions = actions(EQUITY_BOOK, 7, 80);

        final Map<String, Integer> levels = new TreeMap<>();
        for (final String action : actions)
        {
            assertTrue(action.startsWith("passive"), action);
            levels.merge(action.substring(0, action.lastIndexOf(' ')), 1, Integer::sum);
        }
        assertEquals(80, levels.size(), "one order at each of 10 levels, 2 sides and 4 symbols: " + levels);
    }

    @Test
    void onceBuiltTheActionsComeInTheSharesTheRatiosAskFor()
    {
        final List<String> actions = actions(EQUITY_BOOK, 11, 200_000).subList(80, 200_000);
        final Map<String, Integer> counts = new TreeMap<>();
        actions.forEach(action -> counts.merge(action.substring(0, action.indexOf(' ')), 1, Integer::sum));

        final double messages = actions.size();
        // Per new order 1.9 messages: 1 + 0.8 cancels + 0.1 replaces; 1.9 / 25 of new orders trade.
        assertEquals(1 / 25.0, counts.get("aggressive") / messages, 0.004, counts.toString());
        assertEquals(0.8 / 1.9, counts.get("cancel") / messages, 0.01, counts.toString());
        assertEquals(0.1 / 1.9, counts.get("replace") / messages, 0.01, counts.toString());
    }

    @Test
    void withAStillReferencePassiveOrdersRestWithinTheDepthAndAggressiveOrdersCrossItWhole()
    {
        final BookSpec still = new BookSpec(10, 25, 0.8, 0.1, 3, 0, 50, BookQuantity.DEFAULT, 0.5, 0, 10_000,
            BookSpec.Pick.RANDOM, BookSpec.Shape.FLAT);
        for (final String action : actions(still, 5, 20_000))
        {
            final String[] parts = action.split(" ");
            final long ticks = Long.parseLong(parts[3]);
            final long away = parts[2].equals("buy") ? -ticks : ticks;
            if (parts[0].equals("aggressive"))
            {
                assertEquals(-10, away, action);
            }
            else
            {
                assertTrue(away >= 1 && away <= 10, action);
            }
        }
    }

    @Test
    void aPassiveOrderFillsAnEmptyLevelOfItsSideBeforeDoublingUpOnOne()
    {
        final BookSpec still = new BookSpec(10, 25, 0.8, 0, 3, 0, 50, BookQuantity.DEFAULT, 0.5, 0, 10_000,
            BookSpec.Pick.RANDOM, BookSpec.Shape.LINEAR);
        final ClOrdIdCodec clOrdIds = new ClOrdIdCodec();
        final OrderTable orders = new OrderTable(CAPACITY, clOrdIds.length(), 1);
        final BookActions book = new BookActions(still, OrderParameters.defaults(SYMBOLS, 3), clOrdIds.length(),
            orders.capacity());
        int filledAnEmptyLevel = 0;
        for (long request = 0; request < 5_000; request++)
        {
            final boolean[][] empty = new boolean[2 * SYMBOLS.size()][11];
            for (int symbol = 0; symbol < SYMBOLS.size(); symbol++)
            {
                for (int level = 1; level <= 10; level++)
                {
                    final long reference = Instrument.DEFAULT_REFERENCE_PRICE_CENTS;
                    empty[2 * symbol][level] = book.resting().restingAt(symbol, '1', reference - level) == 0;
                    empty[2 * symbol + 1][level] = book.resting().restingAt(symbol, '2', reference + level) == 0;
                }
            }
            final int slot = book.draw(orders, request, request);
            if (book.action(slot) != BookActions.PASSIVE)
            {
                orders.free(slot);
                continue;
            }
            final boolean buy = orders.side[slot] == '1';
            final boolean[] sideEmpty = empty[2 * book.symbolOf(slot) + (buy ? 0 : 1)];
            final int level = (int)Math.abs(orders.priceCents[slot] - Instrument.DEFAULT_REFERENCE_PRICE_CENTS);
            boolean anyEmpty = false;
            for (int i = 1; i <= 10; i++)
            {
                anyEmpty |= sideEmpty[i];
            }
            if (anyEmpty)
            {
                assertTrue(sideEmpty[level], "request " + request + " rested at level " + level + ", not empty");
                filledAnEmptyLevel++;
            }
            rest(book, orders, clOrdIds, slot, request);
        }

        assertTrue(filledAnEmptyLevel > 20, "levels emptied that passive orders filled: " + filledAnEmptyLevel);
    }

    @Test
    void aCancelTakesAnOrderOfALevelHeldTwiceBeforeEmptyingOne()
    {
        for (final BookSpec.Pick pick : BookSpec.Pick.values())
        {
            final BookSpec still = new BookSpec(10, 25, 0.8, 0, 3, 0, 50, BookQuantity.DEFAULT, 0.5, 0, 10_000, pick,
                BookSpec.Shape.FLAT);
            final ClOrdIdCodec clOrdIds = new ClOrdIdCodec();
            final OrderTable orders = new OrderTable(CAPACITY, clOrdIds.length(), 1);
            final BookActions book = new BookActions(still, OrderParameters.defaults(SYMBOLS, 5), clOrdIds.length(),
                orders.capacity());
            int cancels = 0;
            int emptied = 0;
            for (long request = 0; request < 5_000; request++)
            {
                final int slot = book.draw(orders, request, request);
                if (book.action(slot) == BookActions.PASSIVE)
                {
                    rest(book, orders, clOrdIds, slot, request);
                    continue;
                }
                if (book.action(slot) == BookActions.CANCEL)
                {
                    cancels++;
                    emptied += book.resting().restingAt(book.symbolOf(slot), orders.side[slot],
                        orders.priceCents[slot]) == 0 ? 1 : 0;
                }
                orders.free(slot);
            }

            assertTrue(cancels > 1_000, pick + ": " + cancels);
            assertTrue(emptied < cancels / 20, pick + ": " + emptied + " of " + cancels + " cancels emptied a level");
        }
    }

    @Test
    void anAggressiveOrderSweepsOneLevelOnlyWhileItsSymbolHoldsFewerOrdersThanItsLevels()
    {
        final BookSpec fixed = new BookSpec(10, 25, 0.8, 0, 3, 0, 50,
            new BookQuantity(BookQuantity.Kind.FIXED, 5, 0), 0.5, 0, 10_000, BookSpec.Pick.OLDEST,
            BookSpec.Shape.FLAT);
        final ClOrdIdCodec clOrdIds = new ClOrdIdCodec();
        final OrderTable orders = new OrderTable(CAPACITY, clOrdIds.length(), 1);
        final BookActions book = new BookActions(fixed, OrderParameters.defaults(SYMBOLS, 9), clOrdIds.length(),
            orders.capacity());
        final List<Long> thin = new ArrayList<>();
        final List<Long> deep = new ArrayList<>();
        for (long request = 0; request < 10_000; request++)
        {
            final int slot = book.draw(orders, request, request);
            if (book.action(slot) == BookActions.AGGRESSIVE)
            {
                (request < 2_000 ? thin : deep).add(orders.quantity[slot]);
            }
            if (book.action(slot) == BookActions.PASSIVE && request >= 2_000)
            {
                rest(book, orders, clOrdIds, slot, request);
            }
            else
            {
                orders.free(slot);
            }
        }

        final long lots = thin.get(0);
        assertTrue(thin.stream().allMatch(quantity -> quantity == lots), "nothing rests, one level each: " + thin);
        assertTrue(deep.stream().anyMatch(quantity -> quantity > lots), "a deep book is swept: " + deep);
    }

    private static void rest(
        final BookActions book, final OrderTable orders, final ClOrdIdCodec clOrdIds, final int slot,
        final long request)
    {
        orders.clOrdIdLength[slot] = clOrdIds.encode(orders.clOrdId[slot], request, ClOrdIdCodec.NEW_STAGE, request);
        clOrdIds.decode(orders.clOrdId[slot], orders.clOrdIdLength[slot]);
        book.resting().add(orders, slot, clOrdIds.sequenceLowBits(), book.symbolOf(slot));
        orders.free(slot);
    }

    /**
     * Draw {@code count} actions against a venue that rests every passive order at once and confirms every
     * cancel and replace: each as "action symbol side price-in-ticks-from-100.00 lots".
     */
    private static List<String> actions(final BookSpec spec, final long seed, final int count)
    {
        final OrderParameters parameters = OrderParameters.defaults(SYMBOLS, seed);
        final ClOrdIdCodec clOrdIds = new ClOrdIdCodec();
        final OrderTable orders = new OrderTable(CAPACITY, clOrdIds.length(), 1);
        final BookActions book = new BookActions(spec, parameters, clOrdIds.length(), orders.capacity());
        final List<String> actions = new ArrayList<>();
        for (long request = 0; request < count; request++)
        {
            final int slot = book.draw(orders, request, request);
            final byte action = book.action(slot);
            actions.add(name(action) + " " + orders.symbol[slot][0] + " " +
                (orders.side[slot] == Side.BUY.representation() ? "buy" : "sell") + " " +
                (orders.priceCents[slot] - Instrument.DEFAULT_REFERENCE_PRICE_CENTS) + " " + orders.quantity[slot]);
            if (action == BookActions.PASSIVE || action == BookActions.REPLACE)
            {
                orders.clOrdIdLength[slot] = clOrdIds.encode(orders.clOrdId[slot], request,
                    ClOrdIdCodec.NEW_STAGE, request);
                clOrdIds.decode(orders.clOrdId[slot], orders.clOrdIdLength[slot]);
                book.resting().add(orders, slot, clOrdIds.sequenceLowBits(), book.symbolOf(slot));
            }
            orders.free(slot);
        }
        return actions;
    }

    private static String name(final byte action)
    {
        return switch (action)
        {
            case BookActions.PASSIVE -> "passive";
            case BookActions.AGGRESSIVE -> "aggressive";
            case BookActions.CANCEL -> "cancel";
            default -> "replace";
        };
    }
}
