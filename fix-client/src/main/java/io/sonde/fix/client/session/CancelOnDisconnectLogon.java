package io.sonde.fix.client.session;

import uk.co.real_logic.artio.builder.AbstractLogonEncoder;
import uk.co.real_logic.artio.builder.AbstractLogoutEncoder;
import uk.co.real_logic.artio.session.SessionCustomisationStrategy;

import java.time.Duration;

/**
 * Asks the venue, in every Logon, to cancel the session's open orders when the session ends without the
 * client doing so: CancelOnDisconnectType (35002) = 3, on disconnect or logout, and CODTimeoutWindow
 * (35003), how long the venue waits for a reconnect first. A safety net for a client that dies before it
 * can cancel; only for venues that support these tags, since a strict one rejects a Logon carrying them.
 */
public final class CancelOnDisconnectLogon implements SessionCustomisationStrategy
{
    private static final int ON_DISCONNECT_OR_LOGOUT = 3;

    private final int windowMillis;

    public CancelOnDisconnectLogon(final Duration window)
    {
        this.windowMillis = Math.toIntExact(window.toMillis());
    }

    public void configureLogon(final AbstractLogonEncoder logon, final long sessionId)
    {
        logon.cancelOnDisconnectType(ON_DISCONNECT_OR_LOGOUT).cODTimeoutWindow(windowMillis);
    }

    public void configureLogout(final AbstractLogoutEncoder logout, final long sessionId)
    {
    }
}
