package io.sonde.fix.client.session;

import io.sonde.api.FixVersion;
import io.sonde.fix.codecs.fixt11.builder.LogonEncoder;
import uk.co.real_logic.artio.builder.AbstractLogonEncoder;
import uk.co.real_logic.artio.builder.AbstractLogoutEncoder;
import uk.co.real_logic.artio.builder.SessionHeaderEncoder;
import uk.co.real_logic.artio.session.SessionCustomisationStrategy;

/**
 * Names the application version in every FIXT.1.1 Logon: DefaultApplVerID (1137), which FIXT requires and
 * which Artio's session layer does not set. Whatever else the library customises (cancel-on-disconnect) is
 * applied first, by the strategy this one wraps: a library has only one.
 */
public final class DefaultApplVerIdLogon implements SessionCustomisationStrategy
{
    private final String defaultApplVerId;
    private final SessionCustomisationStrategy others;

    /**
     * @param version a FIXT version ({@link FixDictionaries#hasDefaultApplVerId(FixVersion)}).
     * @param others  the library's other customisation, applied first.
     */
    public DefaultApplVerIdLogon(final FixVersion version, final SessionCustomisationStrategy others)
    {
        if (!FixDictionaries.hasDefaultApplVerId(version))
        {
            throw new IllegalArgumentException(version + " sessions have no DefaultApplVerID");
        }
        this.defaultApplVerId = FixDictionaries.defaultApplVerId(version);
        this.others = others;
    }

    public void configureLogon(final AbstractLogonEncoder logon, final long sessionId)
    {
        others.configureLogon(logon, sessionId);
        ((LogonEncoder)logon).defaultApplVerID(defaultApplVerId);
    }

    public void configureLogout(final AbstractLogoutEncoder logout, final long sessionId)
    {
        others.configureLogout(logout, sessionId);
    }

    public void configureHeader(final SessionHeaderEncoder header, final long sessionId)
    {
        others.configureHeader(header, sessionId);
    }
}
