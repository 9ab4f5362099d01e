package io.sonde.fix.client.marketdata;

import io.sonde.fix.client.order.PublicEffects;
import io.sonde.loadgen.record.PhasedSeries;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The book flow's orders met on the public feed: a passive order timed to its OrderAdded and an aggressive one to
 * its trade, each in its own series beside order-to-tick, only when a book run asks for them.
 */
class BookActionTicksTest
{
    private final OrderToTick matcher = new OrderToTick(16, 4, 1_000);

    @Test
    void aPassiveOrdersAddIsPassiveToTickAndAnAggressiveOrdersTradeIsTradeToTickBothAlsoOrderToTick()
    {
        matcher.bookActions().enable();
        matcher.onNewAcknowledged(7, 1, 100, 130, true, PublicEffects.BOOK_PASSIVE);
        matcher.onNewAcknowledged(8, 2, 200, 220, true, PublicEffects.BOOK_AGGRESSIVE);
        matcher.onOrderAdded(7, 400);
        matcher.onTrade(8, 7, 700);

        final Histogram passive = measured(BookActionTicks.PASSIVE_TO_TICK);
        final Histogram trades = measured(BookActionTicks.TRADE_TO_TICK);
        assertEquals(1, passive.getTotalCount());
        assertEquals(300, passive.getMaxValue(), 1);
        assertEquals(1, trades.getTotalCount());
        assertEquals(500, trades.getMaxValue(), 1);
        assertEquals(2, measured(OrderToTick.ORDER_TO_TICK).getTotalCount());
        assertEquals(1, matcher.bookActions().passiveSeen());
        assertEquals(1, matcher.bookActions().tradesSeen());
    }

    @Test
    void aTradeArrivingBeforeTheAggressiveOrdersAcknowledgementIsTimedAtItsArrival()
    {
        matcher.bookActions().enable();
        matcher.onTrade(8, 99, 250);
        matcher.onNewAcknowledged(8, 2, 100, 120, true, PublicEffects.BOOK_AGGRESSIVE);

        assertEquals(150, measured(BookActionTicks.TRADE_TO_TICK).getMaxValue(), 1);
        assertEquals(0, measured(BookActionTicks.PASSIVE_TO_TICK).getTotalCount());
    }

    @Test
    void ordersOfOtherFlowsAndTheWarmUpsAreNotCountedAsTheBooksMeasuredActions()
    {
        matcher.bookActions().enable();
        matcher.begin(1_000);
        matcher.onNewAcknowledged(7, 1, 500, 510, true, PublicEffects.BOOK_PASSIVE);
        matcher.onNewAcknowledged(9, 3, 1_100, 1_110, true, PublicEffects.NOT_BOOK);
        matcher.onOrderAdded(7, 1_200);
        matcher.onOrderAdded(9, 1_300);

        assertEquals(0, matcher.bookActions().passiveSeen());
        assertEquals(0, measured(BookActionTicks.PASSIVE_TO_TICK).getTotalCount());
        assertEquals(1, series(BookActionTicks.PASSIVE_TO_TICK).warmup().corrected().takeInterval(null)
            .getTotalCount());
    }

    @Test
    void withoutABookRunTheLogKeepsItsThreeSeries()
    {
        assertEquals(3, matcher.series().size());

        matcher.bookActions().enable();

        assertEquals(List.of(OrderToTick.ORDER_TO_TICK, OrderToTick.CANCEL_TO_TICK, OrderToTick.REPLACE_TO_TICK,
            BookActionTicks.PASSIVE_TO_TICK, BookActionTicks.TRADE_TO_TICK), matcher.series().stream()
            .map(s -> s.measured().corrected().tag().replace(".corrected", "")).toList());
    }

    private Histogram measured(final String name)
    {
        return series(name).measured().corrected().takeInterval(null);
    }

    private PhasedSeries series(final String name)
    {
        return matcher.series().stream().filter(s -> s.measured().corrected().tag().startsWith(name + "."))
            .findFirst().orElseThrow();
    }
}
