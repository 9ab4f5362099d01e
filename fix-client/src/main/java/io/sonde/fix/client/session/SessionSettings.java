package io.sonde.fix.client.session;

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
    Duration cancelOnDisconnect)
{
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
     * @param index 0-based session index.
     */
    public String senderCompId(final int index)
    {
        return String.format(Locale.ROOT, senderCompIdPattern, index + 1);
    }
}
