package io.sonde.fix.engine;

import io.aeron.archive.ArchiveMarkFile;
import io.aeron.archive.codecs.mark.MarkFileHeaderDecoder;
import io.aeron.archive.codecs.mark.MessageHeaderDecoder;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;
import uk.co.real_logic.artio.storage.messages.EngineInformationDecoder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * Tells the "in use" files a killed process left in a persistent folder from those of a process still running, so
 * a restart after {@code kill -9} starts at once instead of being refused for seconds.
 * <p>
 * Aeron's archive (its mark file) and Artio's engine (its {@code engine-info} file) each refuse a folder whose file
 * was updated within the last 10 s: the guard against two processes writing one folder. A process killed with
 * {@code kill -9} leaves both fresh, so a restart within those seconds failed ("active mark file detected", "a
 * duplicate Artio Engine instance might be running"). Both files name their owner's pid. When no process with that
 * pid runs, the owner is dead: its files are deleted and the archive and engine start on the same recordings and
 * sequence numbers at once. An archive owner that is alive (and started before the mark file, so its pid was not
 * reused) is named and the folder refused. Everything else is left to Aeron's and Artio's own checks.
 * <p>
 * Pids mean something on one host, in one pid namespace: a persistent folder must not be shared between hosts or
 * containers.
 */
final class DeadOwnerFiles
{
    /** Artio's name for the file its engine heartbeats into (DuplicateEngineChecker). */
    static final String ENGINE_INFO = "engine-info";
    /** What Aeron writes in a mark file's version field when its archive closes (ArchiveMarkFile.signalTerminated). */
    private static final int TERMINATED = -1;

    private DeadOwnerFiles()
    {
    }

    /**
     * Delete the archive's mark file and the engine's heartbeat file if the process that wrote them no longer runs.
     *
     * @return what was found and done, for the user; empty when there was nothing to recover from.
     * @throws IllegalStateException when another live process owns the archive.
     */
    static Optional<String> release(final Path archiveDir, final Path logFileDir)
    {
        final Optional<Long> deadArchiveOwner = releaseArchive(archiveDir);
        final Optional<Long> deadEngineOwner = releaseEngineInfo(logFileDir.resolve(ENGINE_INFO));
        return deadArchiveOwner.or(() -> deadEngineOwner).map(pid -> "the state in " + archiveDir.getParent() +
            " was left by process " + pid + ", which no longer runs (killed?): recovered at once, without waiting " +
            "for its files to go stale");
    }

    private static Optional<Long> releaseArchive(final Path archiveDir)
    {
        final Path markFile = archiveDir.resolve(ArchiveMarkFile.FILENAME);
        if (sizeOf(markFile) < ArchiveMarkFile.HEADER_LENGTH)
        {
            return Optional.empty();
        }
        final MappedByteBuffer mapped = IoUtil.mapExistingFile(markFile.toFile(), "archive mark file", 0,
            ArchiveMarkFile.HEADER_LENGTH);
        final long pid;
        final long startEpochMs;
        final int version;
        try
        {
            final MarkFileHeaderDecoder header = new MarkFileHeaderDecoder()
                .wrapAndApplyHeader(new UnsafeBuffer(mapped), 0, new MessageHeaderDecoder());
            pid = header.pid();
            startEpochMs = header.startTimestamp();
            version = header.version();
        }
        finally
        {
            IoUtil.unmap(mapped);
        }
        if (version == TERMINATED || isThisProcess(pid))
        {
            return Optional.empty();
        }
        final Optional<ProcessHandle> owner = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (owner.isPresent())
        {
            if (startedBefore(owner.get(), startEpochMs))
            {
                throw new IllegalStateException(archiveDir.getParent() + " is in use by process " + pid +
                    " (its archive is running): stop it, or give this one another folder");
            }
            return Optional.empty();
        }
        delete(markFile);
        return Optional.of(pid);
    }

    private static Optional<Long> releaseEngineInfo(final Path engineInfo)
    {
        if (sizeOf(engineInfo) == 0)
        {
            return Optional.empty();
        }
        final MappedByteBuffer mapped = IoUtil.mapExistingFile(engineInfo.toFile(), ENGINE_INFO);
        final String runtimeName;
        try
        {
            runtimeName = new EngineInformationDecoder().wrapAndApplyHeader(new UnsafeBuffer(mapped), 0,
                new uk.co.real_logic.artio.storage.messages.MessageHeaderDecoder()).runtimeName();
        }
        finally
        {
            IoUtil.unmap(mapped);
        }
        // The JVM's runtime name is "pid@host"; another host's process cannot be seen from here.
        final int at = runtimeName.indexOf('@');
        if (at < 1 || !runtimeName.substring(at + 1).equals(thisHost()))
        {
            return Optional.empty();
        }
        final long pid = Long.parseLong(runtimeName.substring(0, at));
        if (isThisProcess(pid) || ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isPresent())
        {
            return Optional.empty();
        }
        delete(engineInfo);
        return Optional.of(pid);
    }

    private static boolean isThisProcess(final long pid)
    {
        return pid == ProcessHandle.current().pid();
    }

    /**
     * A process that started after the mark file was written only reuses its owner's pid.
     */
    private static boolean startedBefore(final ProcessHandle process, final long epochMs)
    {
        return process.info().startInstant().map(started -> !started.isAfter(Instant.ofEpochMilli(epochMs)))
            .orElse(true);
    }

    private static String thisHost()
    {
        final String runtimeName = java.lang.management.ManagementFactory.getRuntimeMXBean().getName();
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
}
