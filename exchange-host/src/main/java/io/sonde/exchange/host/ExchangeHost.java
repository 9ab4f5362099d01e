package io.sonde.exchange.host;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.sonde.agent.HiccupRecording;
import io.sonde.api.ExchangeSpec;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.cluster.ClusterConnection;
import io.sonde.exchange.cluster.ClusterMember;
import io.sonde.exchange.cluster.ClusterNode;
import io.sonde.exchange.cluster.StatusQuery;
import io.sonde.exchange.gateway.Gateway;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.loadgen.host.ReadyFile;
import io.sonde.loadgen.host.ShutdownLatch;
import io.sonde.loadgen.idle.BusyThreadRegistry;
import io.sonde.loadgen.idle.HostIdle;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The bundled exchange as an {@link ExchangeSpec} asks for it, in one of its shapes: everything in this process
 * (the default), three member processes started here plus a gateway ({@code --nodes 3}), one cluster member
 * ({@code --member-id}), a gateway in front of running members ({@code --members}), or a question to running
 * members ({@code --status}). Each serving shape prints a READY line once it serves, then runs until Ctrl-C or
 * SIGTERM, closes everything it opened and says it stopped. What {@code sonde exchange} and {@link ExchangeMain}
 * both run.
 */
public final class ExchangeHost
{
    private static final int CONNECT_TIMEOUT_SECONDS = 60;
    private static final long ROLE_POLL_MS = 100;
    /** With the gateway's second for its logouts, within the 4.5 s a stop's hook waits for the command. */
    private static final long CLUSTER_SHUTDOWN_SECONDS = 3;

    private final ExchangeSpec spec;
    private final ExchangeSetup setup;
    private final PrintWriter out;

    private ExchangeHost(final ExchangeSpec spec, final PrintWriter out)
    {
        this.spec = spec;
        this.setup = ExchangeSetup.check(spec);
        this.out = out;
    }

    /**
     * Run the exchange until it is stopped (or, for {@code --status}, until the answer is printed).
     *
     * @return the exit code: 0 once stopped cleanly.
     * @throws io.sonde.api.InvalidOptionException naming an option found wrong before anything started: an address
     *                                             or a users file that cannot be read, a member not in the list.
     */
    public static int run(final ExchangeSpec spec, final PrintWriter out) throws Exception
    {
        final ExchangeHost host = new ExchangeHost(spec, out);
        if (spec.status())
        {
            return host.printStatus();
        }
        if (spec.memberId().isPresent())
        {
            return host.serve("sonde-exchange-member", host::runMember);
        }
        if (spec.members().isPresent())
        {
            return host.serve("sonde-exchange-gateway", host::runGateway);
        }
        if (spec.nodes() == 3)
        {
            return host.serve("sonde-exchange", host::runThreeMembers);
        }
        return host.serve("sonde-exchange", host::runEmbedded);
    }

    /**
     * Serve until Ctrl-C or SIGTERM, then say so once everything the shape opened is closed: within the latch, so
     * that the stop's hook waits for the line before the JVM exits.
     */
    private int serve(final String name, final Shape shape) throws Exception
    {
        try (ShutdownLatch shutdown = new ShutdownLatch(name))
        {
            shape.serve(shutdown);
            return stopped();
        }
    }

