package io.sonde.fix.client.session;

import io.sonde.api.FixVersion;

import java.time.Duration;
import java.util.Locale;

/**
 * How Sonde's initiator sessions log on: where to, as whom, and how sequence numbers behave.
 *
 * @param host                 acceptor host.
 * @param port                 acceptor port.
 * @param sessions             number of sessions to open.
 * @param senderCompIdPattern  SenderCompID per session; {@code %d} is replaced by the session number (1-based).
 * @param targetCompId         TargetCompID of every session.
 * @param credentials          logon credentials.
 * @param heartbeatSeconds     HeartBtInt (108).
 * @param persistentSequences  keep sequence numbers across restarts instead of resetting them at logon.
 * @param maxMessagesPerSecond per-session cap on messages sent per second; 0 means no cap.
 * @param version              the FIX version of every session.
 * @param subIds               SenderSubID and TargetSubID on every message, or {@link SubIds#NONE}.
 * @param cancelOnDisconnect   ask the venue in every Logon to cancel the session's orders this long after it
 *                             ends (35002/35003), or null for venues that do not support those tags.
 * @param hopStamps            ask the bundled exchange in every Logon (SondeHopStamps, 20100) to stamp the hops of
 *                             each answer; only for the bundled exchange, since another venue does not know the tag.
 */
public record SessionSettings(
    String host,
    int port,
    int sessions,
    String senderCompIdPattern,
    String targetCompId,
    Credentials credentials,
    int heartbeatSeconds,
    boolean persistentSequences,
    int maxMessagesPerSecond,
    FixVersion version,
    SubIds subIds,
    Duration cancelOnDisconnect,
    boolean hopStamps)
{
    /** What a market data session's SenderCompID adds to the first order session's. */
    public static final String MARKET_DATA_SUFFIX = "-MD";

    public SessionSettings
    {
        if (sessions < 1)
        {
            throw new IllegalArgumentException("at least one session is needed: " + sessions);
        }
        if (port < 1 || port > 65_535)
        {
            throw new IllegalArgumentException("port must be 1..65535: " + port);
        }
        if (heartbeatSeconds < 1)
        {
            throw new IllegalArgumentException("heartbeat interval must be at least 1 s: " + heartbeatSeconds);
        }
        if (maxMessagesPerSecond < 0)
        {
            throw new IllegalArgumentException("per-session message cap must not be negative: " +
                maxMessagesPerSecond);
        }
        if (version == null)
        {
            throw new IllegalArgumentException("a FIX version is needed");
        }
        if (sessions > 1 && !senderCompIdPattern.contains("%d"))
        {
            throw new IllegalArgumentException("with several sessions the SenderCompID pattern needs a %d: '" +
                senderCompIdPattern + "'");
        }
    }

    /**
     * Settings that do not ask for hop stamps: what every venue but the bundled exchange needs.
     */
    public SessionSettings(
        final String host,
        final int port,
        final int sessions,
        final String senderCompIdPattern,
        final String targetCompId,
        final Credentials credentials,
        final int heartbeatSeconds,
        final boolean persistentSequences,
        final int maxMessagesPerSecond,
        final FixVersion version,
        final SubIds subIds,
        final Duration cancelOnDisconnect)
    {
        this(host, port, sessions, senderCompIdPattern, targetCompId, credentials, heartbeatSeconds,
            persistentSequences, maxMessagesPerSecond, version, subIds, cancelOnDisconnect, false);
    }

    /**
     * @return these settings, asking for the bundled exchange's hop stamps or not.
     */
    public SessionSettings withHopStamps(final boolean ask)
    {
        return new SessionSettings(host, port, sessions, senderCompIdPattern, targetCompId, credentials,
            heartbeatSeconds, persistentSequences, maxMessagesPerSecond, version, subIds, cancelOnDisconnect, ask);
    }

    /**
     * @param index 0-based session index.
     */
    public String senderCompId(final int index)
    {
        return String.format(Locale.ROOT, senderCompIdPattern, index + 1);
    }

    /**
     * @return the settings of the run's market data session on the same gateway: one session, its SenderCompID
     *         the first order session's with {@link #MARKET_DATA_SUFFIX}, the same target, logon and version, no
     *         cancel-on-disconnect, hop stamps or message cap (it sends one request), sequences reset at logon.
     */
    public SessionSettings marketDataSession()
    {
        return marketDataSession(null, null);
    }

    /**
     * @param senderCompId the market data session's SenderCompID, as a venue profile or the probe's config names
     *                     it, or null for {@link #marketDataSession()}'s.
     * @param targetCompId its TargetCompID, or null for the order sessions'.
     * @return {@link #marketDataSession()}, with the CompIDs the venue gave its market data session.
     */
    public SessionSettings marketDataSession(final String senderCompId, final String targetCompId)
    {
        return new SessionSettings(host, port, 1, senderCompId == null ? senderCompId(0) + MARKET_DATA_SUFFIX :
            senderCompId, targetCompId == null ? this.targetCompId : targetCompId, credentials, heartbeatSeconds, false,
            0, version, subIds, null, false);
    }
}
