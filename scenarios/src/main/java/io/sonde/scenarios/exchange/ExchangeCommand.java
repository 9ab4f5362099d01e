package io.sonde.scenarios.exchange;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.sonde.agent.HiccupRecording;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.api.Fault;
import io.sonde.api.InvalidOptionException;
import io.sonde.inprocess.exchange.AppliedFaultsFile;
import io.sonde.inprocess.exchange.ExchangeFaultSchedule;
import io.sonde.inprocess.exchange.MemberFaults;
import io.sonde.inprocess.exchange.MemberProcesses;
import io.sonde.exchange.cluster.ClusterConnection;
import io.sonde.exchange.cluster.ClusterMember;
import io.sonde.exchange.cluster.ClusterNode;
import io.sonde.exchange.cluster.ElectionTimings;
import io.sonde.exchange.cluster.MemberThreads;
import io.sonde.exchange.cluster.StatusQuery;
import io.sonde.exchange.feed.FeedSettings;
import io.sonde.exchange.gateway.ConnectionLimits;
import io.sonde.exchange.gateway.Gateway;
import io.sonde.exchange.gateway.GatewaySettings;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.fix.engine.InvokedDuty;
import io.sonde.scenarios.cli.DurationConverter;
import io.sonde.api.IdleMode;
import io.sonde.loadgen.idle.BusyThreadRegistry;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.loadgen.idle.ThreadLayout;
import io.sonde.scenarios.cli.ChoiceConverters;
import io.sonde.scenarios.cli.ReadyFile;
import io.sonde.scenarios.cli.ShutdownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code sonde exchange}: the bundled exchange, in one of four shapes: everything in this process (the
 * default), three member processes started here plus a gateway, one cluster member, or a gateway in front
 * of running members.
 */
@Command(
    name = "exchange",
    description = {
        "Run the bundled exchange: an Artio FIX 4.4 gateway in front of an Aeron Cluster price-time matching " +
            "engine (limit/market, day/IOC, partial fills, cancel, replace).",
        "",
        "  sonde exchange                              gateway + one-member cluster in this process " +
            "(--threads 1 or 2)",
        "  sonde exchange --nodes 3                    three member processes on loopback + gateway here",
        "  sonde exchange --member-id K --members M    one cluster member (no gateway)",
        "  sonde exchange --members M                  a gateway in front of running members",
        "  sonde exchange --members M --status         the running cluster's counts and state digest",
        "",
        "M is host:port,host:port,host:port: member K uses 5 ports from the K-th port (ingress, consensus, " +
            "log, catch-up, archive). Prints a READY line once it serves; Ctrl-C or SIGTERM stops it cleanly.",
        "Without --users any logon is accepted (fine on loopback, never on a shared network).",
        "With --md-udp or --md-multicast the gateway publishes a market-by-order feed (docs/market-data.md)."
    },
    mixinStandardHelpOptions = true)
public final class ExchangeCommand implements Callable<Integer>
{
    private static final int CONNECT_TIMEOUT_SECONDS = 60;
    private static final long ROLE_POLL_MS = 100;
    /** With the gateway's second for its logouts, within the 4.5 s a stop's hook waits for the command. */
    private static final long CLUSTER_SHUTDOWN_SECONDS = 3;

    @Spec
    private CommandSpec spec;

    @Option(names = "--port", defaultValue = "9880",
        description = "FIX port (default: ${DEFAULT-VALUE}; 0 = any free).")
    private int port;

    @Option(names = "--bind", defaultValue = "127.0.0.1",
        description = "FIX listen address (default: ${DEFAULT-VALUE}).")
    private String bindHost;

    @Option(names = "--nodes", defaultValue = "1",
        description = "Cluster members to start: 1 or 3 (default: ${DEFAULT-VALUE}).")
    private int nodes;

    @Option(names = "--member-id", description = "Run only cluster member K of --members.")
    private Integer memberId;

    @Option(names = "--members", description = "Cluster members host:port,... (see above).")
    private String members;

    @Option(names = "--data-dir", description = "Keep the cluster's log and snapshots here; a restart with the " +
        "same folder recovers every book. Default: a temporary folder, deleted on exit.")
    private Path dataDir;

    @Option(names = "--hiccups", description = "Record the exchange's own hiccups (GC, safepoints, the OS) here, " +
        "one jHiccup-format log per process (exchange, exchange-member-K, exchange-gateway), for 'sonde report " +
        "--hiccups'. Default: DATA-DIR/hiccups, else hiccups/ in the working folder.")
    private Path hiccupsDir;

