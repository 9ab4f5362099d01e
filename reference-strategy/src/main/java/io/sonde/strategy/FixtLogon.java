package io.sonde.strategy;

import io.sonde.fix.codecs.fixt11.builder.LogonEncoder;
import uk.co.real_logic.artio.builder.AbstractLogonEncoder;
import uk.co.real_logic.artio.builder.AbstractLogoutEncoder;
import uk.co.real_logic.artio.builder.SessionHeaderEncoder;
import uk.co.real_logic.artio.session.SessionCustomisationStrategy;

/**
 * A FIXT.1.1 Logon names the application version, DefaultApplVerID (1137) 9 (FIX 5.0 SP2), which FIXT requires and
 * Artio's session layer does not write.
 */
final class FixtLogon implements SessionCustomisationStrategy
{
    private static final String FIX_5_0_SP2 = "9";

    public void configureLogon(final AbstractLogonEncoder logon, final long sessionId)
    {
        ((LogonEncoder)logon).defaultApplVerID(FIX_5_0_SP2);
    }

    public void configureLogout(final AbstractLogoutEncoder logout, final long sessionId)
    {
    }

    public void configureHeader(final SessionHeaderEncoder header, final long sessionId)
    {
    }
}
