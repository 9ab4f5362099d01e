package io.sonde.scenarios.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.loadgen.result.PercentileSummary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The platform floor a {@code sonde calibrate} folder recorded, looked up by rate so every step can be shown
 * beside what the host itself costs at (about) the same rate.
 *
 * @param source  the calibrate folder.
 * @param entries rate and corrected percentiles, rising rate.
 */
public record FloorReference(Path source, List<Entry> entries)
{
    /**
     * @param rate      the calibrated rate.
     * @param corrected its corrected percentiles, µs.
     */
    public record Entry(double rate, PercentileSummary corrected)
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
            throw new IllegalArgumentException("--floor " + folder + ": no summary.json there (run 'sonde calibrate " +
                "--out " + folder + "' first)");
        }
        try
        {
            final JsonNode floor = new ObjectMapper().readTree(file.toFile()).get("floor");
            if (floor == null || !floor.isArray() || floor.isEmpty())
            {
                throw new IllegalArgumentException("--floor " + file + " is not a calibrate summary (no 'floor' array)");
            }
            final List<Entry> entries = new ArrayList<>();
            for (final JsonNode entry : floor)
            {
                final JsonNode corrected = entry.get("corrected");
                entries.add(new Entry(entry.get("rate").asDouble(), new PercentileSummary(
                    corrected.get("p50").asDouble(), corrected.get("p90").asDouble(), corrected.get("p99").asDouble(),
                    corrected.get("p99_9").asDouble(), corrected.get("p99_99").asDouble(),
                    corrected.get("max").asDouble(), corrected.get("count").asLong())));
            }
            entries.sort((a, b) -> Double.compare(a.rate(), b.rate()));
            return new FloorReference(folder, List.copyOf(entries));
        }
        catch (final IOException | RuntimeException ex)
        {
            if (ex instanceof IllegalArgumentException)
            {
                throw (IllegalArgumentException)ex;
            }
            throw new IllegalArgumentException("--floor " + file + " cannot be read: " + ex.getMessage());
        }
    }

    /**
     * The entry whose rate is nearest to {@code rate} (on a log scale: 5k is nearer 10k than 1k is).
     */
    public Entry nearest(final double rate)
    {
        Entry best = entries.get(0);
        for (final Entry entry : entries)
        {
            if (Math.abs(Math.log(entry.rate() / rate)) < Math.abs(Math.log(best.rate() / rate)))
            {
                best = entry;
            }
        }
        return best;
    }
}
