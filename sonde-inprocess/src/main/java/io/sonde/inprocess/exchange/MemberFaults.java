package io.sonde.inprocess.exchange;

import io.sonde.api.Fault;
import io.sonde.api.FaultKind;
import io.sonde.inprocess.fault.AppliedFault;
import io.sonde.inprocess.fault.ExchangeFaults;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * Faults on a three-member exchange whose members are this process's children ({@link MemberProcesses}):
 * <ul>
 *   <li>{@code kill-leader}: SIGKILL the leader's process, wait for another member to be elected, then start the
 *   killed member again on its own data folder so the cluster is back to three, and a later {@code kill-leader}
 *   still leaves a majority. The restart waits about 11 s after the kill, until the dead member's Aeron mark files
 *   no longer look alive; the fault is over once the restarted member is ready, so a fault scheduled sooner after
 *   it waits. The restarted JVM's start-up competes with the load for the cores for a second or two, which the
 *   fault's windows show.</li>
 *   <li>{@code pause-leader:DURATION}: SIGSTOP the leader's process, SIGCONT it after the duration. A pause longer
 *   than the leader timeout deposes it; it rejoins as a follower.</li>
 * </ul>
 * {@code kill-gateway} and {@code partition-leader} are refused ({@link #whyNot}).
 * <p>
 * Called from one fault thread at a time; {@link #apply} blocks while the fault lasts.
 */
public final class MemberFaults implements ExchangeFaults
{
    private static final Duration ELECTION_WAIT = Duration.ofSeconds(30);

    private final MemberProcesses members;
    private final String appliedBy;

    /**
     * @param appliedBy who applies the faults, for the record, e.g. {@code sonde run (pid 4242)}.
     */
    public MemberFaults(final MemberProcesses members, final String appliedBy)
    {
        this.members = members;
        this.appliedBy = appliedBy;
    }

    public boolean supports(final FaultKind kind)
    {
        return whyNot(kind).isEmpty();
    }

    public String whyNot(final FaultKind kind)
    {
        return refusal(kind);
    }

    /**
     * @return why member processes cannot take faults of that kind; empty when they can. Known before any starts,
     *         so a command can refuse a schedule before it starts anything.
     */
    public static String refusal(final FaultKind kind)
    {
        return switch (kind)
        {
            case KILL_LEADER, PAUSE_LEADER -> "";
            case KILL_GATEWAY -> "the gateway runs inside the Sonde process that applies the faults, so it cannot " +
                "be killed and restarted on its own";
            case PARTITION_LEADER -> "the members share this host's loopback interface: cutting the leader off " +
                "needs each member in a network namespace of its own, which Sonde does not create";
            default -> kind.cliName() + " is a fault on Sonde's own sessions, not on the exchange";
        };
    }

    public AppliedFault apply(final Fault fault)
    {
        if (!supports(fault.kind()))
        {
            throw new IllegalStateException("--fault " + fault + ": " + whyNot(fault.kind()));
        }
        try
        {
            return fault.kind() == FaultKind.KILL_LEADER ? killLeader(fault) : pauseLeader(fault);
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("--fault " + fault + " could not be applied: " + ex.getMessage(), ex);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("--fault " + fault + " interrupted", ex);
        }
    }

    /**
     * @return who applies the faults, as {@code faults.json} records it.
     */
    public String appliedBy()
    {
        return appliedBy;
    }

    private AppliedFault killLeader(final Fault fault) throws IOException, InterruptedException
    {
        final int leader = currentLeader(fault);
        final long pid = members.process(leader).pid();
        final Instant start = Instant.now();
        final long killedNanos = System.nanoTime();
        members.kill(leader);
        final int next = members.awaitLeaderAfter(leader, killedNanos, ELECTION_WAIT);
        final String election = next < 0 ? "no new leader within " + ELECTION_WAIT.toSeconds() + " s" :
            "member " + next + " leader after " + millisSince(killedNanos) + " ms";
        members.restart(leader, killedNanos);
        return new AppliedFault(fault, leader, start, Instant.now(), "SIGKILL member " + leader + " (pid " + pid +
            "), " + election + ", member " + leader + " restarted (pid " + members.process(leader).pid() +
            ") after " + millisSince(killedNanos) + " ms");
    }

    private AppliedFault pauseLeader(final Fault fault) throws IOException, InterruptedException
    {
        final int leader = currentLeader(fault);
        final long pid = members.process(leader).pid();
        final Instant start = Instant.now();
        final long pausedNanos = System.nanoTime();
        members.pause(leader);
        try
        {
            TimeUnit.NANOSECONDS.sleep(fault.duration().toNanos());
        }
        finally
        {
            members.resume(leader);
        }
        final Instant end = Instant.now();
        final int next = members.awaitLeaderAfter(leader, pausedNanos, Duration.ZERO);
        return new AppliedFault(fault, leader, start, end, "SIGSTOP member " + leader + " (pid " + pid +
            "), SIGCONT after " + millisSince(pausedNanos) + " ms; " + (next < 0 ? "no other member elected by then" :
            "member " + next + " was elected meanwhile"));
    }

    private int currentLeader(final Fault fault)
    {
        final int leader = members.leaderId();
        if (leader < 0 || !members.process(leader).isAlive())
        {
            throw new IllegalStateException("--fault " + fault + ": the cluster has no leader to act on");
        }
        return leader;
    }

    private static long millisSince(final long nanos)
    {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
    }
}
