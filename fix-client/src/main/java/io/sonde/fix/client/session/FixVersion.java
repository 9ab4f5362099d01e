package io.sonde.fix.client.session;

import uk.co.real_logic.artio.dictionary.FixDictionary;

import java.util.Locale;

/**
 * The FIX versions Sonde speaks. Artio runs the session layer of each from a small session dictionary generated
 * at build time; Sonde's application messages are the FIX 4.4 ones, sent under the session's BeginString (and,
 * over FIXT, the DefaultApplVerID agreed at logon).
 */
public enum FixVersion
{
    FIX_4_2("FIX.4.2", null, io.sonde.fix.codecs.fix42.FixDictionaryImpl.class),
    FIX_4_4("FIX.4.4", null, io.sonde.fix.codecs.FixDictionaryImpl.class),
    /** FIX 5.0 SP2 application messages over a FIXT.1.1 session: DefaultApplVerID (1137) 9. */
    FIX_5_0_SP2("FIXT.1.1", "9", io.sonde.fix.codecs.fixt11.FixDictionaryImpl.class);

    private static final String ACCEPTED = "FIX.4.2, FIX.4.4, FIX.5.0SP2 (or FIXT.1.1)";

    private final String beginString;
    private final String defaultApplVerId;
    private final Class<? extends FixDictionary> dictionary;

    FixVersion(
        final String beginString, final String defaultApplVerId, final Class<? extends FixDictionary> dictionary)
    {
        this.beginString = beginString;
        this.defaultApplVerId = defaultApplVerId;
        this.dictionary = dictionary;
    }

    /**
     * @param name FIX.4.2, FIX.4.4, FIX.5.0SP2 or FIXT.1.1, in any case.
     * @throws IllegalArgumentException naming the accepted values.
     */
    public static FixVersion parse(final String name)
    {
        switch (name.trim().toUpperCase(Locale.ROOT))
        {
            case "FIX.4.2":
                return FIX_4_2;
            case "FIX.4.4":
                return FIX_4_4;
            case "FIX.5.0SP2":
            case "FIXT.1.1":
                return FIX_5_0_SP2;
            default:
                throw new IllegalArgumentException("unknown FIX version '" + name + "'; accepted: " + ACCEPTED);
        }
    }

    /**
     * @return BeginString (8) of every message of the session.
     */
    public String beginString()
    {
        return beginString;
    }

    /**
     * @return whether the session is FIXT, whose Logon names the application version.
     */
    public boolean hasDefaultApplVerId()
    {
        return defaultApplVerId != null;
    }

    /**
     * @return DefaultApplVerID (1137) of the Logon; null unless {@link #hasDefaultApplVerId()}.
     */
    public String defaultApplVerId()
    {
        return defaultApplVerId;
    }

    /**
     * @return Artio's dictionary of the session layer, for session and engine configurations.
     */
    public Class<? extends FixDictionary> dictionary()
    {
        return dictionary;
    }
}
