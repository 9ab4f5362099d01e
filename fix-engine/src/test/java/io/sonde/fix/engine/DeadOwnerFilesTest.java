package io.sonde.fix.engine;

import io.aeron.archive.ArchiveMarkFile;
import io.aeron.archive.codecs.mark.MarkFileHeaderEncoder;
import io.aeron.archive.codecs.mark.MessageHeaderEncoder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import uk.co.real_logic.artio.storage.messages.EngineInformationEncoder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Files left by a dead process are removed so a restart starts at once; a live owner is named, a folder another
 * host used moments ago is refused with the time to wait, and a clean close is left alone.
 */
@Timeout(30)
class DeadOwnerFilesTest
{
    private static final boolean CLOSED = true;
    private static final boolean RUNNING = false;

    @TempDir
    Path folder;

    private Path archive;
    private Path logs;

    @BeforeEach
    void createFolders() throws IOException
    {
        archive = Files.createDirectories(folder.resolve("archive"));
        logs = Files.createDirectories(folder.resolve("fix-logs"));
    }

    @Test
    void filesOfAProcessThatNoLongerRunsAreRemovedAndTheRecoveryIsDescribed() throws Exception
    {
        final long deadPid = deadProcessPid();
        writeMarkFile(deadPid, System.currentTimeMillis(), RUNNING);
        writeEngineInfo(deadPid + "@" + thisHost(), System.currentTimeMillis());

        final Optional<String> recovery = DeadOwnerFiles.release(archive, logs);

        assertFalse(Files.exists(archive.resolve(ArchiveMarkFile.FILENAME)));
        assertFalse(Files.exists(logs.resolve(DeadOwnerFiles.ENGINE_INFO)));
        assertTrue(recovery.orElseThrow().contains("process " + deadPid + ", which no longer runs"), recovery.get());
    }

    @Test
    void anArchiveOfAnotherLiveProcessIsRefusedNamingIt() throws Exception
    {
        final ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
        writeMarkFile(parent.pid(), System.currentTimeMillis(), RUNNING);

        final StateFolderInUseException refusal =
            assertThrows(StateFolderInUseException.class, () -> DeadOwnerFiles.release(archive, logs));

        assertTrue(refusal.getMessage().contains("in use by process " + parent.pid()), refusal.getMessage());
        assertEquals(-1, refusal.retryAfterMs(), "only stopping it frees the folder");
        assertTrue(Files.exists(archive.resolve(ArchiveMarkFile.FILENAME)));
    }

    @Test
    void aLiveProcessThatStartedAfterTheFileWasWrittenOnlyReusesThePid() throws Exception
    {
        final ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
        final Instant parentStarted = parent.info().startInstant().orElseThrow();
        writeMarkFile(parent.pid(), parentStarted.minusSeconds(3600).toEpochMilli(), RUNNING);

        assertTrue(DeadOwnerFiles.release(archive, logs).isPresent());
        assertFalse(Files.exists(archive.resolve(ArchiveMarkFile.FILENAME)));
    }

    @Test
    void aMarkFileOfACleanCloseIsLeftToTheArchive() throws Exception
    {
        writeMarkFile(deadProcessPid(), System.currentTimeMillis(), CLOSED);

        assertEquals(Optional.empty(), DeadOwnerFiles.release(archive, logs));
        assertTrue(Files.exists(archive.resolve(ArchiveMarkFile.FILENAME)));
    }

    @Test
    void theEngineFileOfAProcessThatStoppedCleanlyIsRemovedWithoutCallingItARecovery() throws Exception
    {
        final long stoppedPid = deadProcessPid();
        writeMarkFile(stoppedPid, System.currentTimeMillis(), CLOSED);
        writeEngineInfo(stoppedPid + "@" + thisHost(), System.currentTimeMillis());

        assertEquals(Optional.empty(), DeadOwnerFiles.release(archive, logs), "a clean stop is no killed process");
        assertFalse(Files.exists(logs.resolve(DeadOwnerFiles.ENGINE_INFO)), "so the next start need not wait");
        assertTrue(Files.exists(archive.resolve(ArchiveMarkFile.FILENAME)));
    }

    @Test
    void aFolderUsedOnAnotherHostMomentsAgoIsRefusedSayingHowLongToWait() throws Exception
    {
        final long deadPid = deadProcessPid();
        writeMarkFile(deadPid, System.currentTimeMillis(), RUNNING);
        writeEngineInfo(deadPid + "@another-host", System.currentTimeMillis() - 4_000);

        final StateFolderInUseException refusal =
            assertThrows(StateFolderInUseException.class, () -> DeadOwnerFiles.release(archive, logs));

        assertTrue(refusal.getMessage().contains("on host another-host"), refusal.getMessage());
        assertTrue(refusal.retryAfterMs() > 0 && refusal.retryAfterMs() <= 6_000, "retry after " +
            refusal.retryAfterMs());
        assertTrue(Files.exists(archive.resolve(ArchiveMarkFile.FILENAME)));
        assertTrue(Files.exists(logs.resolve(DeadOwnerFiles.ENGINE_INFO)));
    }

    @Test
    void aFolderLastUsedOnAnotherHostLongAgoIsLeftToTheArchiveAndEngine() throws Exception
    {
        final long deadPid = deadProcessPid();
        writeMarkFile(deadPid, System.currentTimeMillis() - 60_000, RUNNING);
        writeEngineInfo(deadPid + "@another-host", System.currentTimeMillis() - 60_000);

        assertEquals(Optional.empty(), DeadOwnerFiles.release(archive, logs));
        assertTrue(Files.exists(archive.resolve(ArchiveMarkFile.FILENAME)));
    }

    @Test
    void aFreshFolderHasNothingToRecover()
    {
        assertEquals(Optional.empty(), DeadOwnerFiles.release(archive, logs));
    }

    private static long deadProcessPid() throws Exception
    {
        final Process process = new ProcessBuilder("true").start();
        process.waitFor();
        return process.pid();
    }

    /**
     * As Aeron's archive writes it: a closed archive's activity timestamp is -1.
     */
    private void writeMarkFile(final long pid, final long startEpochMs, final boolean closed) throws IOException
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[ArchiveMarkFile.HEADER_LENGTH]);
        new MarkFileHeaderEncoder().wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .version(ArchiveMarkFile.SEMANTIC_VERSION).activityTimestamp(closed ? -1 : startEpochMs)
            .startTimestamp(startEpochMs).pid(pid);
        Files.write(archive.resolve(ArchiveMarkFile.FILENAME), buffer.byteArray());
    }

    private void writeEngineInfo(final String runtimeName, final long heartbeatMs) throws IOException
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        final byte[] name = runtimeName.getBytes(StandardCharsets.UTF_8);
        new EngineInformationEncoder()
            .wrapAndApplyHeader(buffer, 0, new uk.co.real_logic.artio.storage.messages.MessageHeaderEncoder())
            .heartbeatTimeInMs(heartbeatMs)
            .putRuntimeName(name, 0, name.length);
        Files.write(logs.resolve(DeadOwnerFiles.ENGINE_INFO), buffer.byteArray());
    }

    private static String thisHost()
    {
        final String runtimeName = java.lang.management.ManagementFactory.getRuntimeMXBean().getName();
        return runtimeName.substring(runtimeName.indexOf('@') + 1);
    }
}