    @Option(names = "--no-hiccups", description = "Do not record the exchange's hiccups.")
    private boolean noHiccups;

    @Option(names = "--users", description = "Properties file of username=password lines allowed to log on.")
    private Path usersFile;

    @Option(names = "--symbols", split = ",", defaultValue = "SONDE.A,SONDE.B,SONDE.C,SONDE.D",
        description = "Instruments traded; every member needs the same list (default: ${DEFAULT-VALUE}).")
    private List<String> symbols;

    @Option(names = "--idle", defaultValue = "auto", converter = ChoiceConverters.IdleModeConverter.class,
        description = "How the exchange's busy threads wait (a member has two: infrastructure and service; a " +
            "gateway one). auto busy-spins them when all the busy threads this command starts fit in the " +
            "cores, else spin-window; or busy-spin, spin-window, backoff, yield, sleep. Several exchange " +
            "processes on one host: choose explicitly (default: ${DEFAULT-VALUE}).")
    private IdleMode idle;

    @Option(names = "--threads", defaultValue = "auto", converter = ExchangeThreads.Converter.class,
        description = "Busy threads of the exchange in one process: 2 (driver, archive and consensus module on one, " +
            "matching engine and gateway on the other), 1 (all on one) or auto: 1 on a host of 2 cores or fewer, " +
            "so a run started beside it has a core, or when other Sonde processes leave no room for 2; else 2 " +
            "(default: ${DEFAULT-VALUE}).")
    private ExchangeThreads threads;

    @Option(names = "--status", description = "With --members: ask the running cluster for its order counts and " +
        "state digest (through the log), print a STATUS line and exit.")
    private boolean status;

    @Option(names = "--log-fix-messages", description = "Record every FIX message in the gateway's archive so " +
        "resend requests replay the originals (default: off, a resend gets a gap fill).")
    private boolean logFixMessages;

    @Option(names = "--leader-timeout", defaultValue = "300ms", converter = DurationConverter.class,
        description = "How long followers wait for a silent leader before electing another; heartbeats and " +
            "election rounds scale with it (default: ${DEFAULT-VALUE}, at least 100ms).")
    private Duration leaderTimeout;

    @Option(names = MarketDataOptions.UDP, paramLabel = "HOST:PORT[,HOST:PORT...]",
        description = "Publish the market-data feed: every packet to each of these UDP destinations.")
    private String marketDataUdp;

    @Option(names = MarketDataOptions.MULTICAST, paramLabel = "GROUP:PORT",
        description = "Publish the market-data feed to this multicast group (with " + MarketDataOptions.INTERFACE +
            "), instead of " + MarketDataOptions.UDP + ".")
    private String marketDataMulticast;

    @Option(names = MarketDataOptions.INTERFACE, paramLabel = "IF",
        description = "The network interface multicast leaves by, by name (e.g. eth0).")
    private String marketDataInterface;

    @Option(names = MarketDataOptions.SNAPSHOT_PORT, paramLabel = "PORT",
        description = "TCP port serving the feed's book snapshots, on the --bind address (default: a free port, " +
            "printed at start).")
    private Integer marketDataSnapshotPort;

    @Option(names = "--fault", paramLabel = "AT:KIND[:ARG]", description = "With --nodes 3: a fault on the " +
        "exchange at AT from READY, repeatable: kill-leader (SIGKILL; the member starts again before the next " +
        "fault), " +
        "pause-leader:DURATION (SIGSTOP, SIGCONT after it). Each is recorded with its wall-clock time in " +
        "faults.json in --data-dir (else the working folder), for 'sonde report' to place on a run's time axis.")
    private List<String> faultTexts = List.of();

    private FeedSettings feed = FeedSettings.OFF;
    private List<Fault> faults = List.of();

    public Integer call() throws Exception
    {
        final PrintWriter out = spec.commandLine().getOut();
        electionTimings();
        feed = feedSettings();
        checkThreadsApply();
        faults = faults();
        if (status)
        {
            if (members == null)
            {
                throw new ParameterException(spec.commandLine(), "--status needs --members");
            }
            return printStatus(out, ClusterMember.parse(members));
        }
        if (memberId != null)
        {
            return runMember(out);
        }
        if (members != null)
        {
            return runGateway(out, ClusterMember.parse(members));
        }
        if (nodes == 3)
        {
            return runThreeMembers(out);
        }
        if (nodes != 1)
        {
            throw new ParameterException(spec.commandLine(), "--nodes: " + nodes + " is not 1 or 3");
        }
        return runEmbedded(out);
    }

