package io.sonde.fix.client.session;

import io.sonde.api.FixVersion;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.dictionary.FixDictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each FIX version brings the session dictionary of its BeginString; only FIXT names an application version.
 */
class FixDictionariesTest
{
    @Test
    void eachVersionsSessionDictionaryHasItsBeginString()
    {
        assertEquals("FIX.4.2", FixDictionaries.beginString(FixVersion.FIX_4_2));
        assertEquals("FIX.4.4", FixDictionaries.beginString(FixVersion.FIX_4_4));
        assertEquals("FIXT.1.1", FixDictionaries.beginString(FixVersion.FIX_5_0_SP2));
        for (final FixVersion version : FixVersion.values())
        {
            assertEquals(FixDictionaries.beginString(version),
                FixDictionary.of(FixDictionaries.dictionary(version)).beginString());
        }
    }

    @Test
    void onlyFixtNamesAnApplicationVersionAtLogon()
    {
        assertTrue(FixDictionaries.hasDefaultApplVerId(FixVersion.FIX_5_0_SP2));
        assertEquals("9", FixDictionaries.defaultApplVerId(FixVersion.FIX_5_0_SP2));
        assertFalse(FixDictionaries.hasDefaultApplVerId(FixVersion.FIX_4_2));
        assertNull(FixDictionaries.defaultApplVerId(FixVersion.FIX_4_4));
    }
}
