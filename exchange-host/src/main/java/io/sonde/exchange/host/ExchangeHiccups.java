package io.sonde.exchange.host;

import io.sonde.agent.AgentOptions;
import io.sonde.agent.HiccupRecording;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The bundled exchange's own hiccups, recorded whenever it runs as a process (one per cluster member, and the
 * gateway's): the same jHiccup-format log {@code sonde-agent.jar} writes in any JVM, so {@code sonde report
 * --hiccups} lines the exchange's stalls up with the latency a run measured against it.
 */
final class ExchangeHiccups
{
    private ExchangeHiccups()
    {
    }

    /**
     * Start recording as {@code component} into {@code folder}. A log an earlier process left there is kept,
     * renamed after the moment it was last written: a restarted member must not erase the stalls of the run
     * before.
     *
     * @return the recording, to close when the component stops.
     */
    static HiccupRecording start(final Path folder, final String component, final PrintWriter out)
    {
        final AgentOptions options = AgentOptions.of(folder.toAbsolutePath(), AgentOptions.DEFAULT_RESOLUTION_NANOS,
            AgentOptions.DEFAULT_INTERVAL_NANOS, component, ProcessHandle.current().pid());
        try
        {
            keepEarlier(options.logFile());
            final HiccupRecording recording = HiccupRecording.start(options);
            out.println("sonde exchange: hiccups of " + component + " recorded in " + recording.logFile());
            return recording;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot record the hiccups of " + component + " in " + folder, ex);
        }
    }

    private static void keepEarlier(final Path log) throws IOException
    {
        if (Files.exists(log))
        {
            final String name = log.getFileName().toString();
            final String stem = name.substring(0, name.length() - AgentOptions.LOG_SUFFIX.length());
            final long lastWrittenMs = Files.getLastModifiedTime(log).toMillis();
            Files.move(log, log.resolveSibling(stem + "." + lastWrittenMs + AgentOptions.LOG_SUFFIX),
                StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
