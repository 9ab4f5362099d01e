package io.sonde.fix.client.session;

import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.dictionary.FixDictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A FIX version is named as FIX names it, in any case; each brings the session dictionary of its BeginString.
 */
class FixVersionTest
{
    @Test
    void versionsAreNamedByTheirBeginStringOrFix50Sp2InAnyCase()
    {
        assertEquals(FixVersion.FIX_4_2, FixVersion.parse("FIX.4.2"));
        assertEquals(FixVersion.FIX_4_4, FixVersion.parse("fix.4.4"));
        assertEquals(FixVersion.FIX_5_0_SP2, FixVersion.parse("FIX.5.0SP2"));
        assertEquals(FixVersion.FIX_5_0_SP2, FixVersion.parse("fixt.1.1"));
    }

    @Test
    void anUnknownVersionIsRefusedNamingTheAcceptedOnes()
    {
        final IllegalArgumentException refusal =
            assertThrows(IllegalArgumentException.class, () -> FixVersion.parse("FIX.4.3"));

        assertEquals("unknown FIX version 'FIX.4.3'; accepted: FIX.4.2, FIX.4.4, FIX.5.0SP2 (or FIXT.1.1)",
            refusal.getMessage());
    }

    @Test
    void eachVersionsSessionDictionaryHasItsBeginString()
    {
        for (final FixVersion version : FixVersion.values())
        {
            assertEquals(version.beginString(), FixDictionary.of(version.dictionary()).beginString());
        }
    }

    @Test
    void onlyFixtNamesAnApplicationVersionAtLogon()
    {
        assertTrue(FixVersion.FIX_5_0_SP2.hasDefaultApplVerId());
        assertEquals("9", FixVersion.FIX_5_0_SP2.defaultApplVerId());
        assertFalse(FixVersion.FIX_4_2.hasDefaultApplVerId());
        assertNull(FixVersion.FIX_4_4.defaultApplVerId());
    }
}
