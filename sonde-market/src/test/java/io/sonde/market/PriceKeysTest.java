package io.sonde.market;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PriceKeysTest
{
    private static final long TICK = 100;
    private static final long REFERENCE = 1_000_000;

    @Test
    void aBidTriggerSitsJustAboveTheFirstBidLevelAndAnOfferJustBelowTheFirstOffer()
    {
        final PriceKeys keys = new PriceKeys(16);

        assertEquals(REFERENCE - TICK + 1, keys.freePrice(0, PriceKeys.BID, REFERENCE, TICK));
        assertEquals(REFERENCE + TICK - 1, keys.freePrice(0, PriceKeys.OFFER, REFERENCE, TICK));
    }

    @Test
    void awaitingPricesAreNeverHandedOutTwiceAndAreNeverOnTheTickGrid()
    {
        final PriceKeys keys = new PriceKeys(1_024);
        final Set<Long> prices = new HashSet<>();
        for (int slot = 0; slot < 500; slot++)
        {
            final long price = keys.freePrice(3, PriceKeys.BID, REFERENCE, TICK);
            assertNotEquals(0, price % TICK);
            assertTrue(prices.add(price), "price " + price + " handed out twice");
            keys.put(price, 3, PriceKeys.BID, slot);
        }
        assertEquals(0, keys.exhausted());
    }

    @Test
    void aPriceIsFreeAgainOnceItsTriggerEnded()
    {
        final PriceKeys keys = new PriceKeys(16);
        final long price = keys.freePrice(0, PriceKeys.OFFER, REFERENCE, TICK);
        keys.put(price, 0, PriceKeys.OFFER, 5);

        assertEquals(5, keys.slotOf(price, 0, PriceKeys.OFFER));
        assertEquals(TriggerTable.NONE, keys.slotOf(price, 0, PriceKeys.BID));
        assertEquals(TriggerTable.NONE, keys.slotOf(price, 1, PriceKeys.OFFER));
        keys.remove(price, 0, PriceKeys.OFFER);
        assertEquals(price, keys.freePrice(0, PriceKeys.OFFER, REFERENCE, TICK));
    }

    @Test
    void capacityIsSixtyFourLevelsOfSubTicksAndBeyondItIsCounted()
    {
        final long tick = 3;
        final PriceKeys keys = new PriceKeys(256);
        for (int slot = 0; slot < 64 * 2; slot++)
        {
            keys.put(keys.freePrice(0, PriceKeys.BID, REFERENCE, tick), 0, PriceKeys.BID, slot);
        }
        assertEquals(0, keys.exhausted());

        keys.freePrice(0, PriceKeys.BID, REFERENCE, tick);

        assertEquals(1, keys.exhausted());
    }
}