    private void runEmbedded(final ShutdownLatch shutdown) throws InterruptedException
    {
        final int cores = Runtime.getRuntime().availableProcessors();
        final ThreadChoice choice = ThreadChoice.choose(spec.threads(), claimedByOthers(), cores);
        final UserDirectory users = setup.users(out);
        out.println("sonde exchange: threads " + spec.threads() + ": " + choice.threads().busyThreads() + " (" +
            choice.why() + ")");
        final Path dataDir = spec.dataDir().orElse(null);
        try (HostIdle mode = HostIdle.claim(spec.idle(), choice.threads().busyThreads(), out);
            HiccupRecording hiccups = recordHiccups(dataDir, "exchange");
            EmbeddedExchange exchange = EmbeddedExchange.start(spec.bind(), spec.port(), users, dataDir,
                spec.symbols(), mode::newStrategy, spec.logFixMessages(), setup.feed(), choice.threads()))
        {
            out.println("sonde exchange: " + Layouts.embedded(choice.threads(), mode, cores).describe());
            printFeed(exchange.gateway());
            ready("fix=" + spec.bind() + ":" + exchange.port() + " nodes=1 symbols=" +
                String.join(",", spec.symbols()));
            shutdown.awaitStop();
            if (dataDir != null && !exchange.shutdown(CLUSTER_SHUTDOWN_SECONDS, TimeUnit.SECONDS))
            {
                System.err.println("sonde exchange: no clean cluster shutdown within " + CLUSTER_SHUTDOWN_SECONDS +
                    " s; the log still holds every order and is replayed on restart");
            }
        }
    }

    private void runMember(final ShutdownLatch shutdown) throws InterruptedException
    {
        final int memberId = spec.memberId().orElseThrow();
        final List<ClusterMember> cluster = setup.cluster();
        final Path folder = spec.dataDir().orElse(Path.of("exchange-data", "node" + memberId));
        try (HostIdle mode = HostIdle.claim(spec.idle(), 2, out);
            HiccupRecording hiccups = recordHiccups(folder, "exchange-member-" + memberId);
            ClusterNode node = ClusterNode.launch(memberId, cluster, folder, spec.symbols(), mode::newStrategy,
                spec.leaderTimeout().toNanos()))
        {
            out.println("sonde exchange: 2 busy threads, " + mode.describe() + ": " + node.infraDuty().name() +
                " (media driver, archive, consensus module); " + ClusterNode.SERVICE_THREAD + " (matching engine)");
            printElectionTimings();
            node.service().onEngineStatus(status ->
            {
                out.println(status.memberLine());
                out.flush();
            });
            ready("member=" + memberId + " of " + cluster.size() + " data=" + folder);
            Object role = null;
            while (!shutdown.awaitStop(ROLE_POLL_MS, TimeUnit.MILLISECONDS))
            {
                if (node.service().role() != role)
                {
                    role = node.service().role();
                    out.println("sonde exchange: member " + memberId + " role " + role);
                    out.flush();
                }
            }
        }
    }

    private void runGateway(final ShutdownLatch shutdown) throws InterruptedException
    {
        final List<ClusterMember> cluster = setup.cluster();
        final UserDirectory users = setup.users(out);
        try (HostIdle mode = HostIdle.claim(spec.idle(), 1, out);
            HiccupRecording hiccups = recordHiccups(null, "exchange-gateway");
            Gateway gateway = Gateway.start(setup.gatewaySettings(users, mode, CONNECT_TIMEOUT_SECONDS),
                gatewayDir -> ClusterConnection.overUdp(gatewayDir, cluster)))
        {
            out.println("sonde exchange: 1 busy thread, " + mode.describe() + ": exchange-gateway (FIX library, " +
                "Artio engine, media driver and archive, cluster client)");
            printFeed(gateway);
            ready("fix=" + spec.bind() + ":" + gateway.port() + " gateway for " + spec.members().orElseThrow());
            shutdown.awaitStop();
        }
    }

