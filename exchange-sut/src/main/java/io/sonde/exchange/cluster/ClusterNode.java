package io.sonde.exchange.cluster;

import io.aeron.Aeron;
import io.aeron.CommonContext;
import io.aeron.RethrowingErrorHandler;
import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.ClusterControl;
import io.aeron.archive.ArchivingMediaDriver;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.NanosecondClusterClock;
import io.aeron.cluster.service.ClusterTerminationException;
import io.aeron.cluster.service.ClusteredServiceContainer;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.sonde.fix.engine.InvokedAgent;
import io.sonde.fix.engine.InvokedDuty;
import org.agrona.CloseHelper;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpLock;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersManager;

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
 * Two threads by default (docs/architecture.md, "Threads"). The media driver, archive and consensus module run as
 * invokers on one {@link InvokedDuty}, the member's infrastructure thread, which other work can join (a load
 * generator in the same process, see {@link #infraDuty()}). The service has the container's own thread, which
 * can carry more work in the background ({@link MatchingService#runInBackground}).
 * <p>
 * With {@link MemberThreads#ONE} the service joins the infrastructure's cycle instead ({@link ServiceOnCycle}), as a
 * peer of the consensus module: the whole member is one thread, named {@link #oneThread}.
 */
public final class ClusterNode implements AutoCloseable
{
    /** The service container's thread, as Aeron names it: clustered-service-(cluster id)-(service id). */
    public static final String SERVICE_THREAD = "clustered-service-0-0";
    private static final String LOG_TERM = "term-length=8m";
    private static final String INGRESS_TERM = "term-length=4m";

    private final ClusterMember self;
    private final ArchivingMediaDriver driver;
    private final InvokedDuty infra;
    private final ConsensusModule consensusModule;
    private final Agent consensusAgent;
    private final ClusteredServiceContainer container;
    private final MatchingService service;
    private final CountDownLatch terminated;
    private final ServiceOnCycle serviceOnCycle;

    private ClusterNode(
        final ClusterMember self,
        final ArchivingMediaDriver driver,
        final InvokedDuty infra,
        final ConsensusModule consensusModule,
        final Agent consensusAgent,
        final ClusteredServiceContainer container,
        final ServiceOnCycle serviceOnCycle,
        final MatchingService service,
        final CountDownLatch terminated)
    {
        this.self = self;
        this.driver = driver;
        this.infra = infra;
        this.consensusModule = consensusModule;
        this.consensusAgent = consensusAgent;
        this.container = container;
        this.service = service;
        this.terminated = terminated;
        this.serviceOnCycle = serviceOnCycle;
    }

    /**
     * Start member {@code memberId} of {@code members}.
     *
     * @param dataDir            the member's own folder: archive and cluster state, kept across restarts.
     * @param symbols            instruments to trade; every member must be given the same list.
     * @param idle               idle strategy of the service's thread and, while no other work joins it, the
     *                           infrastructure's thread.
     * @param heartbeatTimeoutNs how long followers wait for the leader before electing a new one; the other
     *                           election timings follow from it ({@link ElectionTimings}).
     */
    public static ClusterNode launch(
        final int memberId,
        final List<ClusterMember> members,
        final Path dataDir,
        final List<String> symbols,
        final Supplier<IdleStrategy> idle,
        final long heartbeatTimeoutNs)
    {
        return launch(memberId, members, dataDir, symbols, idle, heartbeatTimeoutNs, MemberThreads.TWO);
    }

    /**
     * As {@link #launch(int, List, Path, List, Supplier, long)}, on {@code threads} busy threads.
     */
    public static ClusterNode launch(
        final int memberId,
        final List<ClusterMember> members,
        final Path dataDir,
        final List<String> symbols,
        final Supplier<IdleStrategy> idle,
        final long heartbeatTimeoutNs,
        final MemberThreads threads)
    {
        if (memberId < 0 || memberId >= members.size())
        {
            throw new IllegalArgumentException("member id " + memberId + " is not in 0.." + (members.size() - 1));
        }
        final ElectionTimings election = ElectionTimings.forLeaderTimeout(heartbeatTimeoutNs);
        final ClusterMember self = members.get(memberId);
        final String aeronDir = CommonContext.generateRandomDirName();
        final CountDownLatch terminated = new CountDownLatch(2);
        final String label = "[exchange member " + memberId + "] ";

        final MediaDriver.Context driverContext = new MediaDriver.Context()
            .aeronDirectoryName(aeronDir)
            .threadingMode(ThreadingMode.INVOKER)
            // Name resolution and other slow tasks run in the driver's duty cycle: no executor thread.
            .asyncExecutorEnabled(false)
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
            .threadingMode(ArchiveThreadingMode.INVOKER)
            .deleteArchiveOnStart(false)
            .errorHandler(ex -> report(label, ex));

        final AeronArchive.Context archiveClient = new AeronArchive.Context()
            .lock(NoOpLock.INSTANCE)
            .controlRequestChannel(localControl)
            .controlResponseChannel(localControl)
            .aeronDirectoryName(aeronDir);

        final MatchingService service = new MatchingService(symbols);
        final ClusteredServiceContainer.Context serviceContext = new ClusteredServiceContainer.Context()
            .aeronDirectoryName(aeronDir)
            .archiveContext(archiveClient.clone())
            .clusterDir(dataDir.resolve("cluster").toFile())
            .clusteredService(service)
            .terminationHook(terminated::countDown)
            .errorHandler(ex -> report(label, ex));

        // The archive's start-up waits invoke the driver on this thread; then a keeper runs both, so that the
        // consensus module's start-up (on this thread) and the service's (on its own) find them at work.
        final ArchivingMediaDriver driver = ArchivingMediaDriver.launch(driverContext, archiveContext);
        InvokedDuty infra = null;
        ClusteredServiceContainer container = null;
        ConsensusModule consensusModule = null;
        final ServiceOnCycle serviceOnCycle = threads == MemberThreads.ONE ?
            new ServiceOnCycle(ex -> report(label, ex)) : null;
        try
        {
            infra = new InvokedDuty(threads == MemberThreads.ONE ? oneThread(memberId) : infraThread(memberId),
                new InvokedAgent("driver-and-archive", driver.archive().invoker()));
            infra.idleWithoutWork(idle.get());
            if (serviceOnCycle == null)
            {
                container = ClusteredServiceContainer.launch(serviceContext.idleStrategySupplier(idle::get));
            }
            else
            {
                // The service's start waits for the consensus module, which is launched next, on this thread: the
                // cycle takes the service without waiting for its start, and the service's waits run the media.
                container = ClusteredServiceContainer.launch(serviceOnCycle(serviceContext, serviceOnCycle,
                    archiveClient, infra, label, memberId));
                infra.addPeerStarting(serviceOnCycle);
            }
            // Blocks until the service has joined: the container must already be running.
            consensusModule = ConsensusModule.launch(consensusContext(
                memberId, members, dataDir, archiveClient, election, terminated, label, infra));
            final Agent consensusAgent = new InvokedAgent("consensus-module", consensusModule.conductorAgentInvoker());
            if (serviceOnCycle == null)
            {
                infra.add(consensusAgent);
            }
            else
            {
                infra.addPeer(consensusAgent);
            }
            return new ClusterNode(self, driver, infra, consensusModule, consensusAgent, container, serviceOnCycle,
                service, terminated);
        }
        catch (final RuntimeException ex)
        {
            final InvokedDuty started = infra;
            CloseHelper.quietCloseAll(serviceOnCycle == null || started == null ? container :
                () -> started.remove(serviceOnCycle), consensusModule, infra, driver);
            throw ex;
        }
    }

    /**
     * The service's waits on the cycle's thread must run the media (and the consensus module, its peer), as the
     * consensus module's do: its idle strategy, its Aeron client waiting for the driver (in invoker mode, so the
     * service's own cycle runs the client's conductor), and its archive client waiting to replay a snapshot.
     */
    private static ClusteredServiceContainer.Context serviceOnCycle(
        final ClusteredServiceContainer.Context context,
        final ServiceOnCycle serviceOnCycle,
        final AeronArchive.Context archiveClient,
        final InvokedDuty cycle,
        final String label,
        final int memberId)
    {
        final Aeron aeron = clientOnCycle(archiveClient, cycle, label, "exchange-service-" + memberId);
        return context
            .aeron(aeron)
            .ownsAeronClient(true)
            .archiveContext(archiveClient.clone().idleStrategy(cycle.idleWhileWaiting()))
            .threadFactory(serviceOnCycle)
            .idleStrategySupplier(cycle::idleWhileWaiting);
    }

    /**
     * An Aeron client whose conductor the cycle invokes, and whose waits for the driver run the cycle's media when
     * they happen on its thread: a client of a driver the cycle runs would otherwise wait for itself.
     */
    private static Aeron clientOnCycle(
        final AeronArchive.Context archiveClient, final InvokedDuty cycle, final String label, final String name)
    {
        return Aeron.connect(new Aeron.Context()
            .aeronDirectoryName(archiveClient.aeronDirectoryName())
            .useConductorAgentInvoker(true)
            .driverAgentInvoker(cycle.driverWhileWaiting())
            .subscriberErrorHandler(RethrowingErrorHandler.INSTANCE)
            .clientLock(NoOpLock.INSTANCE)
            .errorHandler(ex -> report(label, ex))
            .clientName(name));
    }

    /**
     * @return the name of member {@code memberId}'s one thread with {@link MemberThreads#ONE}.
     */
    public static String oneThread(final int memberId)
    {
        return "exchange-" + memberId;
    }

    /**
     * @return the name of member {@code memberId}'s infrastructure thread (driver, archive, consensus module).
     */
    public static String infraThread(final int memberId)
    {
        return "exchange-infra-" + memberId;
    }

    /**
     * The consensus module runs on the infrastructure's cycle, so every wait of its own (its Aeron client
     * waiting for the driver, its archive client for the archive, its idle steps at start-up and during
     * elections) must run the driver and archive when it is on that cycle's thread, or it would wait forever.
     */
    private static ConsensusModule.Context consensusContext(
        final int memberId,
        final List<ClusterMember> members,
        final Path dataDir,
        final AeronArchive.Context archiveClient,
        final ElectionTimings election,
        final CountDownLatch terminated,
        final String label,
        final InvokedDuty infra)
    {
        final ClusterMember self = members.get(memberId);
        final Aeron aeron = clientOnCycle(archiveClient, infra, label, "exchange-consensus-module-" + memberId);
        final boolean single = members.size() == 1;
        return new ConsensusModule.Context()
            .aeron(aeron)
            .ownsAeronClient(true)
            .errorCounter(aeron.addCounter(ConsensusModule.Configuration.CONSENSUS_MODULE_ERROR_COUNT_TYPE_ID,
                "Cluster errors, member " + memberId))
            .clusterMemberId(memberId)
            .clusterMembers(ClusterMember.consensusMembers(members))
            // The log's timestamps are the market-data events' transactTime, from which the feed's publish hop is
            // measured: milliseconds, the cluster's default, would blur a hop of microseconds into one of 0.5 ms.
            .clusterClock(new NanosecondClusterClock())
            .clusterDir(dataDir.resolve("cluster").toFile())
            .ingressChannel("aeron:udp?" + INGRESS_TERM)
            .isIpcIngressAllowed(true)
            .logChannel(single ? "aeron:ipc?" + LOG_TERM : "aeron:udp?" + LOG_TERM)
            .replicationChannel("aeron:udp?endpoint=" + self.host() + ":0")
            .archiveContext(archiveClient.clone().idleStrategy(infra.idleWhileWaiting()))
            .idleStrategySupplier(infra::idleWhileWaiting)
            .useAgentInvoker(true)
            .leaderHeartbeatTimeoutNs(election.leaderHeartbeatTimeoutNs())
            .leaderHeartbeatIntervalNs(election.leaderHeartbeatIntervalNs())
            .electionTimeoutNs(election.electionTimeoutNs())
            .electionStatusIntervalNs(election.electionStatusIntervalNs())
            .terminationHook(terminated::countDown)
            .errorHandler(ex -> report(label, ex));
    }

    /**
     * The thread that runs the driver, archive and consensus module: others may join it (a load generator's
     * engine and load agent); {@link InvokedDuty#idleWithoutWork} says how it waits (backoff by default).
     */
    public InvokedDuty infraDuty()
    {
        return infra;
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
        final long before = consensusModule.context().snapshotCounter().get();
        final AtomicCounter toggle = controlToggle();
        final long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (!ClusterControl.ToggleState.SNAPSHOT.toggle(toggle))
        {
            if (System.nanoTime() > deadline)
            {
                return false;
            }
            Thread.sleep(10);
        }
        while (consensusModule.context().snapshotCounter().get() == before)
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
        final AtomicCounter toggle = controlToggle();
        if (!ClusterControl.ToggleState.SHUTDOWN.toggle(toggle))
        {
            return false;
        }
        return terminated.await(timeout, unit);
    }

    /**
     * The control toggle, found through the driver's counters: the consensus module's own Aeron client belongs
     * to the thread that runs it.
     */
    private AtomicCounter controlToggle()
    {
        final CountersManager counters = driver.mediaDriver().context().countersManager();
        return ClusterControl.findControlToggle(counters, consensusModule.context().clusterId());
    }

    /**
     * Stop the service, then the consensus module (taken out of the infrastructure's cycle first, so that it
     * closes on the cycle's thread while that still runs the driver it says goodbye through), then the driver. On
     * one thread the service too leaves the cycle, which closes it, instead of its container being closed.
     */
    public void close()
    {
        if (serviceOnCycle != null)
        {
            CloseHelper.closeAll(() -> infra.remove(serviceOnCycle), () -> infra.remove(consensusAgent),
                consensusModule, infra, driver);
        }
        else
        {
            CloseHelper.closeAll(container, () -> infra.remove(consensusAgent), consensusModule, infra, driver);
        }
    }

    /**
     * Aeron reports a clean shutdown's end to the service as a {@link ClusterTerminationException}: the stop
     * working as meant is no error to print.
     */
    private static void report(final String label, final Throwable error)
    {
        if (!(error instanceof ClusterTerminationException))
        {
            System.err.println(label + error);
        }
    }
}
