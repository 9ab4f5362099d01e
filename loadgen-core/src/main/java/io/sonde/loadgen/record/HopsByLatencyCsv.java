package io.sonde.loadgen.record;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@link HopsByLatency} in a run's folder, so that a report can tell what the answers at a percentile spent their
 * time on, added up over the generators of a step like their interval logs. One line per band that holds
 * requests: the band's lowest latency, its requests, and their total nanoseconds in each hop, by name.
 */
public final class HopsByLatencyCsv
{
    public static final String FILE_NAME = "hops-by-latency.csv";

    private static final String COMMENT = "# measured requests by whole latency, in bands 1/32 of a power of two " +
        "wide; each hop column is the band's total nanoseconds in that hop";
    private static final String LOWEST = "band_lowest_ns";
    private static final String REQUESTS = "requests";

    /**
     * What a file held.
     *
     * @param hopNames  the hops, by index.
     * @param byLatency the bands.
     */
    public record Loaded(List<String> hopNames, HopsByLatency byLatency)
    {
    }

    private HopsByLatencyCsv()
    {
    }

    /**
     * Write {@code byLatency}, whose hops are {@code hopNames} by index, to {@code file}.
     */
    public static void write(final Path file, final List<String> hopNames, final HopsByLatency byLatency)
    {
        if (hopNames.size() != byLatency.hops())
        {
            throw new IllegalArgumentException(hopNames.size() + " hop names for " + byLatency.hops() + " hops");
        }
        try (BufferedWriter out = Files.newBufferedWriter(file))
        {
            out.write(COMMENT + "\n" + LOWEST + "," + REQUESTS + "," + String.join(",", hopNames) + "\n");
            final StringBuilder line = new StringBuilder();
            byLatency.forEachBand((lowestNanos, requests, hopNanos) ->
            {
                line.setLength(0);
                line.append(lowestNanos).append(',').append(requests);
                for (final long nanos : hopNanos)
                {
                    line.append(',').append(nanos);
                }
                writeLine(out, line.append('\n'));
            });
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write " + file, ex);
        }
    }

    /**
     * @throws IllegalArgumentException naming the file and line when it is not one this class wrote.
     */
    public static Loaded read(final Path file)
    {
        final List<String> lines;
        try
        {
            lines = Files.readAllLines(file);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read " + file, ex);
        }
        final List<String> content = new ArrayList<>(lines.stream().filter(line -> !line.startsWith("#")).toList());
        if (content.isEmpty() || !content.get(0).startsWith(LOWEST + "," + REQUESTS))
        {
            throw new IllegalArgumentException(file + " has no header line starting '" + LOWEST + "," + REQUESTS +
                "'");
        }
        final String[] header = content.remove(0).split(",");
        final List<String> hopNames = List.of(Arrays.copyOfRange(header, 2, header.length));
        final HopsByLatency byLatency = new HopsByLatency(hopNames.size());
        for (final String line : content)
        {
            addLine(file, line, header.length, byLatency);
        }
        return new Loaded(hopNames, byLatency);
    }

    private static void addLine(final Path file, final String line, final int columns, final HopsByLatency into)
    {
        final String[] cells = line.split(",");
        if (cells.length != columns)
        {
            throw new IllegalArgumentException(file + ": line '" + line + "' has " + cells.length + " values, the " +
                "header " + columns);
        }
        try
        {
            final long[] hopNanos = new long[columns - 2];
            for (int i = 0; i < hopNanos.length; i++)
            {
                hopNanos[i] = Long.parseLong(cells[i + 2]);
            }
            into.addBand(Long.parseLong(cells[0]), Long.parseLong(cells[1]), hopNanos);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(file + ": line '" + line + "' holds a value that is no whole number",
                ex);
        }
    }

    private static void writeLine(final BufferedWriter out, final CharSequence line)
    {
        try
        {
            out.append(line);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
