package io.sonde.inprocess.run;

import io.sonde.api.InvalidOptionException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.api.Percentiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The floors a {@code sonde calibrate} folder recorded, looked up by rate so every step can be shown beside
 * what the host itself costs, and what Sonde's own FIX path costs, at (about) the same rate; and the host's
 * one-way UDP floor, which a feed's latency (order to tick) is read against.
 *
 * @param source     the calibrate folder.
 * @param entries    the TCP floor: rate and corrected percentiles, rising rate.
 * @param fixEntries Sonde's FIX floor, likewise; empty when the folder has none (calibrated with --no-fix, or
 *                   before calibrate measured it).
 * @param udpEntries the one-way UDP floor, likewise; empty when the folder has none (calibrated with --no-udp,
 *                   or before calibrate measured it).
 */
public record FloorReference(Path source, List<Entry> entries, List<Entry> fixEntries, List<Entry> udpEntries)
{
    /**
     * @param rate      the calibrated rate.
     * @param corrected its corrected percentiles, µs.
     */
    public record Entry(double rate, Percentiles corrected)
    {
    }

    /**
     * @throws IllegalArgumentException naming the folder when it holds no readable calibrate summary.
     */
    public static FloorReference read(final Path folder)
    {
        final Path file = folder.resolve("summary.json");
        if (!Files.isRegularFile(file))
        {
            throw new InvalidOptionException("--floor " + folder + ": no summary.json there (run 'sonde calibrate " +
                "--out " + folder + "' first)");
        }
        try
        {
            final JsonNode summary = new ObjectMapper().readTree(file.toFile());
            final JsonNode floor = summary.get("floor");
            if (floor == null || !floor.isArray() || floor.isEmpty())
            {
                throw new InvalidOptionException("--floor " + file +
                    " is not a calibrate summary (no 'floor' array)");
            }
            return new FloorReference(folder, entries(floor), optionalEntries(summary.path("fixFloor")),
                optionalEntries(summary.path("udpFloor")));
        }
        catch (final IOException | RuntimeException ex)
        {
            if (ex instanceof IllegalArgumentException)
            {
                throw (IllegalArgumentException)ex;
            }
            throw new InvalidOptionException("--floor " + file + " cannot be read: " + ex.getMessage());
        }
    }

    /**
     * The TCP floor's entry whose rate is nearest to {@code rate} (on a log scale: 5k is nearer 10k than 1k is).
     */
    public Entry nearest(final double rate)
    {
        return nearest(entries, rate);
    }

    /**
     * The FIX floor's entry whose rate is nearest to {@code rate}, or null when the folder has no FIX floor.
     */
    public Entry nearestFix(final double rate)
    {
        return fixEntries.isEmpty() ? null : nearest(fixEntries, rate);
    }

    /**
     * The UDP floor's entry whose rate is nearest to {@code rate}, or null when the folder has no UDP floor: its
     * corrected p50 and p99 are what a one-way feed latency at that rate is divided by.
     */
    public Entry nearestUdp(final double rate)
    {
        return udpEntries.isEmpty() ? null : nearest(udpEntries, rate);
    }

    private static Entry nearest(final List<Entry> candidates, final double rate)
    {
        Entry best = candidates.get(0);
        for (final Entry entry : candidates)
        {
            if (Math.abs(Math.log(entry.rate() / rate)) < Math.abs(Math.log(best.rate() / rate)))
            {
                best = entry;
            }
        }
        return best;
    }

    private static List<Entry> optionalEntries(final JsonNode array)
    {
        return array.isArray() ? entries(array) : List.of();
    }

    private static List<Entry> entries(final JsonNode array)
    {
        final List<Entry> entries = new ArrayList<>();
        for (final JsonNode entry : array)
        {
            final JsonNode corrected = entry.get("corrected");
            entries.add(new Entry(entry.get("rate").asDouble(), new Percentiles(
                corrected.get("p50").asDouble(), corrected.get("p90").asDouble(), corrected.get("p99").asDouble(),
                corrected.get("p99_9").asDouble(), corrected.get("p99_99").asDouble(),
                corrected.get("max").asDouble(), corrected.get("count").asLong())));
        }
        entries.sort((a, b) -> Double.compare(a.rate(), b.rate()));
        return List.copyOf(entries);
    }
}
