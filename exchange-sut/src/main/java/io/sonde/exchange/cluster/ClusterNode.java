package io.sonde.exchange.cluster;

import io.aeron.CommonContext;
import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.ClusterControl;
import io.aeron.cluster.ClusteredMediaDriver;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.service.ClusteredServiceContainer;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.CloseHelper;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpLock;
import org.agrona.concurrent.status.AtomicCounter;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One member of the matching-engine cluster: a media driver, archive and consensus module
 * ({@link ClusteredMediaDriver}) and the {@link MatchingService} in its container. Its durable state (the
 * recorded log, snapshots, the cluster mark file) lives under one data folder, so a restart with the same
 * folder recovers the books from the latest snapshot plus the log after it.
 * <p>
 * Threads on a small host (DESIGN §4): the driver and archive each run shared-mode agents; the consensus
 * module and the service have their own; all idle with the given strategy (backoff by default).
 */
public final class ClusterNode implements AutoCloseable
{
    private static final String LOG_TERM = "term-length=8m";
    private static final String INGRESS_TERM = "term-length=4m";

    private final ClusterMember self;
    private final ClusteredMediaDriver driver;
    private final ClusteredServiceContainer container;
    private final MatchingService service;
    private final CountDownLatch terminated;

    private ClusterNode(
        final ClusterMember self,
        final ClusteredMediaDriver driver,
        final ClusteredServiceContainer container,
        final MatchingService service,
        final CountDownLatch terminated)
    {
        this.self = self;
        this.driver = driver;
        this.container = container;
        this.service = service;
        this.terminated = terminated;
    }

    /**
     * Start member {@code memberId} of {@code members}.
     *
     * @param dataDir            the member's own folder: archive and cluster state, kept across restarts.
     * @param symbols            instruments to trade; every member must be given the same list.
     * @param idle               idle strategy for the driver, archive, consensus module and service.
     * @param heartbeatTimeoutNs how long followers wait for the leader before electing a new one.
     */
    public static ClusterNode launch(
        final int memberId,
        final List<ClusterMember> members,
        final Path dataDir,
        final List<String> symbols,
        final Supplier<IdleStrategy> idle,
        final long heartbeatTimeoutNs)
    {
        if (memberId < 0 || memberId >= members.size())
        {
            throw new IllegalArgumentException("member id " + memberId + " is not in 0.." + (members.size() - 1));
        }
        final ClusterMember self = members.get(memberId);
        final String aeronDir = CommonContext.generateRandomDirName();
        final CountDownLatch terminated = new CountDownLatch(2);
        final String label = "[exchange member " + memberId + "] ";

        final MediaDriver.Context driverContext = new MediaDriver.Context()
            .aeronDirectoryName(aeronDir)
            .threadingMode(ThreadingMode.SHARED)
            .sharedIdleStrategy(idle.get())
            .termBufferSparseFile(true)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .errorHandler(ex -> report(label, ex));

        final String localControl = "aeron:ipc?term-length=64k";
        final Archive.Context archiveContext = new Archive.Context()
            .aeronDirectoryName(aeronDir)
            .archiveDir(dataDir.resolve("archive").toFile())
            .controlChannel("aeron:udp?endpoint=" + self.host() + ":" + self.archivePort())
            .localControlChannel(localControl)
            .archiveClientContext(new AeronArchive.Context()
                .controlResponseChannel("aeron:udp?endpoint=" + self.host() + ":0"))
            .replicationChannel("aeron:udp?endpoint=" + self.host() + ":0")
            .recordingEventsEnabled(false)
            .threadingMode(ArchiveThreadingMode.SHARED)
            .idleStrategySupplier(idle::get)
            .deleteArchiveOnStart(false)
            .errorHandler(ex -> report(label, ex));

        final AeronArchive.Context archiveClient = new AeronArchive.Context()
            .lock(NoOpLock.INSTANCE)
            .controlRequestChannel(localControl)
            .controlResponseChannel(localControl)
            .aeronDirectoryName(aeronDir);

        final boolean single = members.size() == 1;
        final ConsensusModule.Context consensusContext = new ConsensusModule.Context()
            .clusterMemberId(memberId)
            .clusterMembers(ClusterMember.consensusMembers(members))
            .clusterDir(dataDir.resolve("cluster").toFile())
            .ingressChannel("aeron:udp?" + INGRESS_TERM)
            .isIpcIngressAllowed(true)
            .logChannel(single ? "aeron:ipc?" + LOG_TERM : "aeron:udp?" + LOG_TERM)
            .replicationChannel("aeron:udp?endpoint=" + self.host() + ":0")
            .archiveContext(archiveClient.clone())
            .idleStrategySupplier(idle::get)
            .leaderHeartbeatTimeoutNs(heartbeatTimeoutNs)
            .terminationHook(terminated::countDown)
            .errorHandler(ex -> report(label, ex));

        final MatchingService service = new MatchingService(symbols);
        final ClusteredServiceContainer.Context serviceContext = new ClusteredServiceContainer.Context()
            .aeronDirectoryName(aeronDir)
            .archiveContext(archiveClient.clone())
            .clusterDir(dataDir.resolve("cluster").toFile())
            .clusteredService(service)
            .idleStrategySupplier(idle::get)
            .terminationHook(terminated::countDown)
            .errorHandler(ex -> report(label, ex));

        final ClusteredMediaDriver driver = ClusteredMediaDriver.launch(driverContext, archiveContext, consensusContext);
        try
        {
            return new ClusterNode(self, driver, ClusteredServiceContainer.launch(serviceContext), service, terminated);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(driver);
            throw ex;
        }
    }

    public ClusterMember member()
    {
        return self;
    }

    public MatchingService service()
    {
        return service;
    }

    /**
     * The Aeron directory of this member's driver: an in-process gateway can share it and use IPC ingress.
     */
    public String aeronDirectoryName()
    {
        return driver.mediaDriver().aeronDirectoryName();
    }

    /**
     * Ask the cluster to take a snapshot and wait until this member has one more than before.
     *
     * @return true when the snapshot was taken within the timeout.
     */
    public boolean takeSnapshot(final long timeout, final TimeUnit unit) throws InterruptedException
    {
        final long before = driver.consensusModule().context().snapshotCounter().get();
        final AtomicCounter toggle = ClusterControl.findControlToggle(
            driver.consensusModule().context().aeron().countersReader(),
            driver.consensusModule().context().clusterId());
        final long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (!ClusterControl.ToggleState.SNAPSHOT.toggle(toggle))
        {
            if (System.nanoTime() > deadline)
            {
                return false;
            }
            Thread.sleep(10);
        }
        while (driver.consensusModule().context().snapshotCounter().get() == before)
        {
            if (System.nanoTime() > deadline)
            {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    /**
     * Ask the cluster for an orderly shutdown (a snapshot, then every member stops) and wait for it.
     *
     * @return true when both the consensus module and the service stopped within the timeout.
     */
    public boolean shutdownCluster(final long timeout, final TimeUnit unit) throws InterruptedException
    {
        final AtomicCounter toggle = ClusterControl.findControlToggle(
            driver.consensusModule().context().aeron().countersReader(),
            driver.consensusModule().context().clusterId());
        if (!ClusterControl.ToggleState.SHUTDOWN.toggle(toggle))
        {
            return false;
        }
        return terminated.await(timeout, unit);
    }

    public void close()
    {
        CloseHelper.closeAll(container, driver);
    }

    private static void report(final String label, final Throwable error)
    {
        System.err.println(label + error);
    }
}