    private void runThreeMembers(final ShutdownLatch shutdown) throws Exception
    {
        final List<ClusterMember> cluster = ClusterMember.onFreeLoopbackPorts(3);
        final UserDirectory users = setup.users(out);
        // Every member process has two busy threads and the gateway one, all on this host: each process claims its
        // own, so with auto every one of them sees all seven and spins only a window.
        printElectionTimings();
        final Path dataDir = spec.dataDir().orElse(null);
        final Path hiccupsFolder = spec.noHiccups() ? null : hiccupsFolder(dataDir);
        try (HostIdle mode = HostIdle.claim(spec.idle(), 1, out);
            HiccupRecording hiccups = recordHiccups(dataDir, "exchange-gateway");
            MemberProcesses processes = MemberProcesses.start(cluster, dataDir, hiccupsFolder, spec.symbols(),
                spec.idle(), spec.leaderTimeout());
            Gateway gateway = Gateway.start(setup.gatewaySettings(users, mode, CONNECT_TIMEOUT_SECONDS),
                gatewayDir -> ClusterConnection.overUdp(gatewayDir, cluster));
            ExchangeFaultSchedule schedule = faultSchedule(processes, dataDir))
        {
            printFeed(gateway);
            ready("fix=" + spec.bind() + ":" + gateway.port() + " nodes=3 members=" +
                ClusterMember.ingressEndpoints(cluster) + " pids=" + processes.pids());
            schedule.start();
            shutdown.awaitStop();
        }
    }

    private int printStatus()
    {
        try (MediaDriver driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
            .threadingMode(ThreadingMode.SHARED)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)))
        {
            final StatusQuery answer = StatusQuery.ask(
                ClusterConnection.overUdp(driver.aeronDirectoryName(), setup.cluster()),
                CONNECT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            out.printf("sonde exchange: STATUS ordersAccepted=%d openOrders=%d trades=%d digest=%d%n",
                answer.ordersAccepted(), answer.openOrders(), answer.trades(), answer.digest());
            out.flush();
        }
        return 0;
    }

    private ExchangeFaultSchedule faultSchedule(final MemberProcesses processes, final Path dataDir)
    {
        final String appliedBy = "sonde exchange (pid " + ProcessHandle.current().pid() + ")";
        return new ExchangeFaultSchedule(spec.faults(), new MemberFaults(processes, appliedBy),
            new AppliedFaultsFile(dataDir != null ? dataDir : Path.of("").toAbsolutePath(), appliedBy), out);
    }

    /**
     * @param dataFolder the process's data folder, or null for none.
     * @return the recording of this process's hiccups as {@code component}, or null with {@code --no-hiccups}.
     */
    private HiccupRecording recordHiccups(final Path dataFolder, final String component)
    {
        return spec.noHiccups() ? null : ExchangeHiccups.start(hiccupsFolder(dataFolder), component, out);
    }

    private Path hiccupsFolder(final Path dataFolder)
    {
        return spec.hiccups().orElse(dataFolder != null ? dataFolder.resolve("hiccups") : Path.of("hiccups"));
    }

    /**
     * Says how fast a failover can be.
     */
    private void printElectionTimings()
    {
        out.println("sonde exchange: elections: " + setup.electionTimings().describe());
        out.flush();
    }

    private void printFeed(final Gateway gateway)
    {
        if (setup.feed().enabled())
        {
            out.println("sonde exchange: market data to " + setup.feed().describe() + ", snapshots on tcp " +
                spec.bind() + ":" + gateway.feedSnapshotPort());
            out.flush();
        }
    }

    private void ready(final String details)
    {
        final String line = "sonde exchange: READY " + details;
        out.println(line);
        out.flush();
        ReadyFile.announce(line);
    }

    /**
     * Said once everything is closed: a supervisor or a user waiting on Ctrl-C learns the exchange is down, not
     * only that it was asked to stop.
     */
    private int stopped()
    {
        out.println("sonde exchange: stopped");
        out.flush();
        return 0;
    }

    /**
     * Busy threads that the other live Sonde processes on this host claim: the exchange cannot see a run that
     * starts after it, which is why {@code auto} keeps a core for one on a small host.
     */
    private static int claimedByOthers()
    {
        return BusyThreadRegistry.forHost().others().values().stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * One shape of the exchange, serving until the latch hears a stop, every resource it opened closed on return.
     */
    @FunctionalInterface
    private interface Shape
    {
        void serve(ShutdownLatch shutdown) throws Exception;
    }
}
