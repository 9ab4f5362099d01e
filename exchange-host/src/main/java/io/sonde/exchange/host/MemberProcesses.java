package io.sonde.exchange.host;

import io.sonde.api.ExchangeSpec;
import io.sonde.api.IdleMode;
import io.sonde.exchange.cluster.ClusterMember;
import io.sonde.exchange.cluster.StatusQuery;
import io.sonde.loadgen.host.ThisJvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

/**
 * Cluster members as child processes of this JVM (same Java, classpath and JVM flags, running the exchange's own
 * main class, {@link ExchangeMain}, with {@code --member-id K}), each on its own data folder, their output passed
 * through. Every
 * process is stopped, killed, paused or restarted by its own handle or process id, never by name; closing stops
 * exactly these processes, and a shutdown hook does so if this JVM exits without closing them.
 * <p>
 * Thread safety: {@link #leaderId()} and {@link #awaitLeaderAfter} may be called from any thread; the methods
 * that change a member's process from one thread at a time.
 */
public final class MemberProcesses implements AutoCloseable
{
    private static final long READY_TIMEOUT_SECONDS = 60;
    private static final String LEADER = "LEADER";
    /** Aeron's default driver timeout, past which a dead process's mark files no longer look alive; and a margin. */
    private static final Duration MARK_FILE_STALE = Duration.ofMillis(10_500);
    private static final int RESTART_ATTEMPTS = 4;
    /** A little more than the 4.5 s a command's stop waits for the command to close what it opened. */
    private static final long STOP_GRACE_MS = 5_000;

    private final List<Process> processes = new CopyOnWriteArrayList<>();
    private final List<List<String>> commands = new ArrayList<>();
    private final Thread killOnExit;
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Map<Integer, StatusQuery> engineStatuses = new ConcurrentHashMap<>();
    private volatile int leaderId = -1;
    private volatile long leaderSinceNanos;

