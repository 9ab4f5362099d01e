package io.sonde.agent;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A hiccup log as HdrHistogram's own {@link HistogramLogReader} reads it: what tests check the agent's output
 * against, so the log is proven readable by the standard tools and not only by Sonde.
 */
public final class HiccupLogContents
{
    private final double startTimeSec;
    private final List<Histogram> intervals;

    private HiccupLogContents(final double startTimeSec, final List<Histogram> intervals)
    {
        this.startTimeSec = startTimeSec;
        this.intervals = intervals;
    }

    /**
     * @return the log's contents, empty when the file does not exist yet.
     */
    public static HiccupLogContents read(final Path file) throws IOException
    {
        final List<Histogram> intervals = new ArrayList<>();
        if (!Files.exists(file))
        {
            return new HiccupLogContents(0, intervals);
        }
        final HistogramLogReader reader = new HistogramLogReader(new ByteArrayInputStream(completeLinesOf(file)));
        for (Histogram interval = (Histogram)reader.nextIntervalHistogram(); interval != null;
            interval = (Histogram)reader.nextIntervalHistogram())
        {
            intervals.add(interval);
        }
        return new HiccupLogContents(reader.getStartTimeSec(), intervals);
    }

    /**
     * The log as far as its last full line: the agent appends while tests read, and a reader that meets half a
     * line fails (HdrHistogram's log processor even exits the JVM).
     */
    public static byte[] completeLinesOf(final Path file) throws IOException
    {
        final byte[] bytes = Files.readAllBytes(file);
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] != '\n')
        {
            end--;
        }
        return Arrays.copyOf(bytes, end);
    }

    public double startTimeSec()
    {
        return startTimeSec;
    }

    public List<Histogram> intervals()
    {
        return intervals;
    }

    public long maxNanos()
    {
        return intervals.stream().mapToLong(Histogram::getMaxValue).max().orElse(0);
    }

    public long totalCount()
    {
        return intervals.stream().mapToLong(Histogram::getTotalCount).sum();
    }
}
