package io.sonde.loadgen.idle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The busy threads of every Sonde process on this host, so that a process can fit its threads to the host's cores
 * rather than its own: two processes that each fit alone spin each other out together. Each process that owns busy
 * threads keeps a file named by its pid in a shared folder, holding its busy-thread count and its start time;
 * readers skip, and remove, the files of processes no longer alive or whose pid has been reused.
 * <p>
 * The folder is {@code sonde-busy-threads} in the system's temporary folder, or the {@value #FOLDER_PROPERTY}
 * system property's: processes in containers with a temporary folder of their own see only each other. Thread-safe:
 * a process's count is the sum of its claims.
 */
public final class BusyThreadRegistry
{
    /** The system property that names the folder instead of the default. */
    public static final String FOLDER_PROPERTY = "sonde.busyThreads.dir";

    private final Path folder;
    private final ProcessHandle self;
    private int claimed;

    /**
     * @param folder where every process's file is kept.
     * @param self   this process.
     */
    public BusyThreadRegistry(final Path folder, final ProcessHandle self)
    {
        this.folder = folder;
        this.self = self;
    }

    /**
     * @return the registry every Sonde process on this host (or in this container) shares.
     */
    public static BusyThreadRegistry forHost()
    {
        final String configured = System.getProperty(FOLDER_PROPERTY);
        return new BusyThreadRegistry(configured != null ? Path.of(configured) :
            Path.of(System.getProperty("java.io.tmpdir"), "sonde-busy-threads"), ProcessHandle.current());
    }

    /**
     * Add busy threads to this process's count, as other processes see it.
     */
    public synchronized void claim(final int busyThreads)
    {
        claimed += busyThreads;
        publish();
    }

    /**
     * Take busy threads off this process's count; the file goes when the count reaches none.
     */
    public synchronized void release(final int busyThreads)
    {
        claimed = Math.max(0, claimed - busyThreads);
        publish();
    }

    /**
     * @return this process's busy threads.
     */
    public synchronized int claimed()
    {
        return claimed;
    }

    /**
     * @return the busy threads of every other live Sonde process, by pid; files of dead processes are removed.
     */
    public Map<Long, Integer> others()
    {
        final Map<Long, Integer> others = new LinkedHashMap<>();
        if (!Files.isDirectory(folder))
        {
            return others;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, "*.busy"))
        {
            for (final Path file : files)
            {
                readLive(file).ifPresent(entry -> others.put(entry.pid, entry.busyThreads));
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read the busy threads of other processes in " + folder, ex);
        }
        return others;
    }

    private Optional<Entry> readLive(final Path file)
    {
        final Entry entry = Entry.read(file);
        if (entry == null || entry.pid == self.pid())
        {
            return Optional.empty();
        }
        final Optional<ProcessHandle> process = ProcessHandle.of(entry.pid);
        final boolean alive = process.isPresent() && process.get().isAlive() &&
            process.get().info().startInstant().map(start -> start.toEpochMilli() == entry.startMillis).orElse(true);
        if (!alive)
        {
            deleteQuietly(file);
            return Optional.empty();
        }
        return Optional.of(entry);
    }

    private void publish()
    {
        final Path file = folder.resolve(self.pid() + ".busy");
        try
        {
            if (claimed == 0)
            {
                Files.deleteIfExists(file);
                return;
            }
            Files.createDirectories(folder);
            final Path written = Files.createTempFile(folder, self.pid() + "-", ".tmp");
            Files.writeString(written, claimed + " " + startMillis(self) + "\n");
            Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot tell other processes of this one's busy threads in " + folder, ex);
        }
    }

    private static long startMillis(final ProcessHandle process)
    {
        return process.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
    }

    private static void deleteQuietly(final Path file)
    {
        try
        {
            Files.deleteIfExists(file);
        }
        catch (final IOException ignored)
        {
            // Another reader removed it first, or the folder is read-only: either way it is skipped.
        }
    }

    private record Entry(long pid, int busyThreads, long startMillis)
    {
        /**
         * @return the file's entry, or null for a file that is not one (being written, or foreign).
         */
        static Entry read(final Path file)
        {
            final String name = file.getFileName().toString();
            try
            {
                final String[] fields = Files.readString(file).trim().split(" ");
                return new Entry(Long.parseLong(name.substring(0, name.length() - ".busy".length())),
                    Integer.parseInt(fields[0]), Long.parseLong(fields[1]));
            }
            catch (final NoSuchFileException ex)
            {
                return null;
            }
            catch (final IOException | RuntimeException ex)
            {
                return null;
            }
        }
    }
}
