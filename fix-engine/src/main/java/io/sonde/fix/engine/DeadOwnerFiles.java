package io.sonde.fix.engine;

import io.aeron.archive.ArchiveMarkFile;
import io.aeron.archive.codecs.mark.MarkFileHeaderDecoder;
import io.aeron.archive.codecs.mark.MessageHeaderDecoder;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.storage.messages.EngineInformationDecoder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.MappedByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Tells the "in use" files a killed process left in a persistent folder from those of a process still running, so
 * a restart after {@code kill -9} starts at once instead of being refused for seconds.
 * <p>
 * Aeron's archive (its mark file) and Artio's engine (its {@code engine-info} file) each refuse a folder whose file
 * was updated within the last 10 s: the guard against two processes writing one folder. A process killed with
 * {@code kill -9} leaves both fresh, so a restart within those seconds failed ("active mark file detected", "a
 * duplicate Artio Engine instance might be running"). Both files name the process that wrote them. A writer is
 * dead when no process has its pid, or when the process that has it started after the file was written (the pid
 * was reused: a restarted container's first process often gets the same pid as the last one). A dead writer's
 * files are deleted and the archive and engine start on the same recordings and sequence numbers at once. A live
 * writer in another process is named and the folder refused.
 * <p>
 * A folder last used on another host (Artio's file names the host), where pids say nothing, is refused until its
 * files have been idle for Artio's liveness timeout, saying how long that is. An engine of this same JVM is left
 * to Aeron's and Artio's own checks.
 */
final class DeadOwnerFiles
{
    /** Artio's name for the file its engine heartbeats into (its DuplicateEngineChecker). */
    static final String ENGINE_INFO = "engine-info";
    /** What Aeron writes as a mark file's activity timestamp when its archive closes (ArchiveMarkFile's signal). */
    private static final long TERMINATED = -1;
    /** Linux reports a process's start in clock ticks after a boot time in whole seconds. */
    private static final Duration START_TIME_PRECISION = Duration.ofSeconds(2);

    private DeadOwnerFiles()
    {
    }

    /**
     * Delete the archive's mark file and the engine's heartbeat file if the process that wrote them no longer runs.
     *
     * @return what was found and done, for the user; empty when there was nothing to recover from.
     * @throws StateFolderInUseException when another live process owns the folder, or one on another host used
     *                                    it within the liveness timeout.
     */
    static Optional<String> release(final Path archiveDir, final Path logFileDir)
    {
        final Path engineInfo = logFileDir.resolve(ENGINE_INFO);
        final Optional<Writer> engine = readEngineInfo(engineInfo);
        if (engine.isPresent() && !engine.get().host().equals(thisHost()))
        {
            refuseWhileFresh(archiveDir.getParent(), engine.get());
            return Optional.empty();
        }
        final boolean stoppedCleanly = archiveStoppedCleanly(archiveDir);
        final Optional<Long> deadArchiveWriter = releaseArchive(archiveDir);
        final Optional<Long> deadEngineWriter = engine.filter(writer -> !writer.isAlive()).map(writer ->
        {
            delete(engineInfo);
            return writer.pid();
        });
        if (stoppedCleanly)
        {
            // Artio leaves its engine's file behind on a clean close too: removing it is no recovery.
            return Optional.empty();
        }
        return deadArchiveWriter.or(() -> deadEngineWriter).map(pid -> "the state in " + archiveDir.getParent() +
            " was left by process " + pid + ", which no longer runs (killed?): recovered at once, without waiting " +
            "for its files to go stale");
    }

    /**
     * @return whether the archive's mark file says it closed: its process stopped, it was not killed.
     */
    private static boolean archiveStoppedCleanly(final Path archiveDir)
    {
        return readMarkFile(archiveDir.resolve(ArchiveMarkFile.FILENAME))
            .map(mark -> mark.activityTimestamp() == TERMINATED).orElse(false);
    }

    private static Optional<Long> releaseArchive(final Path archiveDir)
    {
        final Path markFile = archiveDir.resolve(ArchiveMarkFile.FILENAME);
        final Optional<MarkFile> mark = readMarkFile(markFile);
        if (mark.isEmpty() || mark.get().activityTimestamp() == TERMINATED)
        {
            return Optional.empty();
        }
        final Writer writer = mark.get().writer();
        if (writer.isAlive())
        {
            if (writer.pid() != ProcessHandle.current().pid())
            {
                throw new StateFolderInUseException(archiveDir.getParent() + " is in use by process " +
                    writer.pid() + " (its archive is running): stop it, or give this one another folder", -1);
            }
            return Optional.empty();
        }
        delete(markFile);
        return Optional.of(writer.pid());
    }

    private static Optional<MarkFile> readMarkFile(final Path markFile)
    {
        if (sizeOf(markFile) < ArchiveMarkFile.HEADER_LENGTH)
        {
            return Optional.empty();
        }
        final MappedByteBuffer mapped = IoUtil.mapExistingFile(markFile.toFile(), "archive mark file", 0,
            ArchiveMarkFile.HEADER_LENGTH);
        try
        {
            final MarkFileHeaderDecoder header = new MarkFileHeaderDecoder()
                .wrapAndApplyHeader(new UnsafeBuffer(mapped), 0, new MessageHeaderDecoder());
            return Optional.of(new MarkFile(new Writer(header.pid(), thisHost(), header.startTimestamp()),
                header.activityTimestamp()));
        }
        finally
        {
            IoUtil.unmap(mapped);
        }
    }

    private static void refuseWhileFresh(final Path folder, final Writer otherHost)
    {
        final long idleMs = System.currentTimeMillis() - otherHost.writtenMs();
        final long timeoutMs = EngineConfiguration.DEFAULT_DUPLICATE_ENGINE_TIMEOUT_IN_MS;
        if (idleMs < timeoutMs)
        {
            throw new StateFolderInUseException(folder + " was in use " + idleMs + " ms ago by process " +
                otherHost.pid() + " on host " + otherHost.host() + ", which this host cannot see: it is refused " +
                "until it has been idle for " + timeoutMs / 1000 + " s (the archive's and engine's liveness " +
                "timeout), " + (timeoutMs - idleMs) + " ms from now. Never share a state folder between two " +
                "running Sondes.", timeoutMs - idleMs);
        }
    }

    private static Optional<Writer> readEngineInfo(final Path engineInfo)
    {
        if (sizeOf(engineInfo) == 0)
        {
            return Optional.empty();
        }
        final MappedByteBuffer mapped = IoUtil.mapExistingFile(engineInfo.toFile(), ENGINE_INFO);
        try
        {
            final EngineInformationDecoder info = new EngineInformationDecoder().wrapAndApplyHeader(
                new UnsafeBuffer(mapped), 0, new uk.co.real_logic.artio.storage.messages.MessageHeaderDecoder());
            final long heartbeatMs = info.heartbeatTimeInMs();
            // The JVM's runtime name: "pid@host".
            final String runtimeName = info.runtimeName();
            final int at = runtimeName.indexOf('@');
            return at < 1 ? Optional.empty() : Optional.of(new Writer(Long.parseLong(runtimeName.substring(0, at)),
                runtimeName.substring(at + 1), heartbeatMs));
        }
        catch (final NumberFormatException ex)
        {
            return Optional.empty();
        }
        finally
        {
            IoUtil.unmap(mapped);
        }
    }

    private static String thisHost()
    {
        final String runtimeName = ManagementFactory.getRuntimeMXBean().getName();
        return runtimeName.substring(runtimeName.indexOf('@') + 1);
    }

    private static long sizeOf(final Path file)
    {
        try
        {
            return Files.isRegularFile(file) ? Files.size(file) : 0;
        }
        catch (final IOException ex)
        {
            return 0;
        }
    }

    private static void delete(final Path file)
    {
        try
        {
            Files.deleteIfExists(file);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot remove " + file + ", left by a process that no longer runs", ex);
        }
    }

    /**
     * @param writer            the process that started the archive.
     * @param activityTimestamp when it last said it was alive, epoch ms; {@link #TERMINATED} once it closed.
     */
    private record MarkFile(Writer writer, long activityTimestamp)
    {
    }

    /**
     * @param pid       the process that wrote a file.
     * @param host      the host it ran on.
     * @param writtenMs when it wrote the file, epoch ms: it was running then.
     */
    private record Writer(long pid, String host, long writtenMs)
    {
        /**
         * A process with the pid that started after the file was written only reuses the pid.
         */
        boolean isAlive()
        {
            final Instant written = Instant.ofEpochMilli(writtenMs).plus(START_TIME_PRECISION);
            return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .map(process -> process.info().startInstant().map(started -> !started.isAfter(written)).orElse(true))
                .orElse(false);
        }
    }
}