    private MemberProcesses()
    {
        // A JVM that exits without closing this (System.exit from a library, a crashed test) must not leave member
        // processes on the host, skewing every later measurement. On Ctrl-C or SIGTERM the command's own stop still
        // needs the cluster for a while (a run's drain, the engine's counts for its summary), so the hook first
        // gives it the time a command's stop is given, then kills whatever still runs.
        this.killOnExit = new Thread(() ->
        {
            try
            {
                closed.await(STOP_GRACE_MS, TimeUnit.MILLISECONDS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
            processes.forEach(Process::destroyForcibly);
        }, "sonde-members-on-exit");
        Runtime.getRuntime().addShutdownHook(killOnExit);
    }

    /**
     * Start one process per member and wait until each prints its READY line.
     *
     * @param dataDir parent of the members' folders ({@code node0}, {@code node1}, ...), or null for a
     *                temporary one.
     * @param hiccups where every member records its hiccups, or null for none.
     * @throws IllegalStateException when a member does not get ready.
     */
    public static MemberProcesses start(
        final List<ClusterMember> members,
        final Path dataDir,
        final Path hiccups,
        final List<String> symbols,
        final IdleMode idle,
        final Duration leaderTimeout) throws IOException, InterruptedException
    {
        final Path parent = dataDir != null ? dataDir : Files.createTempDirectory("sonde-exchange");
        final String memberList = members.stream().map(m -> m.host() + ":" + m.basePort())
            .collect(Collectors.joining(","));
        final MemberProcesses processes = new MemberProcesses();
        try
        {
            for (final ClusterMember member : members)
            {
                final ExchangeSpec.Builder spec = ExchangeSpec.builder().memberId(member.id()).members(memberList)
                    .dataDir(parent.resolve("node" + member.id())).symbols(symbols).idle(idle)
                    .leaderTimeout(leaderTimeout);
                if (hiccups == null)
                {
                    spec.noHiccups(true);
                }
                else
                {
                    spec.hiccups(hiccups.toAbsolutePath());
                }
                final List<String> command = ThisJvm.command(ExchangeMain.class.getName());
                command.addAll(spec.build().arguments());
                processes.commands.add(command);
                processes.processes.add(new ProcessBuilder(command).redirectErrorStream(true).start());
            }
            for (int i = 0; i < processes.processes.size(); i++)
            {
                processes.awaitReady(processes.processes.get(i), i);
            }
            return processes;
        }
        catch (final IOException | InterruptedException | RuntimeException ex)
        {
            processes.close();
            throw ex;
        }
    }

    /**
     * How many members' engines answered the status query as {@code answer} says, waiting up to {@code timeout} for
     * every running member to: each applies the query where it stands in the log, a follower a little after the
     * leader whose answer {@code answer} is, and prints its own answer, which is taken from its output (not passed
     * through) rather than asked of it, since only the leader answers a cluster client.
     *
     * @return the members that agree: all of them when their books are the same, fewer when one is down or differs.
     */
    public int membersAgreeing(final StatusQuery answer, final Duration timeout)
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (true)
        {
            int agreeing = 0;
            int running = 0;
            for (int i = 0; i < processes.size(); i++)
            {
                running += processes.get(i).isAlive() ? 1 : 0;
                agreeing += answer.equals(engineStatuses.get(i)) ? 1 : 0;
            }
            if (agreeing >= running || System.nanoTime() - deadline >= 0)
            {
                return agreeing;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }

    public List<Long> pids()
    {
        return processes.stream().map(Process::pid).toList();
    }

    /**
     * @return the member that last reported becoming leader, or -1 before any did.
     */
    public int leaderId()
    {
        return leaderId;
    }

    /**
     * Wait for a member other than {@code notThisOne} to report becoming leader after {@code afterNanos}.
     *
     * @param notThisOne a member that does not count (the one just deposed), or -1.
     * @param afterNanos a {@link System#nanoTime()} the report must come after.
     * @return the new leader, or -1 when none reported within the timeout.
     */
    public int awaitLeaderAfter(final int notThisOne, final long afterNanos, final Duration timeout)
        throws InterruptedException
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (true)
        {
            final int leader = leaderId;
            if (leader >= 0 && leader != notThisOne && leaderSinceNanos - afterNanos > 0)
            {
                return leader;
            }
            if (System.nanoTime() - deadline >= 0)
            {
                return -1;
            }
            Thread.sleep(10);
        }
    }

    /**
     * @return when the current leader reported becoming leader, as {@link System#nanoTime()}.
     */
    public long leaderSinceNanos()
    {
        return leaderSinceNanos;
    }

    public Process process(final int memberId)
    {
        return processes.get(memberId);
    }

    /**
     * SIGKILL the member's process (what a crash or an out-of-memory killer does) and wait for it to be gone.
     */
    public void kill(final int memberId) throws InterruptedException
    {
        final Process process = processes.get(memberId);
        process.destroyForcibly();
        if (!process.waitFor(10, TimeUnit.SECONDS))
        {
            throw new IllegalStateException("cluster member " + memberId + " (pid " + process.pid() +
                ") still runs 10 s after SIGKILL");
        }
    }

    /**
     * Start a killed member again on its own data folder, so it rejoins the cluster from its log, and wait for its
     * READY line. Its archive refuses to start while its mark file looks alive, i.e. until Aeron's driver timeout
     * ({@link #MARK_FILE_STALE}) has passed since the dead process last touched it: the start waits for that, then
     * tries again a few times should the first attempt still be too early.
     *
     * @param diedNanos when the member's process was killed, as {@link System#nanoTime()}.
     */
    public void restart(final int memberId, final long diedNanos) throws IOException, InterruptedException
    {
        if (processes.get(memberId).isAlive())
        {
            throw new IllegalStateException("cluster member " + memberId + " still runs");
        }
        final long staleInNanos = diedNanos + MARK_FILE_STALE.toNanos() - System.nanoTime();
        if (staleInNanos > 0)
        {
            TimeUnit.NANOSECONDS.sleep(staleInNanos);
        }
        for (int attempt = 1; ; attempt++)
        {
            final Process process = new ProcessBuilder(commands.get(memberId)).redirectErrorStream(true).start();
            processes.set(memberId, process);
            try
            {
                awaitReady(process, memberId);
                return;
            }
            catch (final IllegalStateException ex)
            {
                if (process.isAlive() || attempt == RESTART_ATTEMPTS)
                {
                    throw ex;
                }
                TimeUnit.SECONDS.sleep(1);
            }
        }
    }

    /**
     * SIGSTOP the member's process: it neither runs nor answers, as in a long GC pause or a hung host, until
     * {@link #resume}.
     */
    public void pause(final int memberId) throws IOException, InterruptedException
    {
        signal(memberId, "-STOP");
    }

    /**
     * SIGCONT a member {@link #pause}d.
     */
    public void resume(final int memberId) throws IOException, InterruptedException
    {
        signal(memberId, "-CONT");
    }

    public void close()
    {
        removeShutdownHook();
        processes.forEach(Process::destroy);
        for (final Process process : processes)
        {
            try
            {
                if (!process.waitFor(20, TimeUnit.SECONDS))
                {
                    process.destroyForcibly();
                }
            }
            catch (final InterruptedException ex)
            {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        closed.countDown();
    }

    /**
     * Signals go to the process's id, which is this JVM's child while its handle is alive; no other process can
     * have taken that id.
     */
    private void signal(final int memberId, final String signal) throws IOException, InterruptedException
    {
        final Process member = processes.get(memberId);
        if (!member.isAlive())
        {
            throw new IllegalStateException("cluster member " + memberId + " is not running");
        }
        final Process kill = new ProcessBuilder("kill", signal, Long.toString(member.pid()))
            .redirectErrorStream(true).start();
        final String output = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (kill.waitFor() != 0)
        {
            throw new IllegalStateException("kill " + signal + " " + member.pid() + " failed: " + output);
        }
    }

    private void removeShutdownHook()
    {
        try
        {
            Runtime.getRuntime().removeShutdownHook(killOnExit);
        }
        catch (final IllegalStateException ex)
        {
            // Already shutting down: the hook is running or has run.
        }
    }

    /**
     * Wait for the member's READY line, then keep copying its output (role changes, errors) to ours.
     */
    private void awaitReady(final Process process, final int memberId) throws InterruptedException
    {
        final BufferedReader reader = new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        final CountDownLatch ready = new CountDownLatch(1);
        final Thread pump = new Thread(() ->
        {
            try
            {
                String line;
                while ((line = reader.readLine()) != null)
                {
                    final StatusQuery status = StatusQuery.ofMemberLine(line);
                    if (status != null)
                    {
                        engineStatuses.put(memberId, status);
                        continue;
                    }
                    System.out.println("[member " + memberId + "] " + line);
                    if (line.endsWith("role " + LEADER))
                    {
                        leaderSinceNanos = System.nanoTime();
                        leaderId = memberId;
                    }
                    if (line.contains("READY"))
                    {
                        ready.countDown();
                    }
                }
            }
            catch (final IOException ignored)
            {
                // The process ended; its exit is seen by whoever waits for it.
            }
        }, "sonde-member-" + memberId + "-output");
        pump.setDaemon(true);
        pump.start();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_TIMEOUT_SECONDS);
        while (!ready.await(200, TimeUnit.MILLISECONDS))
        {
            if (!process.isAlive() || System.nanoTime() > deadline)
            {
                throw new IllegalStateException("cluster member " + memberId + " did not get ready" +
                    (process.isAlive() ? " within " + READY_TIMEOUT_SECONDS + " s" : ": it exited"));
            }
        }
    }
}
