package io.sonde.exchange.host;

import io.sonde.api.ExchangeSpec;
import io.sonde.api.Fault;
import io.sonde.api.FaultKind;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
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
 * {@code kill-gateway} and {@code partition-leader} are refused ({@link ExchangeSpec#memberRefusal}).
 * <p>
 * Called from one fault thread at a time; {@link #apply} blocks while the fault lasts.
 */
public final class MemberFaults
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

    /**
     * @return whether member processes take faults of that kind.
     */
    public static boolean supports(final FaultKind kind)
    {
        return ExchangeSpec.memberRefusal(kind).isEmpty();
    }

    /**
     * Apply the fault, blocking until it is over (a paused leader continued, a killed one's election seen).
     *
     * @param fault a fault of a kind member processes {@link #supports}.
     * @return what was done, and when.
     * @throws IllegalStateException when it could not be applied, saying why.
     */
    public FaultOnMember apply(final Fault fault)
    {
        final String refusal = ExchangeSpec.memberRefusal(fault.kind());
        if (!refusal.isEmpty())
        {
            throw new IllegalStateException("--fault " + fault + ": " + refusal);
        }
        try
        {
            final String restarted = restartKilled();
            final FaultOnMember applied = fault.kind() == FaultKind.KILL_LEADER ? killLeader(fault) :
                pauseLeader(fault);
            return new FaultOnMember(fault, applied.member(), applied.wallClockStart(), applied.wallClockEnd(),
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

    private FaultOnMember killLeader(final Fault fault) throws InterruptedException
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
        return new FaultOnMember(fault, leader, start, Instant.now(), "SIGKILL member " + leader + " (pid " + pid +
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

    private FaultOnMember pauseLeader(final Fault fault) throws IOException, InterruptedException
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
        return new FaultOnMember(fault, leader, start, end, "SIGSTOP member " + leader + " (pid " + pid +
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
