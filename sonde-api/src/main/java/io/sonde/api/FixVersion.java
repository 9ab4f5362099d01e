package io.sonde.api;

import java.util.Locale;

/**
 * {@code --fix-version}: the FIX version of every session.
 */
public enum FixVersion
{
    /** FIX 4.2. */
    FIX_4_2("FIX.4.2"),
    /** FIX 4.4. */
    FIX_4_4("FIX.4.4"),
    /** FIX 5.0 SP2 application messages over a FIXT.1.1 session. */
    FIX_5_0_SP2("FIX.5.0SP2");

    private final String label;

    FixVersion(final String label)
    {
        this.label = label;
    }

    /**
     * @param label {@code FIX.4.2}, {@code FIX.4.4}, {@code FIX.5.0SP2} or its session's {@code FIXT.1.1}, in any case.
     * @throws InvalidOptionException naming the versions there are.
     */
    public static FixVersion parse(final String label)
    {
        final String version = label.trim().toUpperCase(Locale.ROOT);
        if (version.equals("FIXT.1.1"))
        {
            return FIX_5_0_SP2;
        }
        for (final FixVersion known : values())
        {
            if (known.label.toUpperCase(Locale.ROOT).equals(version))
            {
                return known;
            }
        }
        throw new InvalidOptionException("unknown FIX version '" + label + "' (one of: FIX.4.2, FIX.4.4, " +
            "FIX.5.0SP2 or FIXT.1.1)");
    }

    /**
     * @return the label users type.
     */
    public String toString()
    {
        return label;
    }
}
