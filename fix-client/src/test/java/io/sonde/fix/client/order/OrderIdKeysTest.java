package io.sonde.fix.client.order;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * OrderIDs as the keys the feed's events and the acknowledgements meet on.
 */
class OrderIdKeysTest
{
    @Test
    void anOrderIdOfDigitsIsItsNumberAsTheBundledExchangesFeedCarriesIt()
    {
        assertEquals(4711, key("4711"));
        assertEquals(999_999_999_999_999_999L, key("999999999999999999"));
    }

    @Test
    void anyOtherOrderIdIsANegativeHashThatNoNumberCanEqual()
    {
        assertTrue(key("ABC-1") < 0);
        assertTrue(key("1234567890123456789") < 0, "19 digits may overflow: hashed");
        assertTrue(key("12a") < 0);
        assertNotEquals(key("ABC-1"), key("ABC-2"));
    }

    @Test
    void onlyTheOrderIdsOwnCharactersMakeItsKeyNotWhatFollowsInTheBuffer()
    {
        final char[] reused = "ABC-1XYZ".toCharArray();

        assertEquals(key("ABC-1"), OrderIdKeys.of(reused, 5));
        assertEquals(4711, OrderIdKeys.of("4711999".toCharArray(), 4));
    }

    @Test
    void anEmptyOrderIdHasNoKey()
    {
        assertEquals(OrderIdKeys.NONE, key(""));
    }

    @Test
    void aKeyIsDescribedAsTheOrderIdItsNumberIsOrAsItsHash()
    {
        assertEquals("4711", OrderIdKeys.describe(4711));
        assertTrue(OrderIdKeys.describe(key("ABC")).startsWith("#"));
    }

    private static long key(final String id)
    {
        return OrderIdKeys.of(id.toCharArray(), id.length());
    }
}
