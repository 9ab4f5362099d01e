package io.sonde.exchange;

import io.sonde.exchange.cluster.ClusterConnection;
import io.sonde.exchange.cluster.ClusterMember;
import io.sonde.exchange.cluster.ClusterNode;
import io.sonde.exchange.cluster.MemberThreads;
import io.sonde.exchange.gateway.ConnectionLimits;
import io.sonde.exchange.gateway.Gateway;
import io.sonde.exchange.gateway.GatewaySettings;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.fix.engine.InvokedDuty;
import io.sonde.fix.engine.ScratchFolder;
import io.sonde.md.publish.FeedSettings;
import org.agrona.CloseHelper;
import org.agrona.IoUtil;
import org.agrona.concurrent.IdleStrategy;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The whole exchange in one process: a one-member cluster and a gateway on its media driver, talking over
 * IPC. What {@code sonde exchange} runs by default and what {@code sonde run --embedded} starts.
 * <p>
 * Two threads carry it: the member's service thread, which runs the gateway as its background work, and the
 * member's infrastructure thread (driver, archive, consensus module), which a load generator in the same
 * process joins ({@link #infraDuty()}). With {@link MemberThreads#ONE} the infrastructure's thread runs the
 * service, and with it the gateway, too: the whole exchange is one busy thread (for a host too small for two
 * beside its client).
 */
public final class EmbeddedExchange implements AutoCloseable
{
    public static final List<String> DEFAULT_SYMBOLS = List.of("SONDE.A", "SONDE.B", "SONDE.C", "SONDE.D");
    public static final long HEARTBEAT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);
    private static final int CONNECT_TIMEOUT_SECONDS = 30;

    private final ClusterNode node;
    private final Gateway gateway;
    private final Path dataDir;
    private final boolean deleteOnClose;
    private boolean gatewayClosed;

    private EmbeddedExchange(final ClusterNode node, final Gateway gateway, final Path dataDir,
        final boolean deleteOnClose)
    {
        this.node = node;
        this.gateway = gateway;
        this.dataDir = dataDir;
        this.deleteOnClose = deleteOnClose;
    }

    /**
     * @param bindHost FIX listen address.
     * @param port     FIX port, 0 for a free one.
     * @param dataDir  where the cluster keeps its log and snapshots across restarts, or null for a temporary
     *                 folder deleted on close.
     * @param logMessages record the gateway's FIX messages (see {@link GatewaySettings#logMessages()}).
     * @param idle        how the service's thread (which also carries the gateway) and the infrastructure's
     *                    thread wait for work.
     */
    public static EmbeddedExchange start(
        final String bindHost,
        final int port,
        final UserDirectory users,
        final Path dataDir,
        final List<String> symbols,
        final Supplier<IdleStrategy> idle,
        final boolean logMessages)
    {
        return start(bindHost, port, users, dataDir, symbols, idle, logMessages, FeedSettings.OFF);
    }

    /**
     * As {@link #start(String, int, UserDirectory, Path, List, Supplier, boolean)}, publishing the market-data
     * feed where {@code feed} says.
     */
    public static EmbeddedExchange start(
        final String bindHost,
        final int port,
        final UserDirectory users,
        final Path dataDir,
        final List<String> symbols,
        final Supplier<IdleStrategy> idle,
        final boolean logMessages,
        final FeedSettings feed)
    {
        return start(bindHost, port, users, dataDir, symbols, idle, logMessages, feed, MemberThreads.TWO);
    }

    /**
     * As {@link #start(String, int, UserDirectory, Path, List, Supplier, boolean, FeedSettings)}, on
     * {@code threads} busy threads.
     */
    public static EmbeddedExchange start(
        final String bindHost,
        final int port,
        final UserDirectory users,
        final Path dataDir,
        final List<String> symbols,
        final Supplier<IdleStrategy> idle,
        final boolean logMessages,
        final FeedSettings feed,
        final MemberThreads threads)
    {
        final boolean temporary = dataDir == null;
        final Path folder = temporary ? temporaryFolder() : dataDir;
        final ClusterNode node = ClusterNode.launch(0, ClusterMember.onFreeLoopbackPorts(1), folder.resolve("node0"),
            symbols, idle, HEARTBEAT_TIMEOUT_NS, threads);
        try
        {
            final GatewaySettings settings = new GatewaySettings(bindHost, port, users, gatewayFolder(), idle,
                CONNECT_TIMEOUT_SECONDS, logMessages, ConnectionLimits.DEFAULTS, feed, symbols);
            final Gateway gateway = Gateway.startOnService(settings, gatewayDir -> ClusterConnection.sameDriver(node),
                node.service());
            return new EmbeddedExchange(node, gateway, folder, temporary);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(node);
            throw ex;
        }
    }

    public int port()
    {
        return gateway.port();
    }

    /**
     * @return the TCP port the market-data feed's snapshots are served on, -1 when no feed is published.
     */
    public int feedSnapshotPort()
    {
        return gateway.feedSnapshotPort();
    }

    /**
     * The thread that runs the member's driver, archive and consensus module, for a load generator in this
     * process to join.
     */
    public InvokedDuty infraDuty()
    {
        return node.infraDuty();
    }

    public ClusterNode node()
    {
        return node;
    }

    public Gateway gateway()
    {
        return gateway;
    }

    /**
     * Stop taking orders, then shut the cluster down cleanly: a snapshot, so a restart need not replay the whole
     * log. The gateway goes first, while the service's thread that it shares still runs to let it go; shut down
     * first, that thread would be gone and the gateway would wait for it in vain.
     *
     * @return whether the cluster shut down within the timeout; if not, its log still holds every order.
     */
    public boolean shutdown(final long timeout, final TimeUnit unit) throws InterruptedException
    {
        gatewayClosed = true;
        gateway.close();
        return node.shutdownCluster(timeout, unit);
    }

    public void close()
    {
        CloseHelper.closeAll(gatewayClosed ? null : gateway, node);
        if (deleteOnClose)
        {
            IoUtil.delete(dataDir.toFile(), true);
        }
    }

    /**
     * A fresh folder for a gateway's driver, archive and FIX logs: nothing there outlives the process.
     */
    public static Path gatewayFolder()
    {
        return ScratchFolder.create("sonde-gateway");
    }

    private static Path temporaryFolder()
    {
        return ScratchFolder.create("sonde-exchange");
    }
}
