package io.sonde.fix.client.order;

import io.sonde.fix.client.profile.VenueProfile;
import io.sonde.fix.client.profile.VenueProfileReader;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ClOrdID layout a venue profile chooses, for the load generator and the probe alike.
 */
class VenueClOrdIdsTest
{
    @Test
    void withoutAVenueIdsAreBase32OfThePrefixSequenceAndTime()
    {
        final ClOrdIdCodec codec = VenueClOrdIds.codec(null, "PRB", 7);

        assertEquals("PRB", codec.prefix());
        assertEquals(3 + 7 + ClOrdIdCodec.NANOS_CHARS, codec.length());
    }

    @Test
    void aVenueOfDigitsOnlyGetsIdsOfDigitsOnly()
    {
        final ClOrdIdCodec codec = VenueClOrdIds.codec(venue("{digitsOnly: true}"), "9", 7);
        final char[] id = new char[codec.length()];

        codec.encode(id, 42, 1_000_000_000L);

        assertTrue(new String(id).matches("9\\d{18}"), new String(id));
    }

    @Test
    void aPrefixWithLettersIsRefusedByAVenueOfDigitsOnly()
    {
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> VenueClOrdIds.codec(venue("{digitsOnly: true}"), "PRB", 7));

        assertTrue(refused.getMessage().startsWith("the venue takes ClOrdIDs of digits only"), refused.getMessage());
    }

    @Test
    void aPrefixThatMakesIdsLongerThanTheVenueAcceptsIsRefusedNamingBothLengths()
    {
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> VenueClOrdIds.codec(venue("{maxLength: 22}"), "PRB", 7));

        assertEquals("the venue 'venue-x' accepts ClOrdIDs of at most 22 characters, but these would be 23: " +
            "the prefix 'PRB' (3) and 20 digits", refused.getMessage());
    }

    @Test
    void idsOfExactlyTheVenuesMaximumAreAccepted()
    {
        assertEquals(23, VenueClOrdIds.codec(venue("{maxLength: 23}"), "PRB", 7).length());
        assertEquals(20, VenueClOrdIds.codec(venue("{maxLength: 20, digitsOnly: true}"), "12", 7).length());
    }

    private static VenueProfile venue(final String clOrdId)
    {
        return new VenueProfileReader().read("test", "name: venue-x\nclOrdId: " + clOrdId + "\n");
    }
}
