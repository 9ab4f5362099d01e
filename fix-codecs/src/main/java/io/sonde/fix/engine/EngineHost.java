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
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.CompositeAgent;
import org.agrona.concurrent.IdleStrategy;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.engine.FixEngine;
import uk.co.real_logic.artio.engine.LowResourceEngineScheduler;
import uk.co.real_logic.artio.library.LibraryConfiguration;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * An Artio {@link FixEngine} with its own Aeron media driver and archive, laid out for a small host by
 * default (DESIGN §4): a shared-mode driver, a shared-mode archive and the engine folded onto one thread
 * by {@link LowResourceEngineScheduler}, all idling as the caller says; a frugal layout puts the driver and
 * the archive on one thread. Every directory lives under one work folder, and the archive is reached over
 * IPC only, so several hosts can run side by side in one JVM.
 */
public final class EngineHost implements AutoCloseable
{
    private static final String IPC = "aeron:ipc";
    private static final String ANY_LOCAL_UDP = "aeron:udp?endpoint=localhost:0";
    private static final int TERM_LENGTH = 8 * 1024 * 1024;
    private static final int CLAIM_ATTEMPTS = 4;
    private static final int COUNTERS_LENGTH = 1024 * 1024;

    private final Path workDir;
    private final boolean deleteOnClose;
    private final ArchivingMediaDriver driver;
    private final AgentRunner mediaRunner;
    private final FixEngine engine;

    private EngineHost(final Path workDir, final boolean deleteOnClose, final ArchivingMediaDriver driver,
        final AgentRunner mediaRunner, final FixEngine engine)
    {
        this.workDir = workDir;
        this.deleteOnClose = deleteOnClose;
        this.driver = driver;
        this.mediaRunner = mediaRunner;
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
        final ArchivingMediaDriver driver = ArchivingMediaDriver.launch(
            driverContext(workDir).threadingMode(ThreadingMode.SHARED).sharedIdleStrategy(idle.get()),
            archiveContext(workDir, persistent)
                .threadingMode(ArchiveThreadingMode.SHARED)
                .idleStrategySupplier(idle::get));
        return withEngine(workDir, persistent, driver, null, idle, customiser);
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
        final ArchivingMediaDriver driver = ArchivingMediaDriver.launch(
            driverContext(workDir).threadingMode(ThreadingMode.INVOKER),
            archiveContext(workDir, persistent).threadingMode(ArchiveThreadingMode.INVOKER));
        final AgentRunner mediaRunner = new AgentRunner(idle.get(), Throwable::printStackTrace, null,
            new CompositeAgent(new InvokedAgent("driver", driver.mediaDriver().sharedAgentInvoker()),
                new InvokedAgent("archive", driver.archive().invoker())));
        AgentRunner.startOnThread(mediaRunner);
        return withEngine(workDir, persistent, driver, mediaRunner, idle, customiser);
    }

    private static MediaDriver.Context driverContext(final Path workDir)
    {
        return new MediaDriver.Context()
            .aeronDirectoryName(aeronDirectory(workDir))
            // Name resolution and other slow tasks run on the driver's own thread: one thread fewer (DESIGN §4).
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
            .archiveDir(workDir.resolve("archive").toFile())
            .controlChannelEnabled(false)
            .archiveClientContext(new AeronArchive.Context().controlResponseChannel(IPC))
            .replicationChannel(ANY_LOCAL_UDP)
            .recordingEventsEnabled(false)
            .deleteArchiveOnStart(!persistent)
            .segmentFileLength(TERM_LENGTH);
    }

    private static EngineHost withEngine(
        final Path workDir,
        final boolean persistent,
        final ArchivingMediaDriver driver,
        final AgentRunner mediaRunner,
        final Supplier<IdleStrategy> idle,
        final Consumer<EngineConfiguration> customiser)
    {
        final String aeronDir = aeronDirectory(workDir);
        try
        {
            final EngineConfiguration configuration = new EngineConfiguration()
                .libraryAeronChannel(IPC)
                .acceptorfixDictionary(FixDictionaryImpl.class)
                .logFileDir(workDir.resolve("fix-logs").toString())
                .deleteLogFileDirOnStart(!persistent)
                .scheduler(new LowResourceEngineScheduler())
                .framerIdleStrategy(idle.get())
                .monitoringFile(workDir.resolve("engine-counters").toString())
                .printErrorMessages(false);
            // Same reason as the library's send attempts: never idle inside a claim while the peer waits on us.
            configuration.inboundMaxClaimAttempts(CLAIM_ATTEMPTS);
            configuration.aeronContext().aeronDirectoryName(aeronDir);
            configuration.aeronArchiveContext()
                .aeronDirectoryName(aeronDir)
                .controlRequestChannel(IPC)
                .controlRequestStreamId(AeronArchive.Configuration.localControlStreamId())
                .controlResponseChannel(IPC);
            customiser.accept(configuration);

            return new EngineHost(workDir, !persistent, driver, mediaRunner, FixEngine.launch(configuration));
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(mediaRunner, driver);
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
        configuration.outboundMaxClaimAttempts(CLAIM_ATTEMPTS);
        configuration.aeronContext().aeronDirectoryName(aeronDirectoryName());
        return configuration;
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

    public void close()
    {
        // The engine says goodbye through the driver, so the driver's thread outlives it.
        CloseHelper.closeAll(engine, mediaRunner, driver);
        if (deleteOnClose)
        {
            IoUtil.delete(workDir.toFile(), true);
        }
    }
}
