package io.sonde.loadgen.record;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * An HdrHistogram interval log ({@code .hlog}) in the standard {@link HistogramLogWriter} format,
 * one tag per series, readable by {@code HistogramLogReader} and {@code HistogramLogProcessor}.
 * Values are nanoseconds; the max column is written in milliseconds, as jHiccup does.
 */
public final class IntervalLog implements AutoCloseable
{
    private static final double NANOS_PER_MILLI = 1_000_000.0;

    private final Path file;
    private final long startEpochMs;
    private final PrintStream out;
    private final HistogramLogWriter writer;

    /**
     * Create the log and write its header.
     *
     * @param file         where to write; parent folders must exist.
     * @param startEpochMs the run's start in epoch milliseconds: interval times are relative to it.
     * @param description  one comment line saying what produced the log.
     */
    public IntervalLog(final Path file, final long startEpochMs, final String description)
    {
        this.file = file;
        this.startEpochMs = startEpochMs;
        try
        {
            this.out = new PrintStream(file.toFile(), StandardCharsets.US_ASCII);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create interval log " + file, ex);
        }
        writer = new HistogramLogWriter(out);
        writer.outputComment(description);
        writer.outputLogFormatVersion();
        writer.outputStartTime(startEpochMs);
        writer.setBaseTime(startEpochMs);
        writer.outputLegend();
    }

    public Path file()
    {
        return file;
    }

    /**
     * Append one interval. Recorders are created before the run starts, so their first interval can claim
     * an earlier start than the log's; nothing is recorded before the run, so that interval really starts
     * with the log, and says so (log readers skip intervals that start before the log).
     */
    public void write(final Histogram interval)
    {
        writer.outputIntervalHistogram(
            Math.max(interval.getStartTimeStamp(), startEpochMs) / 1000.0,
            interval.getEndTimeStamp() / 1000.0,
            interval,
            NANOS_PER_MILLI);
    }

    /**
     * Append a comment line ({@code #text}), e.g. a fault's mark, between intervals; log readers skip it. Safe beside
     * {@link #write} from another thread: each line is printed whole.
     */
    public void comment(final String text)
    {
        writer.outputComment(text);
    }

    public void close()
    {
        out.flush();
        out.close();
        if (out.checkError())
        {
            throw new UncheckedIOException(new IOException("failed writing interval log " + file));
        }
    }
}
