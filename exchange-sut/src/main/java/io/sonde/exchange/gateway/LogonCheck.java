package io.sonde.exchange.gateway;

import io.sonde.fix.codecs.builder.LogoutEncoder;
import uk.co.real_logic.artio.decoder.AbstractLogonDecoder;
import uk.co.real_logic.artio.validation.AuthenticationProxy;
import uk.co.real_logic.artio.validation.AuthenticationStrategy;

/**
 * Refuses, with a Logout saying why, a Logon carrying a value the engine cannot act on, before the users'
 * directory is asked. Artio's engine turns CancelOnDisconnectType (35002) into its own enum only after
 * authentication accepted the Logon, and a value outside 0–3 made that step throw on every later pass of
 * the engine's duty cycle: no later Logon was ever answered. Whatever reaches the engine here is in range.
 */
public final class LogonCheck implements AuthenticationStrategy
{
    static final int MAX_CANCEL_ON_DISCONNECT_TYPE = 3;
    /**
     * FIX Trading Community's recommended upper bound for CODTimeoutWindow (35003), in milliseconds.
     */
    static final int MAX_COD_TIMEOUT_WINDOW_MS = 60_000;
    private static final long LINGER_MS = 100;

    private final AuthenticationStrategy users;

    public LogonCheck(final AuthenticationStrategy users)
    {
        this.users = users;
    }

    public boolean authenticate(final AbstractLogonDecoder logon)
    {
        return problem(logon) == null && users.authenticate(logon);
    }

    public void authenticateAsync(final AbstractLogonDecoder logon, final AuthenticationProxy proxy)
    {
        final String problem = problem(logon);
        if (problem == null)
        {
            users.authenticateAsync(logon, proxy);
        }
        else
        {
            final LogoutEncoder logout = new LogoutEncoder();
            logout.text(problem);
            proxy.reject(logout, LINGER_MS);
        }
    }

    /**
     * @return why the Logon is refused, or null when its values are in range.
     */
    static String problem(final AbstractLogonDecoder logon)
    {
        if (logon.supportsCancelOnDisconnectType() && logon.hasCancelOnDisconnectType())
        {
            final int type = logon.cancelOnDisconnectType();
            if (type < 0 || type > MAX_CANCEL_ON_DISCONNECT_TYPE)
            {
                return "CancelOnDisconnectType (35002) must be 0 to " + MAX_CANCEL_ON_DISCONNECT_TYPE + ", was " + type;
            }
        }
        if (logon.supportsCODTimeoutWindow() && logon.hasCODTimeoutWindow())
        {
            final int window = logon.cODTimeoutWindow();
            if (window < 0 || window > MAX_COD_TIMEOUT_WINDOW_MS)
            {
                return "CODTimeoutWindow (35003) must be 0 to " + MAX_COD_TIMEOUT_WINDOW_MS + " ms, was " + window;
            }
        }
        if (logon.heartBtInt() < 0)
        {
            return "HeartBtInt (108) must not be negative, was " + logon.heartBtInt();
        }
        return null;
    }
}
