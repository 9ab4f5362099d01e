package io.sonde.exchange.host;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * {@code faults.json}: every fault applied to the exchange, stamped with wall-clock time, so that a report of a run
 * another process measured meanwhile can place each on its time axis. Rewritten whole after each fault (through a
 * temporary file and a rename), so a process killed between faults leaves a complete list of those it applied.
 * <p>
 * Thread safety: {@link #add} may be called from any thread.
 */
public final class AppliedFaultsFile
{
    public static final String FILE_NAME = "faults.json";

    private final ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private final ArrayNode entries = json.createArrayNode();
    private final Path file;
    private final String appliedBy;

    /**
     * @param folder    where {@link #FILE_NAME} is written.
     * @param appliedBy who applies the faults, e.g. {@code sonde exchange (pid 4242)}.
     */
    public AppliedFaultsFile(final Path folder, final String appliedBy)
    {
        this.file = folder.toAbsolutePath().resolve(FILE_NAME);
        this.appliedBy = appliedBy;
    }

    public Path file()
    {
        return file;
    }

    /**
     * Record one more fault and write the file.
     *
     * @throws UncheckedIOException when the file cannot be written.
     */
    public synchronized void add(final FaultOnMember applied)
    {
        final ObjectNode entry = entries.addObject()
            .put("kind", applied.fault().kind().cliName())
            .put("argument", applied.fault().argument())
            .put("at", applied.fault().at().toNanos() / 1e9)
            .put("wallClockStart", applied.wallClockStart().toString())
            .put("wallClockEnd", applied.wallClockEnd().toString())
            .put("member", applied.member())
            .put("appliedBy", appliedBy)
            .put("description", applied.description());
        write(entry);
    }

    private void write(final ObjectNode last)
    {
        try
        {
            Files.createDirectories(file.getParent());
            final Path partial = file.resolveSibling(FILE_NAME + ".partial");
            json.writeValue(partial.toFile(), entries);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write " + file + " after the fault " + last, ex);
        }
    }
}
