package io.sonde.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The host's one-way UDP floor a {@code sonde calibrate} folder recorded ({@code udpFloor} in its summary.json),
 * by rate: order-to-tick is read against it as order latency is read against the TCP floor.
 */
final class UdpFloor
{
    /**
     * @param rate the calibrated rate.
     * @param p50  its corrected median, µs.
     * @param p99  its corrected p99, µs.
     */
    record Entry(double rate, double p50, double p99)
    {
    }

    /** No floor was named, or its folder is no longer there: nothing to say. */
    static final UdpFloor NONE = new UdpFloor(false, List.of());

    private final boolean calibrated;
    private final List<Entry> entries;

    private UdpFloor(final boolean calibrated, final List<Entry> entries)
    {
        this.calibrated = calibrated;
        this.entries = entries;
    }

    /**
     * @param folder the calibrate folder a sweep named with {@code --floor}, or null.
     * @throws ReportException naming the file when its summary.json cannot be read.
     */
    static UdpFloor read(final Path folder)
    {
        final Path file = folder == null ? null : folder.resolve("summary.json");
        if (file == null || !Files.isRegularFile(file))
        {
            return NONE;
        }
        final JsonNode array;
        try
        {
            array = new ObjectMapper().readTree(file.toFile()).path("udpFloor");
        }
        catch (final IOException ex)
        {
            throw new ReportException("floor " + file + " cannot be read: " + ex.getMessage());
        }
        final List<Entry> entries = new ArrayList<>();
        for (final JsonNode entry : array)
        {
            final JsonNode corrected = entry.path("corrected");
            if (!entry.path("rate").isNumber() || !corrected.path("p50").isNumber() ||
                !corrected.path("p99").isNumber())
            {
                throw new ReportException("floor " + file + ": a udpFloor entry lacks its rate or corrected " +
                    "p50/p99: " + entry);
            }
            entries.add(new Entry(entry.path("rate").asDouble(), corrected.path("p50").asDouble(),
                corrected.path("p99").asDouble()));
        }
        return new UdpFloor(true, List.copyOf(entries));
    }

    /**
     * @return whether a floor was named and found but it has no UDP floor (calibrated before calibrate measured
     *         one, or with {@code --no-udp}).
     */
    boolean lacksUdp()
    {
        return calibrated && entries.isEmpty();
    }

    /**
     * @return the entry whose rate is nearest {@code rate} on a log scale (as the sweep picks the TCP floor's), or
     *         null when there is none.
     */
    Entry nearest(final double rate)
    {
        Entry best = null;
        for (final Entry entry : entries)
        {
            if (best == null || Math.abs(Math.log(entry.rate() / rate)) < Math.abs(Math.log(best.rate() / rate)))
            {
                best = entry;
            }
        }
        return best;
    }
}
