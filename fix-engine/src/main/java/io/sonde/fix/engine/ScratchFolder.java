package io.sonde.fix.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A fresh folder for state that dies with the process (an engine's Aeron directory, IPC log buffers and
 * archive), in memory ({@code /dev/shm}) where the host has room for it.
 * <p>
 * Aeron maps its log buffers as files. On a disk the kernel writes their dirty pages back every few seconds and
 * the thread that touches a page under writeback waits: measured 100-200 ms stalls of the order path at 5k
 * orders/s (docs/benchmarks.md). A container's {@code /dev/shm} is 64 MB unless raised, less than one engine's
 * buffers, so memory is used only when it has {@link #MIN_MEMORY_BYTES} free; otherwise the system's temporary
 * folder.
 */
public final class ScratchFolder
{
    static final long MIN_MEMORY_BYTES = 512L * 1024 * 1024;
    private static final Path MEMORY = Path.of("/dev/shm");

    private ScratchFolder()
    {
    }

    /**
     * @param prefix starts the folder's name, to tell whose it is.
     * @throws UncheckedIOException when no folder can be created.
     */
    public static Path create(final String prefix)
    {
        try
        {
            return hasRoom(MEMORY) ? Files.createTempDirectory(MEMORY, prefix) : Files.createTempDirectory(prefix);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create a scratch folder for " + prefix, ex);
        }
    }

    private static boolean hasRoom(final Path memory)
    {
        try
        {
            return Files.isDirectory(memory) && Files.isWritable(memory) &&
                Files.getFileStore(memory).getUsableSpace() >= MIN_MEMORY_BYTES;
        }
        catch (final IOException ex)
        {
            return false;
        }
    }
}
