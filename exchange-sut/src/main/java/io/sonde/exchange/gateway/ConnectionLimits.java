package io.sonde.exchange.gateway;

/**
 * What one client can make the gateway spend, so that no single connection or host can exhaust it.
 *
 * @param maxMessageBytes    the largest FIX message accepted; a longer one ends its connection. It is the
 *                           size of the engine's receive buffer for each connection, since a message must fit
 *                           in it whole.
 * @param logonTimeoutMs     how long a connection may stay open without completing a Logon (idle sockets, a
 *                           Logon sent a byte at a time) before it is closed.
 * @param sessionsPerAddress logged-on sessions one remote IP address may hold at once; a Logon beyond that
 *                           is refused with a Logout saying why. Generous by default because a load generator
 *                           opens many sessions from one host.
 */
public record ConnectionLimits(int maxMessageBytes, int logonTimeoutMs, int sessionsPerAddress)
{
    public static final ConnectionLimits DEFAULTS = new ConnectionLimits(16 * 1024, 5_000, 256);

    public ConnectionLimits
    {
        if (maxMessageBytes < 1_024 || logonTimeoutMs < 1 || sessionsPerAddress < 1)
        {
            throw new IllegalArgumentException("connection limits must allow a message of 1 KiB, a logon timeout " +
                "and one session per address: " + maxMessageBytes + " bytes, " + logonTimeoutMs + " ms, " +
                sessionsPerAddress + " sessions");
        }
    }
}