    /**
     * Said once everything is closed: a supervisor or a user waiting on Ctrl-C learns the exchange is down, not
     * only that it was asked to stop.
     */
    private static int stopped(final PrintWriter out)
    {
        out.println("sonde exchange: stopped");
        out.flush();
        return 0;
    }

    /**
     * {@code --threads} shapes the exchange in one process only: a member process started with {@code --member-id}
     * keeps two, and a gateway process has one already.
     */
    private void checkThreadsApply()
    {
        final boolean oneProcess = memberId == null && members == null && nodes == 1;
        if (!oneProcess && threads != ExchangeThreads.AUTO)
        {
            throw new ParameterException(spec.commandLine(), "--threads applies to the exchange in one process " +
                "(no --nodes, --member-id or --members)");
        }
    }

    private int runEmbedded(final PrintWriter out) throws InterruptedException
    {
        final UserDirectory users = users(out);
        final int cores = Runtime.getRuntime().availableProcessors();
        final ExchangeThreads.Choice choice = threads.choose(claimedByOthers(), cores);
        out.println("sonde exchange: threads " + threads + ": " + choice.threads().busyThreads() + " (" +
            choice.why() + ")");
        try (ShutdownLatch shutdown = new ShutdownLatch("sonde-exchange");
            HostIdle mode = HostIdle.claim(idle, choice.threads().busyThreads(), out);
            HiccupRecording hiccups = recordHiccups(dataDir, "exchange", out);
            EmbeddedExchange exchange = EmbeddedExchange.start(bindHost, port, users, dataDir, symbols,
                mode::newStrategy, logFixMessages, feed, choice.threads()))
        {
            out.println("sonde exchange: " + embeddedLayout(choice.threads(), mode, cores).describe());
            printFeed(out, exchange.gateway());
            ready(out, "fix=" + bindHost + ":" + exchange.port() + " nodes=1 symbols=" + String.join(",", symbols));
            shutdown.awaitStop();
            if (dataDir != null && !exchange.shutdown(CLUSTER_SHUTDOWN_SECONDS, TimeUnit.SECONDS))
            {
                System.err.println("sonde exchange: no clean cluster shutdown within " + CLUSTER_SHUTDOWN_SECONDS +
                    " s; the log still holds " +
                    "every order and is replayed on restart");
            }
        }
        return stopped(out);
    }

