package io.sonde.inprocess.run;

import io.sonde.api.ExchangeSpec;
import io.sonde.api.Fault;
import io.sonde.api.FaultKind;
import io.sonde.api.IdleMode;
import io.sonde.api.RunReport;
import io.sonde.api.Target;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.cluster.ClusterConnection;
import io.sonde.exchange.cluster.ClusterMember;
import io.sonde.exchange.cluster.ElectionTimings;
import io.sonde.exchange.cluster.StatusQuery;
import io.sonde.exchange.gateway.ConnectionLimits;
import io.sonde.exchange.gateway.Gateway;
import io.sonde.exchange.gateway.GatewaySettings;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.exchange.host.FaultOnMember;
import io.sonde.exchange.host.MemberFaults;
import io.sonde.exchange.host.MemberProcesses;
import io.sonde.fix.engine.InvokedDuty;
import io.sonde.inprocess.fault.AppliedFault;
import io.sonde.inprocess.fault.ExchangeFaults;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.md.publish.FeedSettings;
import org.agrona.CloseHelper;
import org.agrona.IoUtil;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The bundled exchange as three cluster member processes on loopback, which Sonde starts and stops, and the gateway
 * in this process on a thread of its own: {@code --embedded --nodes 3}, which survives losing its leader and so
 * takes the exchange's faults ({@link MemberFaults}).
 * <p>
 * Thread budget: the members always back off when idle (each has two threads, six in all, on a host the load and
 * the gateway share), so the run's busy threads are the load thread and the gateway's, which wait as the run's
 * {@code --idle} says; {@code auto} counts the members' threads too ({@link LoadPlan#hostBusyThreadCount()}). The
 * gateway stays in this process so that no busy thread of the order path sits in a process a fault may stop: every
 * fault lands on a member.
 */
final class ThreeMemberTarget implements ExchangeTarget, ExchangeFaults
{
    static final String GATEWAY_THREAD = "exchange-gateway";
    /**
     * The members' threads that wake at every consensus round, so every order: each member's infrastructure thread
     * and its matching engine's.
     */
    static final int MEMBER_THREADS = 6;
    private static final int MEMBERS = 3;
    private static final int CONNECT_TIMEOUT_SECONDS = 60;
    /** A follower applies the status query a consensus round after the leader; a paused member never does. */
    private static final Duration MEMBERS_AGREE_WITHIN = Duration.ofSeconds(5);

    private final Path dataDir;
    private final MemberProcesses members;
    private final List<ClusterMember> cluster;
    private final Gateway gateway;
    private final MemberFaults faults;

    private ThreeMemberTarget(
        final Path dataDir, final MemberProcesses members, final List<ClusterMember> cluster, final Gateway gateway)
    {
        this.dataDir = dataDir;
        this.members = members;
        this.cluster = cluster;
        this.gateway = gateway;
        this.faults = new MemberFaults(members, "sonde (pid " + ProcessHandle.current().pid() + ")");
    }

    /**
     * Start the members (each waits until it is ready), then the gateway, which waits for a leader.
     *
     * @param users           who may log on.
     * @param feedDestination where the gateway publishes its market data feed, or null for nowhere.
     * @throws IllegalStateException when a member or the gateway does not start; whatever did start is stopped.
     */
    static ThreeMemberTarget start(
        final List<String> symbols,
        final UserDirectory users,
        final HostIdle idle,
        final InetSocketAddress feedDestination)
    {
        final Path dataDir = createDataDir();
        final List<ClusterMember> cluster = ClusterMember.onFreeLoopbackPorts(MEMBERS);
        MemberProcesses members = null;
        try
        {
            members = MemberProcesses.start(cluster, dataDir, null, symbols, IdleMode.BACKOFF,
                Duration.ofNanos(ElectionTimings.DEFAULT_LEADER_TIMEOUT_NS));
            final FeedSettings feed = feedDestination == null ? FeedSettings.OFF :
                new FeedSettings(List.of(feedDestination), null, null, 0);
            final Gateway gateway = Gateway.start(new GatewaySettings("127.0.0.1", 0, users,
                EmbeddedExchange.gatewayFolder(), idle::newStrategy, CONNECT_TIMEOUT_SECONDS, false,
                ConnectionLimits.DEFAULTS, feed, symbols),
                gatewayDir -> ClusterConnection.overUdp(gatewayDir, cluster));
            return new ThreeMemberTarget(dataDir, members, cluster, gateway);
        }
        catch (final IOException ex)
        {
            stop(members, dataDir);
            throw new UncheckedIOException("cannot start the cluster's member processes: " + ex.getMessage(), ex);
        }
        catch (final InterruptedException ex)
        {
            stop(members, dataDir);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the cluster's member processes", ex);
        }
        catch (final RuntimeException ex)
        {
            stop(members, dataDir);
            throw ex;
        }
    }

    public Target target()
    {
        return new Target("127.0.0.1", gateway.port());
    }

    public InetSocketAddress feedSnapshot()
    {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), gateway.feedSnapshotPort());
    }

    public InvokedDuty infraDuty()
    {
        return null;
    }

    public Map<String, Long> counts()
    {
        final StatusQuery status = StatusQuery.ask(ClusterConnection.overUdp(gateway.aeronDirectoryName(), cluster),
            30, TimeUnit.SECONDS);
        final Map<String, Long> counts = new LinkedHashMap<>();
        counts.put(RunReport.EXCHANGE_MEMBERS, (long)MEMBERS);
        counts.put("ordersAccepted", status.ordersAccepted());
        counts.put("trades", status.trades());
        counts.put(RunReport.EXCHANGE_OPEN_ORDERS, status.openOrders());
        counts.put(RunReport.EXCHANGE_MEMBERS_AGREEING, (long)members.membersAgreeing(status, MEMBERS_AGREE_WITHIN));
        counts.put("undeliveredReports", gateway.undeliveredReports());
        counts.put("leaderChanges", gateway.leaderChanges());
        counts.put("commandsResent", gateway.commandsResent());
        return counts;
    }

    public ExchangeFaults faults()
    {
        return this;
    }

    public boolean supports(final FaultKind kind)
    {
        return MemberFaults.supports(kind);
    }

    public String whyNot(final FaultKind kind)
    {
        return ExchangeSpec.memberRefusal(kind);
    }

    public AppliedFault apply(final Fault fault)
    {
        final FaultOnMember applied = faults.apply(fault);
        return new AppliedFault(applied.fault(), applied.member(), applied.wallClockStart(), applied.wallClockEnd(),
            applied.description());
    }

    public void close()
    {
        CloseHelper.quietClose(gateway);
        stop(members, dataDir);
    }

    private static void stop(final MemberProcesses members, final Path dataDir)
    {
        CloseHelper.quietClose(members);
        IoUtil.delete(dataDir.toFile(), true);
    }

    /**
     * The members' logs, snapshots and archives, on disk: three members' archives would crowd a small
     * {@code /dev/shm}.
     */
    private static Path createDataDir()
    {
        try
        {
            return Files.createTempDirectory("sonde-exchange");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create a folder for the cluster's members", ex);
        }
    }
}
