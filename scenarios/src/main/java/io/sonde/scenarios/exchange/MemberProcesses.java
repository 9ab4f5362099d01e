package io.sonde.scenarios.exchange;

import io.sonde.exchange.cluster.ClusterMember;
import io.sonde.scenarios.cli.SondeProcess;
import io.sonde.api.IdleMode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Cluster members as child processes of this JVM (same Java, classpath and JVM flags), each on its own
 * data folder, their output passed through. Closing stops exactly these processes, by their handles.
 */
public final class MemberProcesses implements AutoCloseable
{
    private static final long READY_TIMEOUT_SECONDS = 60;
    private static final String LEADER = "LEADER";

    private final List<Process> processes;
    private final Thread killOnExit;
    private volatile int leaderId = -1;

    private MemberProcesses(final List<Process> processes)
    {
        this.processes = processes;
        // A JVM that exits without closing this (System.exit from a library, a crashed test) must not leave
        // member processes spinning on the host, skewing every later measurement.
        this.killOnExit = new Thread(() -> processes.forEach(Process::destroyForcibly), "sonde-members-on-exit");
        Runtime.getRuntime().addShutdownHook(killOnExit);
    }

    /**
     * Start one process per member and wait until each prints its READY line.
     *
     * @param dataDir parent of the members' folders ({@code node0}, {@code node1}, ...), or null for a
     *                temporary one.
     * @param hiccups where every member records its hiccups, or null for none.
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
        final List<Process> started = new ArrayList<>();
        final MemberProcesses processes = new MemberProcesses(started);
        try
        {
            for (final ClusterMember member : members)
            {
                final List<String> command = SondeProcess.javaCommand();
                command.addAll(List.of("exchange", "--member-id", Integer.toString(member.id()),
                    "--members", memberList, "--data-dir", parent.resolve("node" + member.id()).toString(),
                    "--symbols", String.join(",", symbols), "--idle", idle.toString(),
                    "--leader-timeout", leaderTimeout.toMillis() + "ms"));
                command.addAll(hiccups == null ? List.of("--no-hiccups") :
                    List.of("--hiccups", hiccups.toAbsolutePath().toString()));
                started.add(new ProcessBuilder(command).redirectErrorStream(true).start());
            }
            for (int i = 0; i < started.size(); i++)
            {
                processes.awaitReady(started.get(i), i);
            }
            return processes;
        }
        catch (final IOException | InterruptedException | RuntimeException ex)
        {
            processes.close();
            throw ex;
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

    public Process process(final int memberId)
    {
        return processes.get(memberId);
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
                    System.out.println("[member " + memberId + "] " + line);
                    if (line.endsWith("role " + LEADER))
                    {
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
