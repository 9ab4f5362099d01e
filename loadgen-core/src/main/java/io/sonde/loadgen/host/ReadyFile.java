package io.sonde.loadgen.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The file a long-running command creates once it serves, named by {@value #VARIABLE} (the container image
 * sets it): a health check that needs nothing but {@code test -f}.
 */
public final class ReadyFile
{
    public static final String VARIABLE = "SONDE_READY_FILE";

    private ReadyFile()
    {
    }

    /**
     * Write the READY line to the file, if one is configured; remove it again when the JVM stops.
     */
    public static void announce(final String readyLine)
    {
        final String name = System.getenv(VARIABLE);
        if (name == null || name.isBlank())
        {
            return;
        }
        final Path file = Path.of(name);
        try
        {
            Files.writeString(file, readyLine + System.lineSeparator(), StandardCharsets.UTF_8);
            file.toFile().deleteOnExit();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write the ready file " + file + " (" + VARIABLE + ")", ex);
        }
    }
}
