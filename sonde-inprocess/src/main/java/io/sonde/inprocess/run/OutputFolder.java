package io.sonde.inprocess.run;

import io.sonde.api.InvalidOptionException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Makes sure a command's output folder exists and is writable before any work starts, so a run never
 * finishes only to find it cannot save its results.
 */
public final class OutputFolder
{
    private OutputFolder()
    {
    }

    public static Path prepare(final Path folder)
    {
        if (Files.exists(folder) && !Files.isDirectory(folder))
        {
            throw new InvalidOptionException("--out: output folder " + folder + " exists and is not a folder");
        }
        try
        {
            Files.createDirectories(folder);
        }
        catch (final IOException ex)
        {
            throw new InvalidOptionException("--out: cannot create output folder " + folder + ": " + ex.getMessage());
        }
        if (!Files.isWritable(folder))
        {
            throw new InvalidOptionException("--out: output folder " + folder + " is not writable");
        }
        return folder;
    }
}
