package io.sonde.exchange.gateway;

import io.sonde.fix.codecs.builder.LogoutEncoder;
import org.agrona.collections.Long2ObjectHashMap;
import uk.co.real_logic.artio.decoder.AbstractLogonDecoder;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.validation.AuthenticationProxy;
import uk.co.real_logic.artio.validation.AuthenticationStrategy;

import java.util.HashMap;
import java.util.Map;

/**
 * Refuses, with a Logout saying why, a Logon carrying a value the engine cannot act on, or one from an
 * address that already holds its share of sessions ({@link ConnectionLimits#sessionsPerAddress()}), before
 * the users' directory is asked. Artio's engine turns CancelOnDisconnectType (35002) into its own enum only after
 * authentication accepted the Logon, and a value outside 0–3 made that step throw on every later pass of
 * the engine's duty cycle: no later Logon was ever answered. Whatever reaches the engine here is in range.
 * <p>
 * Artio calls it on the engine's framer thread only, Logons and disconnects alike.
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
    private final int sessionsPerAddress;
    private final Map<String, Integer> sessionsByAddress = new HashMap<>();
    private final Long2ObjectHashMap<String> addressByConnection = new Long2ObjectHashMap<>();
    private final HopStampAsks hopStampAsks;

    public LogonCheck(final AuthenticationStrategy users, final int sessionsPerAddress)
    {
        this(users, sessionsPerAddress, new HopStampAsks());
    }

    LogonCheck(final AuthenticationStrategy users, final int sessionsPerAddress, final HopStampAsks hopStampAsks)
    {
        this.users = users;
        this.sessionsPerAddress = sessionsPerAddress;
        this.hopStampAsks = hopStampAsks;
    }

    public boolean authenticate(final AbstractLogonDecoder logon)
    {
        hopStampAsks.onLogon(logon);
        return problem(logon) == null && users.authenticate(logon);
    }

    public void authenticateAsync(final AbstractLogonDecoder logon, final AuthenticationProxy proxy)
    {
        hopStampAsks.onLogon(logon);
        final String problem = problem(logon);
        if (problem != null)
        {
            refuse(proxy, problem);
            return;
        }
        final String address = hostOf(proxy.remoteAddress());
        final int sessions = sessionsByAddress.getOrDefault(address, 0);
        if (sessions >= sessionsPerAddress)
        {
            refuse(proxy, "too many sessions from " + address + ": at most " + sessionsPerAddress);
            return;
        }
        sessionsByAddress.put(address, sessions + 1);
        addressByConnection.put(proxy.connectionId(), address);
        users.authenticateAsync(logon, proxy);
    }

    /**
     * Every connection counted at its Logon, whether the Logon then succeeded or not, is let go here.
     */
    public void onDisconnect(final long sessionId, final long connectionId, final DisconnectReason reason)
    {
        final String address = addressByConnection.remove(connectionId);
        if (address != null)
        {
            sessionsByAddress.computeIfPresent(address, (key, count) -> count > 1 ? count - 1 : null);
        }
    }

    private static void refuse(final AuthenticationProxy proxy, final String why)
    {
        final LogoutEncoder logout = new LogoutEncoder();
        logout.text(why);
        proxy.reject(logout, LINGER_MS);
    }

    /**
     * Artio gives the remote address as {@code /ip:port}; sessions are counted per IP.
     */
    private static String hostOf(final String remoteAddress)
    {
        final int port = remoteAddress.lastIndexOf(':');
        return port > 0 ? remoteAddress.substring(0, port) : remoteAddress;
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
