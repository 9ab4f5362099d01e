package io.sonde.exchange.cluster;

import java.util.concurrent.TimeUnit;

/**
 * How fast a cluster notices that its leader is gone and elects another, all scaled from one setting: how long
 * followers wait without a heartbeat from the leader.
 * <p>
 * While a cluster has no leader, orders wait in the gateway (or were sent to the dead leader and are lost), so
 * the leader timeout is most of what a failover costs. Aeron's defaults (10 s timeout, 200 ms heartbeats,
 * 1 s election rounds) suit clusters across data centres; the bundled exchange runs on one host or LAN, where
 * 300 ms of silence is a dead leader, not a slow one. The leader heartbeats ten times per timeout, so a
 * follower needs ten missed heartbeats in a row (a stall of the whole timeout) before it starts an election;
 * election rounds take half the timeout and status messages a twentieth, capped at Aeron's defaults.
 *
 * @param leaderHeartbeatTimeoutNs  silence after which followers elect a new leader.
 * @param leaderHeartbeatIntervalNs how often the leader says it is alive when it has nothing else to send.
 * @param electionTimeoutNs         how long an election waits for votes before it starts over.
 * @param electionStatusIntervalNs  how often members exchange their positions during an election.
 */
public record ElectionTimings(
    long leaderHeartbeatTimeoutNs,
    long leaderHeartbeatIntervalNs,
    long electionTimeoutNs,
    long electionStatusIntervalNs)
{
    /** The bundled exchange's default: well under a second from a leader's death to a new leader. */
    public static final long DEFAULT_LEADER_TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(300);

    private static final long MAX_HEARTBEAT_INTERVAL_NS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final long MAX_ELECTION_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(1);
    private static final long MAX_STATUS_INTERVAL_NS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long MIN_LEADER_TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(100);

    /**
     * @throws IllegalArgumentException when the timeout is below 100 ms, where one scheduler stall would
     *                                  depose a healthy leader.
     */
    public static ElectionTimings forLeaderTimeout(final long leaderHeartbeatTimeoutNs)
    {
        if (leaderHeartbeatTimeoutNs < MIN_LEADER_TIMEOUT_NS)
        {
            throw new IllegalArgumentException("a leader timeout of " +
                TimeUnit.NANOSECONDS.toMillis(leaderHeartbeatTimeoutNs) + " ms is below the 100 ms minimum");
        }
        return new ElectionTimings(
            leaderHeartbeatTimeoutNs,
            Math.min(leaderHeartbeatTimeoutNs / 10, MAX_HEARTBEAT_INTERVAL_NS),
            Math.min(leaderHeartbeatTimeoutNs / 2, MAX_ELECTION_TIMEOUT_NS),
            Math.min(leaderHeartbeatTimeoutNs / 20, MAX_STATUS_INTERVAL_NS));
    }

    /**
     * @return the settings as a log line shows them.
     */
    public String describe()
    {
        return "leader timeout " + millis(leaderHeartbeatTimeoutNs) + ", heartbeat every " +
            millis(leaderHeartbeatIntervalNs) + ", election rounds " + millis(electionTimeoutNs) + ", status every " +
            millis(electionStatusIntervalNs);
    }

    private static String millis(final long nanos)
    {
        return TimeUnit.NANOSECONDS.toMillis(nanos) + " ms";
    }
}
