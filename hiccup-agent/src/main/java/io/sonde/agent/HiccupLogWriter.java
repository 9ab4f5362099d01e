package io.sonde.agent;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A hiccup log in HdrHistogram's interval log format, as jHiccup writes it: a header with the start and base
 * times, then one histogram per interval, tagged {@value HiccupRecording#TAG}, values in nanoseconds and the max
 * column in milliseconds. Each interval is flushed as it is written, so the log of a JVM that is killed is still
 * readable up to its last interval.
 */
final class HiccupLogWriter implements AutoCloseable
{
    private static final double NANOS_PER_MILLI = 1_000_000.0;

    private final Path file;
    private final long startEpochMs;
    private final PrintStream out;
    private final HistogramLogWriter writer;

    HiccupLogWriter(final AgentOptions options, final long pid, final long startEpochMs) throws IOException
    {
        this.file = options.logFile();
        this.startEpochMs = startEpochMs;
        Files.createDirectories(options.out());
        this.out = new PrintStream(new FileOutputStream(file.toFile()), false, StandardCharsets.US_ASCII);
        writer = new HistogramLogWriter(out);
        writer.outputComment("[Component: " + options.name() + "]");
        writer.outputComment("[Hiccups of pid " + pid + " sampled every " + options.resolutionNanos() +
            " ns by sonde-agent, corrected for coordinated omission; values in ns, max column in ms]");
        writer.outputLogFormatVersion();
        writer.outputStartTime(startEpochMs);
        writer.setBaseTime(startEpochMs);
        writer.outputBaseTime(startEpochMs);
        writer.outputLegend();
        flush();
    }

    /**
     * Append one interval and flush it, its times in seconds from the log's BaseTime as jHiccup writes them: a
     * reader adds the BaseTime back, so absolute times here would land decades in the future. An interval whose
     * recorder started before the log says it starts with the log, as nothing was sampled earlier (and log
     * readers skip intervals that start before the log).
     */
    void write(final Histogram interval) throws IOException
    {
        interval.setTag(HiccupRecording.TAG);
        writer.outputIntervalHistogram(
            (Math.max(interval.getStartTimeStamp(), startEpochMs) - startEpochMs) / 1000.0,
            (interval.getEndTimeStamp() - startEpochMs) / 1000.0,
            interval,
            NANOS_PER_MILLI);
        flush();
    }

    public void close()
    {
        out.close();
    }

    private void flush() throws IOException
    {
        out.flush();
        if (out.checkError())
        {
            throw new IOException("failed writing the hiccup log " + file);
        }
    }
}
