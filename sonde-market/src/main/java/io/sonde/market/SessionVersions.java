package io.sonde.market;

import io.sonde.api.FixVersion;
import io.sonde.fix.engine.CancelOnDisconnectReply;
import uk.co.real_logic.artio.builder.AbstractLogonEncoder;
import uk.co.real_logic.artio.builder.AbstractLogoutEncoder;
import uk.co.real_logic.artio.builder.SessionHeaderEncoder;
import uk.co.real_logic.artio.dictionary.FixDictionary;
import uk.co.real_logic.artio.session.SessionCustomisationStrategy;

/**
 * What the market's acceptor needs per FIX version of the application's sessions: Artio's session dictionary,
 * and what its Logon answer carries (on FIX 4.4 no cancel-on-disconnect fields the application never asked for;
 * on FIXT.1.1 the DefaultApplVerID that FIXT requires). The application messages are FIX 4.4's layout in every
 * version, as the client sends them.
 */
final class SessionVersions
{
    /** DefaultApplVerID (1137) 9: FIX 5.0 SP2. */
    private static final String FIX_5_0_SP2 = "9";

    private SessionVersions()
    {
    }

    static Class<? extends FixDictionary> dictionary(final FixVersion version)
    {
        return switch (version)
        {
            case FIX_4_2 -> io.sonde.fix.codecs.fix42.FixDictionaryImpl.class;
            case FIX_4_4 -> io.sonde.fix.codecs.FixDictionaryImpl.class;
            case FIX_5_0_SP2 -> io.sonde.fix.codecs.fixt11.FixDictionaryImpl.class;
        };
    }

    /**
     * @return BeginString (8) of the sessions' messages.
     */
    static String beginString(final FixVersion version)
    {
        return switch (version)
        {
            case FIX_4_2 -> "FIX.4.2";
            case FIX_4_4 -> "FIX.4.4";
            case FIX_5_0_SP2 -> "FIXT.1.1";
        };
    }

    static SessionCustomisationStrategy logonAnswer(final FixVersion version)
    {
        return switch (version)
        {
            case FIX_4_2 -> SessionCustomisationStrategy.none();
            case FIX_4_4 -> new CancelOnDisconnectReply();
            case FIX_5_0_SP2 -> new ApplVerIdLogon();
        };
    }

    private static final class ApplVerIdLogon implements SessionCustomisationStrategy
    {
        public void configureLogon(final AbstractLogonEncoder logon, final long sessionId)
        {
            ((io.sonde.fix.codecs.fixt11.builder.LogonEncoder)logon).defaultApplVerID(FIX_5_0_SP2);
        }

        public void configureLogout(final AbstractLogoutEncoder logout, final long sessionId)
        {
        }

        public void configureHeader(final SessionHeaderEncoder header, final long sessionId)
        {
        }
    }
}
