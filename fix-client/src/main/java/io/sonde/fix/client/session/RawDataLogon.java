package io.sonde.fix.client.session;

import uk.co.real_logic.artio.builder.AbstractLogonEncoder;
import uk.co.real_logic.artio.builder.AbstractLogoutEncoder;
import uk.co.real_logic.artio.builder.SessionHeaderEncoder;
import uk.co.real_logic.artio.session.SessionCustomisationStrategy;

import java.nio.charset.StandardCharsets;

/**
 * Puts the password of every Logon in RawData (96) and RawDataLength (95), for venues that read it there
 * ({@link PasswordField#RAW_DATA}). Artio's session layer writes only Username and Password, and RawData is not
 * on its common Logon interface, so each version's generated encoder is set directly. Whatever else the library
 * customises is applied first, by the strategy this one wraps: a library has only one.
 */
public final class RawDataLogon implements SessionCustomisationStrategy
{
    private final byte[] rawData;
    private final SessionCustomisationStrategy others;

    public RawDataLogon(final String password, final SessionCustomisationStrategy others)
    {
        this.rawData = password.getBytes(StandardCharsets.US_ASCII);
        this.others = others;
    }

    public void configureLogon(final AbstractLogonEncoder logon, final long sessionId)
    {
        others.configureLogon(logon, sessionId);
        if (logon instanceof io.sonde.fix.codecs.builder.LogonEncoder fix44)
        {
            fix44.rawDataLength(rawData.length).rawData(rawData);
        }
        else if (logon instanceof io.sonde.fix.codecs.fix42.builder.LogonEncoder fix42)
        {
            fix42.rawDataLength(rawData.length).rawData(rawData);
        }
        else if (logon instanceof io.sonde.fix.codecs.fixt11.builder.LogonEncoder fixt11)
        {
            fixt11.rawDataLength(rawData.length).rawData(rawData);
        }
        else
        {
            throw new IllegalStateException("no RawData on a Logon of " + logon.getClass().getName());
        }
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
