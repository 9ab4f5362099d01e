package io.sonde.fix.engine;

import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.ArchivingMediaDriver;
import io.aeron.archive.client.AeronArchive;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.sonde.fix.codecs.FixDictionaryImpl;
import org.agrona.CloseHelper;
import org.agrona.IoUtil;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.engine.FixEngine;
import uk.co.real_logic.artio.engine.LowResourceEngineScheduler;
import uk.co.real_logic.artio.library.LibraryConfiguration;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * An Artio {@link FixEngine} with its own Aeron media driver and archive, in one of three layouts:
 * <ul>
 *     <li>{@link #launchInvoked}: no thread of its own. Driver, archive, engine and the libraries' Aeron
 *     clients form one {@link InvokedDuty} that the thread owning the FIX path runs beside its own work, so a
 *     message goes from the library to the socket without a thread hand-off (docs/architecture.md, "Threads").
 *     The load generator, the reference acceptor and the exchange's gateway use it.</li>
 *     <li>{@link #launchFrugal}: driver and archive take turns on one sleeping thread, the engine on another;
 *     for a host that sends rarely, where wake-ups are most of what it costs (the production probe).</li>
 *     <li>{@link #launch}: a shared-mode driver, a shared-mode archive and the engine folded onto one thread
 *     by {@link LowResourceEngineScheduler}.</li>
 * </ul>
 * Every directory lives under one work folder, and the archive is reached over IPC only, so several hosts can
 * run side by side in one JVM. A persistent folder left by a process that was killed is taken over at once
 * ({@link #recovery()} says so).
 */
public final class EngineHost implements AutoCloseable
{
    private static final String IPC = "aeron:ipc";
    private static final String MEDIA_ROLE = "driver-and-archive";
    private static final String ARCHIVE_DIR = "archive";
    private static final String LOG_DIR = "fix-logs";
    private static final String ANY_LOCAL_UDP = "aeron:udp?endpoint=localhost:0";
    private static final int TERM_LENGTH = 8 * 1024 * 1024;
    private static final int CLAIM_ATTEMPTS = 4;
    private static final int COUNTERS_LENGTH = 1024 * 1024;
    /** The indexer only keeps the sequence-number index, which nothing reads during a run: it may lag. */
    private static final long INDEXER_SLEEP_MS = 10;

    private final Path workDir;
    private final boolean deleteOnClose;
    private final Optional<String> recovery;
    private final ArchivingMediaDriver driver;
    private final AgentRunner mediaRunner;
    private final CountingErrorHandler mediaErrors;
    private final InvokedDuty duty;
    private final Agent sharedMedia;
    private final FixEngine engine;

    private EngineHost(final Path workDir, final boolean deleteOnClose, final Optional<String> recovery,
        final ArchivingMediaDriver driver, final AgentRunner mediaRunner, final CountingErrorHandler mediaErrors,
        final InvokedDuty duty, final Agent sharedMedia, final FixEngine engine)
    {
        this.mediaErrors = mediaErrors;
        this.recovery = recovery;
        this.sharedMedia = sharedMedia;
        this.workDir = workDir;
        this.deleteOnClose = deleteOnClose;
        this.driver = driver;
        this.mediaRunner = mediaRunner;
        this.duty = duty;
        this.engine = engine;
    }

    /**
     * Launch a driver, archive and engine under {@code workDir}.
     *
     * @param workDir     holds the Aeron directory, the archive and Artio's logs.
     * @param persistent  keep logs and archive across restarts (persistent sequence numbers); otherwise
     *                    start clean and delete everything on close.
     * @param idle        idle strategy of the driver, archive and engine threads.
     * @param customiser  adds what is specific to an initiator or an acceptor (bind address, authentication).
     */
    public static EngineHost launch(
        final Path workDir,
        final boolean persistent,
        final Supplier<IdleStrategy> idle,
        final Consumer<EngineConfiguration> customiser)
    {
        final Optional<String> recovery = releaseLeftovers(workDir, persistent);
        final ArchivingMediaDriver driver = ArchivingMediaDriver.launch(
            driverContext(workDir).threadingMode(ThreadingMode.SHARED).sharedIdleStrategy(idle.get()),
            archiveContext(workDir, persistent)
                .threadingMode(ArchiveThreadingMode.SHARED)
                .idleStrategySupplier(idle::get));
        return withEngine(workDir, persistent, recovery, driver, null, null, null, null, configuration ->
        {
            configuration.scheduler(new LowResourceEngineScheduler()).framerIdleStrategy(idle.get());
            customiser.accept(configuration);
        });
    }

    /**
     * Launch a driver, archive and engine under {@code workDir} that run on no thread of their own but on a new
     * {@link InvokedDuty}'s; libraries made from {@link #libraryConfiguration()} join it too, and the work that
     * uses them attaches to it ({@link #duty()}).
     *
     * @param name       names the duty's thread.
     * @param persistent keep logs and archive across restarts (persistent sequence numbers); otherwise start
     *                   clean and delete everything on close.
     * @param customiser adds what is specific to an initiator or an acceptor (bind address, authentication).
     */
    public static EngineHost launchInvoked(
        final String name,
        final Path workDir,
        final boolean persistent,
        final Consumer<EngineConfiguration> customiser)
    {
        final Optional<String> recovery = releaseLeftovers(workDir, persistent);
        final ArchivingMediaDriver driver = launchInvokedDriver(workDir, persistent);
        final InvokedDuty duty;
        try
        {
            duty = new InvokedDuty(name, mediaAgent(driver));
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(driver);
            throw ex;
        }
        return withEngine(workDir, persistent, recovery, driver, null, null, duty, null, invokedOn(duty, customiser));
    }

    /**
     * As {@link #launchInvoked(String, Path, boolean, Consumer)}, joining a duty someone else owns (an embedded
     * exchange member's): one thread then runs both. The duty outlives this host.
     */
    public static EngineHost launchInvoked(
        final InvokedDuty shared,
        final Path workDir,
        final boolean persistent,
        final Consumer<EngineConfiguration> customiser)
    {
        final Optional<String> recovery = releaseLeftovers(workDir, persistent);
        final ArchivingMediaDriver driver = launchInvokedDriver(workDir, persistent);
        final Agent media = mediaAgent(driver);
        try
        {
            shared.addMedia(media);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(driver);
            throw ex;
        }
        return withEngine(
            workDir, persistent, recovery, driver, null, null, shared, media, invokedOn(shared, customiser));
    }

    /**
     * The archive's start-up waits invoke the driver on this thread; the duty runs both once they are up.
     */
    private static ArchivingMediaDriver launchInvokedDriver(final Path workDir, final boolean persistent)
    {
        return ArchivingMediaDriver.launch(
            driverContext(workDir).threadingMode(ThreadingMode.INVOKER),
            archiveContext(workDir, persistent).threadingMode(ArchiveThreadingMode.INVOKER));
    }

    private static Consumer<EngineConfiguration> invokedOn(
        final InvokedDuty duty, final Consumer<EngineConfiguration> customiser)
    {
        return configuration ->
        {
            configuration.scheduler(new InvokedEngineScheduler(duty, duty.name() + "-indexer",
                new SleepingMillisIdleStrategy(INDEXER_SLEEP_MS)));
            configuration.aeronContext().driverAgentInvoker(duty.driverWhileWaiting());
            configuration.aeronArchiveContext().idleStrategy(duty.idleWhileWaiting());
            configuration.archiverIdleStrategy(duty.idleWhileWaiting());
            customiser.accept(configuration);
        };
    }

    /**
     * As {@link #launch(Path, boolean, Supplier, Consumer)}, with the driver and the archive taking turns on
     * one thread of the host's own: for a host that sends rarely, where each thread's wake-ups are most of
     * what it costs (the production probe). Both run as Aeron agent invokers.
     */
    public static EngineHost launchFrugal(
        final Path workDir,
        final boolean persistent,
        final Supplier<IdleStrategy> idle,
        final Consumer<EngineConfiguration> customiser)
    {
        final Optional<String> recovery = releaseLeftovers(workDir, persistent);
        final ArchivingMediaDriver driver = ArchivingMediaDriver.launch(
            driverContext(workDir).threadingMode(ThreadingMode.INVOKER),
            archiveContext(workDir, persistent).threadingMode(ArchiveThreadingMode.INVOKER));
        final CountingErrorHandler mediaErrors = new CountingErrorHandler(MEDIA_ROLE);
        final AgentRunner mediaRunner = new AgentRunner(idle.get(), mediaErrors, null, mediaAgent(driver));
        AgentRunner.startOnThread(mediaRunner);
        return withEngine(workDir, persistent, recovery, driver, mediaRunner, mediaErrors, null, null, configuration ->
        {
            configuration.scheduler(new LowResourceEngineScheduler()).framerIdleStrategy(idle.get());
            customiser.accept(configuration);
        });
    }

    /**
     * The driver and archive launched as invokers, as one agent: an invoker-mode archive given the driver's
     * invoker runs the driver's duty cycle inside its own, so invoking the driver as well would run it twice.
     */
    private static Agent mediaAgent(final ArchivingMediaDriver driver)
    {
        return new InvokedAgent(MEDIA_ROLE, driver.archive().invoker());
    }

    private static MediaDriver.Context driverContext(final Path workDir)
    {
        return new MediaDriver.Context()
            .aeronDirectoryName(aeronDirectory(workDir))
            // Name resolution and other slow tasks run on the driver's own thread: one thread fewer.
            .asyncExecutorEnabled(false)
            // Aeron's default 8 MB of counters (and their metadata) is touched at start and stays resident; a
            // host of a few FIX sessions uses a few hundred counters.
            .counterValuesBufferLength(COUNTERS_LENGTH)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .warnIfDirectoryExists(false)
            .ipcTermBufferLength(TERM_LENGTH)
            .publicationTermBufferLength(TERM_LENGTH);
    }

    private static Archive.Context archiveContext(final Path workDir, final boolean persistent)
    {
        return new Archive.Context()
            .aeronDirectoryName(aeronDirectory(workDir))
            .archiveDir(workDir.resolve(ARCHIVE_DIR).toFile())
            .controlChannelEnabled(false)
            .archiveClientContext(new AeronArchive.Context().controlResponseChannel(IPC))
            .replicationChannel(ANY_LOCAL_UDP)
            .recordingEventsEnabled(false)
            .deleteArchiveOnStart(!persistent)
            .segmentFileLength(TERM_LENGTH);
    }

    /**
     * A persistent archive left by a process killed moments ago would be refused for seconds (Aeron's liveness
     * timeout), and so would its engine's log folder; {@link DeadOwnerFiles} tells those leftovers from a folder in
     * use.
     */
    private static Optional<String> releaseLeftovers(final Path workDir, final boolean persistent)
    {
        return persistent ? DeadOwnerFiles.release(workDir.resolve(ARCHIVE_DIR), workDir.resolve(LOG_DIR)) :
            Optional.empty();
    }

    private static EngineHost withEngine(
        final Path workDir,
        final boolean persistent,
        final Optional<String> recovery,
        final ArchivingMediaDriver driver,
        final AgentRunner mediaRunner,
        final CountingErrorHandler mediaErrors,
        final InvokedDuty duty,
        final Agent sharedMedia,
        final Consumer<EngineConfiguration> customiser)
    {
        final String aeronDir = aeronDirectory(workDir);
        try
        {
            final EngineConfiguration configuration = new EngineConfiguration()
                .libraryAeronChannel(IPC)
                .acceptorfixDictionary(FixDictionaryImpl.class)
                .logFileDir(workDir.resolve(LOG_DIR).toString())
                .deleteLogFileDirOnStart(!persistent)
                .monitoringFile(workDir.resolve("engine-counters").toString())
                .printErrorMessages(false);
            configuration.epochNanoClock(WallClock.INSTANCE);
            // Same reason as the library's send attempts: never idle inside a claim while the peer waits on us.
            configuration.inboundMaxClaimAttempts(CLAIM_ATTEMPTS);
            configuration.aeronContext().aeronDirectoryName(aeronDir);
            configuration.aeronArchiveContext()
                .aeronDirectoryName(aeronDir)
                .controlRequestChannel(IPC)
                .controlRequestStreamId(AeronArchive.Configuration.localControlStreamId())
                .controlResponseChannel(IPC);
            customiser.accept(configuration);

            return new EngineHost(workDir, !persistent, recovery, driver, mediaRunner, mediaErrors, duty,
                sharedMedia, FixEngine.launch(configuration));
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(mediaRunner, () -> leaveDuty(duty, sharedMedia), driver);
            throw ex;
        }
    }

    /**
     * A library configuration that talks to this engine.
     * <p>
     * A send that finds the library-to-engine stream full gives up after a few attempts instead of
     * idling inside {@code Session.trySend}: the caller sees back-pressure and keeps polling, which drains
     * the engine-to-library stream the engine may itself be waiting on. Spinning inside the send can
     * deadlock the two.
     */
    public LibraryConfiguration libraryConfiguration()
    {
        final LibraryConfiguration configuration = new LibraryConfiguration()
            .libraryAeronChannels(List.of(IPC))
            .libraryIdleStrategy(new BackoffIdleStrategy());
        if (duty != null)
        {
            configuration.scheduler(new InvokedLibraryScheduler(duty));
            configuration.aeronContext().driverAgentInvoker(duty.driverWhileWaiting());
        }
        configuration.outboundMaxClaimAttempts(CLAIM_ATTEMPTS);
        configuration.epochNanoClock(WallClock.INSTANCE);
        configuration.aeronContext().aeronDirectoryName(aeronDirectoryName());
        return configuration;
    }

    /**
     * The driver, archive and engine's work, for the thread that owns the FIX path to take on; null unless
     * launched with {@link #launchInvoked}.
     */
    public InvokedDuty duty()
    {
        return duty;
    }

    /**
     * @return how many errors the threads this host runs itself have caught and printed: its own duty's (not a
     * shared one's, which belong to the duty's owner) or its frugal media thread's. The engine's own errors go to
     * Artio's error log, the driver's and archive's to theirs.
     */
    public long errorCount()
    {
        final long dutyErrors = duty != null && sharedMedia == null ? duty.errorCount() : 0;
        return dutyErrors + (mediaErrors == null ? 0 : mediaErrors.errorCount());
    }

    /**
     * @return what was recovered at start from a predecessor that did not stop cleanly (a {@code kill -9}), for
     * the user to be told; empty after a clean stop or with a fresh folder.
     */
    public Optional<String> recovery()
    {
        return recovery;
    }

    /**
     * The Aeron directory of this host's media driver, for other clients (a cluster client) to share it.
     */
    public String aeronDirectoryName()
    {
        return aeronDirectory(workDir);
    }

    private static String aeronDirectory(final Path workDir)
    {
        return workDir.resolve("aeron").toString();
    }

    /**
     * @return the FIX dictionary every Sonde session and engine uses.
     */
    public static Class<FixDictionaryImpl> dictionary()
    {
        return FixDictionaryImpl.class;
    }

    /**
     * Close a duty of the host's own; take the host's driver and archive out of a shared one.
     */
    private static void leaveDuty(final InvokedDuty duty, final Agent sharedMedia)
    {
        if (duty == null)
        {
            return;
        }
        if (sharedMedia == null)
        {
            duty.close();
        }
        else
        {
            duty.removeMedia(sharedMedia);
        }
    }

    public void close()
    {
        // The engine says goodbye through the driver, so the driver's thread outlives it.
        CloseHelper.closeAll(engine, mediaRunner, () -> leaveDuty(duty, sharedMedia), driver);
        if (deleteOnClose)
        {
            IoUtil.delete(workDir.toFile(), true);
        }
    }
}