    private int runMember(final PrintWriter out) throws InterruptedException
    {
        if (members == null)
        {
            throw new ParameterException(spec.commandLine(), "--member-id needs --members");
        }
        final List<ClusterMember> cluster = parseMembers();
        final Path folder = dataDir != null ? dataDir : Path.of("exchange-data", "node" + memberId);
        try (ShutdownLatch shutdown = new ShutdownLatch("sonde-exchange-member");
            HostIdle mode = HostIdle.claim(idle, 2, out);
            HiccupRecording hiccups = recordHiccups(folder, "exchange-member-" + memberId, out);
            ClusterNode node = ClusterNode.launch(memberId, cluster, folder, symbols, mode::newStrategy,
                leaderTimeout.toNanos()))
        {
            layout(out, mode, node.infraDuty(), ClusterNode.SERVICE_THREAD + " (matching engine)");
            printElectionTimings(out);
            ready(out, "member=" + memberId + " of " + cluster.size() + " data=" + folder);
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
        return stopped(out);
    }

    private int runGateway(final PrintWriter out, final List<ClusterMember> cluster) throws InterruptedException
    {
        final UserDirectory users = users(out);
        try (ShutdownLatch shutdown = new ShutdownLatch("sonde-exchange-gateway");
            HostIdle mode = HostIdle.claim(idle, 1, out);
            HiccupRecording hiccups = recordHiccups(null, "exchange-gateway", out);
            Gateway gateway = Gateway.start(gatewaySettings(users, mode),
                gatewayDir -> ClusterConnection.overUdp(gatewayDir, cluster)))
        {
            out.println("sonde exchange: 1 busy thread, " + mode.describe() + ": exchange-gateway (FIX library, " +
                "Artio engine, media driver and archive, cluster client)");
            printFeed(out, gateway);
            ready(out, "fix=" + bindHost + ":" + gateway.port() + " gateway for " + members);
            shutdown.awaitStop();
        }
        return stopped(out);
    }

    private int runThreeMembers(final PrintWriter out) throws Exception
    {
        final List<ClusterMember> cluster = ClusterMember.onFreeLoopbackPorts(3);
        final UserDirectory users = users(out);
        // Every member process has two busy threads and the gateway one, all on this host: each process claims its
        // own, so with auto every one of them sees all seven and spins only a window.
        printElectionTimings(out);
        final Path hiccupsFolder = noHiccups ? null : hiccupsFolder(dataDir);
        try (ShutdownLatch shutdown = new ShutdownLatch("sonde-exchange");
            HostIdle mode = HostIdle.claim(idle, 1, out);
            HiccupRecording hiccups = recordHiccups(dataDir, "exchange-gateway", out);
            MemberProcesses processes = MemberProcesses.start(cluster, dataDir, hiccupsFolder, symbols, idle,
                leaderTimeout);
            Gateway gateway = Gateway.start(gatewaySettings(users, mode),
                gatewayDir -> ClusterConnection.overUdp(gatewayDir, cluster));
            ExchangeFaultSchedule schedule = faultSchedule(processes, out))
        {
            printFeed(out, gateway);
            ready(out, "fix=" + bindHost + ":" + gateway.port() + " nodes=3 members=" +
                ClusterMember.ingressEndpoints(cluster) + " pids=" + processes.pids());
            schedule.start();
            shutdown.awaitStop();
        }
        return stopped(out);
    }

    /**
     * The faults of {@code --fault}, checked before anything starts: each on the exchange, of a kind member
     * processes take, and only where this command starts them.
     */
    private List<Fault> faults()
    {
        final List<Fault> parsed = new ArrayList<>();
        for (final String text : faultTexts)
        {
            try
            {
                parsed.add(Fault.parse(text));
            }
            catch (final InvalidOptionException ex)
            {
                throw new ParameterException(spec.commandLine(), ex.getMessage());
            }
        }
        for (final Fault fault : parsed)
        {
            if (!fault.kind().onExchange())
            {
                throw new ParameterException(spec.commandLine(), "--fault " + fault + ": " + fault.kind() +
                    " acts on a client's FIX sessions; give it to 'sonde run', which owns them");
            }
            if (nodes != 3 || memberId != null || members != null)
            {
                throw new ParameterException(spec.commandLine(), "--fault " + fault + " needs --nodes 3: the faults " +
                    "are applied to the member processes this command starts");
            }
            final String refusal = MemberFaults.refusal(fault.kind());
            if (!refusal.isEmpty())
            {
                throw new ParameterException(spec.commandLine(), "--fault " + fault + ": " + refusal);
            }
        }
        return List.copyOf(parsed);
    }

    private ExchangeFaultSchedule faultSchedule(final MemberProcesses processes, final PrintWriter out)
    {
        final String appliedBy = "sonde exchange (pid " + ProcessHandle.current().pid() + ")";
        return new ExchangeFaultSchedule(faults, new MemberFaults(processes, appliedBy),
            new AppliedFaultsFile(dataDir != null ? dataDir : Path.of("").toAbsolutePath(), appliedBy), out);
    }

    /**
     * @param dataFolder the process's data folder, or null for none.
     * @return the recording of this process's hiccups as {@code component}, or null with {@code --no-hiccups}.
     */
    private HiccupRecording recordHiccups(final Path dataFolder, final String component, final PrintWriter out)
    {
        return noHiccups ? null : ExchangeHiccups.start(hiccupsFolder(dataFolder), component, out);
    }

    private Path hiccupsFolder(final Path dataFolder)
    {
        if (hiccupsDir != null)
        {
            return hiccupsDir;
        }
        return dataFolder != null ? dataFolder.resolve("hiccups") : Path.of("hiccups");
    }

    /**
     * Says how fast a failover can be.
     */
    private void printElectionTimings(final PrintWriter out)
    {
        out.println("sonde exchange: elections: " + electionTimings().describe());
        out.flush();
    }

    private ElectionTimings electionTimings()
    {
        try
        {
            return ElectionTimings.forLeaderTimeout(leaderTimeout.toNanos());
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "--leader-timeout: " + ex.getMessage());
        }
    }

