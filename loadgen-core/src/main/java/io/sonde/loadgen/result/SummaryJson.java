package io.sonde.loadgen.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes result documents as indented JSON. The file appears whole or not at all: it is written
 * beside its final name and moved into place, so a crash never leaves a half-written result.
 */
public final class SummaryJson
{
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SummaryJson()
    {
    }

    public static void write(final Path file, final Object document)
    {
        final Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try
        {
            MAPPER.writeValue(partial.toFile(), document);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write " + file, ex);
        }
    }

    public static ObjectMapper mapper()
    {
        return MAPPER;
    }
}
