package io.sonde.fix.client.session;

import io.sonde.api.FixVersion;
import uk.co.real_logic.artio.dictionary.FixDictionary;

/**
 * What Artio needs to speak each {@link FixVersion}: the small session dictionary generated at build time, the
 * BeginString (8) of every message and, over FIXT, the DefaultApplVerID (1137) agreed at logon. Sonde's application
 * messages are the FIX 4.4 ones whatever the version, sent under the session's BeginString.
 */
public final class FixDictionaries
{
    /** DefaultApplVerID (1137) 9: FIX 5.0 SP2. */
    private static final String FIX_5_0_SP2_APPL_VER_ID = "9";

    private FixDictionaries()
    {
    }

    /**
     * @return BeginString (8) of every message of the session.
     */
    public static String beginString(final FixVersion version)
    {
        return switch (version)
        {
            case FIX_4_2 -> "FIX.4.2";
            case FIX_4_4 -> "FIX.4.4";
            case FIX_5_0_SP2 -> "FIXT.1.1";
        };
    }

    /**
     * @return whether the session is FIXT, whose Logon names the application version.
     */
    public static boolean hasDefaultApplVerId(final FixVersion version)
    {
        return version == FixVersion.FIX_5_0_SP2;
    }

    /**
     * @return DefaultApplVerID (1137) of the Logon; null unless {@link #hasDefaultApplVerId(FixVersion)}.
     */
    public static String defaultApplVerId(final FixVersion version)
    {
        return hasDefaultApplVerId(version) ? FIX_5_0_SP2_APPL_VER_ID : null;
    }

    /**
     * @return Artio's dictionary of the session layer, for session and engine configurations.
     */
    public static Class<? extends FixDictionary> dictionary(final FixVersion version)
    {
        return switch (version)
        {
            case FIX_4_2 -> io.sonde.fix.codecs.fix42.FixDictionaryImpl.class;
            case FIX_4_4 -> io.sonde.fix.codecs.FixDictionaryImpl.class;
            case FIX_5_0_SP2 -> io.sonde.fix.codecs.fixt11.FixDictionaryImpl.class;
        };
    }
}
