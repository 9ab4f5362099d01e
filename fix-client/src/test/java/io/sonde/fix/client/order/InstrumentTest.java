package io.sonde.fix.client.order;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An instrument's limits: prices a whole number of ticks from the reference, inside the venue's band.
 */
class InstrumentTest
{
    @Test
    void aPriceOutsideTheBandIsBroughtToItsEdgeOnATick()
    {
        final Instrument fiveCentTicks = new Instrument("IBM", 15_000, 5, 100, 733);

        assertEquals(15_730, fiveCentTicks.withinBand(16_000), "146 ticks of 5 fit in a band of 733");
        assertEquals(14_270, fiveCentTicks.withinBand(10_000));
        assertEquals(15_105, fiveCentTicks.withinBand(15_105), "inside the band: unchanged");
    }

    @Test
    void withoutABandEveryPriceStands()
    {
        assertEquals(1, Instrument.of("A").withinBand(1));
        assertEquals(1_000_000, Instrument.of("A").withinBand(1_000_000));
    }

    @Test
    void aReferenceOffItsTickIsRefused()
    {
        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> new Instrument("FESX", 500_050, 100, 1, 0));
        assertTrue(ex.getMessage().contains("FESX: reference price 500050 cents is not a whole number of ticks"),
            ex.getMessage());
    }

    @Test
    void drawnOrdersRespectTicksLotsAndTheBand()
    {
        final Instrument instrument = new Instrument("FESX", 500_000, 100, 5, 15_000);
        final RandomOrders orders = new RandomOrders(FlowChooser.only(OrderFlow.NEW_CANCEL),
            new OrderParameters(List.of(instrument), null, 5, 500, 1, 100, true, 7, 0));
        final OrderTable table = new OrderTable(64, 24, 8);

        for (long request = 0; request < 1_000; request++)
        {
            final int slot = orders.draw(table, request, 0);
            final long price = table.priceCents[slot];
            assertEquals(0, (price - 500_000) % 100, "on a tick: " + price);
            assertTrue(Math.abs(price - 500_000) <= 15_000, "in the band: " + price);
            assertEquals(0, table.quantity[slot] % 5, "whole lots: " + table.quantity[slot]);
        }
    }
}
