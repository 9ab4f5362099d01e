package io.sonde.inprocess.exchange;

import io.sonde.api.Fault;
import io.sonde.api.FaultKind;
import io.sonde.api.InvalidOptionException;
import io.sonde.inprocess.fault.AppliedFault;
import io.sonde.inprocess.fault.ExchangeFaults;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Faults on a three-member exchange whose members are this process's children ({@link MemberProcesses}):
 * <ul>
 *   <li>{@code kill-leader}: SIGKILL the leader's process and wait for another member to be elected. The killed
 *   member stays down while the run goes on with two, so that the fault's recovery measures the election and not a
 *   JVM starting beside the load on a small host; the next fault on the exchange first starts it again on its own
 *   data folder (once its Aeron mark files no longer look alive, about 11 s after the kill), so that fault still
 *   finds three members and a majority after it. That restart delays the next fault; its description says so.</li>
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
    private int down = -1;
    private long downSinceNanos;

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
     * Refuse, before anything starts, a schedule with a fault on the exchange that member processes cannot take.
     *
     * @throws InvalidOptionException naming the fault and why.
     */
    public static void checkSchedule(final List<Fault> faults)
    {
        for (final Fault fault : faults)
        {
            final String refusal = fault.kind().onExchange() ? refusal(fault.kind()) : "";
            if (!refusal.isEmpty())
            {
                throw new InvalidOptionException("--fault " + fault + ": " + refusal);
            }
        }
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
            final String restarted = restartKilled();
            final AppliedFault applied = fault.kind() == FaultKind.KILL_LEADER ? killLeader(fault) :
                pauseLeader(fault);
            return new AppliedFault(fault, applied.member(), applied.wallClockStart(), applied.wallClockEnd(),
                restarted + applied.description());
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

    private AppliedFault killLeader(final Fault fault) throws InterruptedException
    {
        final int leader = currentLeader(fault);
        final long pid = members.process(leader).pid();
        final Instant start = Instant.now();
        final long killedNanos = System.nanoTime();
        members.kill(leader);
        down = leader;
        downSinceNanos = killedNanos;
        final int next = members.awaitLeaderAfter(leader, killedNanos, ELECTION_WAIT);
        final String election = next < 0 ? "no new leader within " + ELECTION_WAIT.toSeconds() + " s" :
            "member " + next + " leader after " + millisSince(killedNanos) + " ms";
        return new AppliedFault(fault, leader, start, Instant.now(), "SIGKILL member " + leader + " (pid " + pid +
            "), " + election + "; member " + leader + " stays down until the next fault on the exchange");
    }

    /**
     * Start the member a {@code kill-leader} left down, so the cluster has three members again.
     *
     * @return what was done, to prefix the fault's description with; empty when every member runs.
     */
    private String restartKilled() throws IOException, InterruptedException
    {
        if (down < 0)
        {
            return "";
        }
        final long startNanos = System.nanoTime();
        members.restart(down, downSinceNanos);
        final String restarted = "member " + down + " restarted first (pid " + members.process(down).pid() +
            ", " + millisSince(startNanos) + " ms); ";
        down = -1;
        return restarted;
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