    private static int printStatus(final PrintWriter out, final List<ClusterMember> cluster)
    {
        try (MediaDriver driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
            .threadingMode(ThreadingMode.SHARED)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)))
        {
            final StatusQuery answer = StatusQuery.ask(
                ClusterConnection.overUdp(driver.aeronDirectoryName(), cluster),
                CONNECT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            out.printf("sonde exchange: STATUS ordersAccepted=%d openOrders=%d trades=%d digest=%d%n",
                answer.ordersAccepted(), answer.openOrders(), answer.trades(), answer.digest());
            out.flush();
        }
        return 0;
    }

    private GatewaySettings gatewaySettings(final UserDirectory users, final HostIdle mode)
    {
        return new GatewaySettings(bindHost, port, users, EmbeddedExchange.gatewayFolder(), mode::newStrategy,
            CONNECT_TIMEOUT_SECONDS, logFixMessages, ConnectionLimits.DEFAULTS, feed, symbols);
    }

    /**
     * Checked before anything starts, so a bad value costs nothing but the message.
     */
    private FeedSettings feedSettings()
    {
        try
        {
            final FeedSettings settings = MarketDataOptions.parse(marketDataUdp, marketDataMulticast,
                marketDataInterface, marketDataSnapshotPort);
            if (settings.enabled() && memberId != null)
            {
                throw new IllegalArgumentException((marketDataUdp != null ? MarketDataOptions.UDP :
                    MarketDataOptions.MULTICAST) + ": a gateway publishes the feed, and --member-id runs none");
            }
            return settings;
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
    }

    private void printFeed(final PrintWriter out, final Gateway gateway)
    {
        if (feed.enabled())
        {
            out.println("sonde exchange: market data to " + feed.describe() + ", snapshots on tcp " + bindHost + ":" +
                gateway.feedSnapshotPort());
            out.flush();
        }
    }

    /**
     * Busy threads that the other live Sonde processes on this host claim: the exchange cannot see a run that
     * starts after it, which is why {@code auto} keeps a core for one on a small host.
     */
    private static int claimedByOthers()
    {
        return BusyThreadRegistry.forHost().others().values().stream().mapToInt(Integer::intValue).sum();
    }

    private static ThreadLayout embeddedLayout(final MemberThreads memberThreads, final HostIdle mode,
        final int cores)
    {
        final List<String> gateway = List.of("gateway FIX library and Artio engine", "gateway media driver and archive",
            "cluster client");
        final List<String> infrastructure = List.of("media driver", "archive", "consensus module");
        if (memberThreads == MemberThreads.ONE)
        {
            final List<String> runs = new ArrayList<>(List.of("matching engine"));
            runs.addAll(infrastructure);
            runs.addAll(gateway);
            return new ThreadLayout(List.of(new ThreadLayout.BusyThread(ClusterNode.oneThread(0), runs)),
                mode.describe(), cores);
        }
        final List<String> service = new ArrayList<>(List.of("matching engine"));
        service.addAll(gateway);
        return new ThreadLayout(List.of(new ThreadLayout.BusyThread(ClusterNode.infraThread(0), infrastructure),
            new ThreadLayout.BusyThread(ClusterNode.SERVICE_THREAD, service)), mode.describe(), cores);
    }

    private static void layout(final PrintWriter out, final HostIdle mode, final InvokedDuty infra,
        final String service)
    {
        out.println("sonde exchange: 2 busy threads, " + mode.describe() + ": " + infra.name() +
            " (media driver, archive, consensus module); " + service);
    }

    private List<ClusterMember> parseMembers()
    {
        try
        {
            final List<ClusterMember> cluster = ClusterMember.parse(members);
            if (memberId < 0 || memberId >= cluster.size())
            {
                throw new ParameterException(spec.commandLine(), "--member-id " + memberId + " is not in 0.." +
                    (cluster.size() - 1) + " for --members " + members);
            }
            return cluster;
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "--members: " + ex.getMessage());
        }
    }

    private UserDirectory users(final PrintWriter out)
    {
        if (usersFile == null)
        {
            out.println("sonde exchange: no --users file, accepting every logon");
            return UserDirectory.open();
        }
        try
        {
            return UserDirectory.fromFile(usersFile);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "--users: " + ex.getMessage());
        }
    }

    private static void ready(final PrintWriter out, final String details)
    {
        final String line = "sonde exchange: READY " + details;
        out.println(line);
        out.flush();
        ReadyFile.announce(line);
    }
}
