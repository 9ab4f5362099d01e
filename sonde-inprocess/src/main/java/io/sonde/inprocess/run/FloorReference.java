package io.sonde.inprocess.run;

import io.sonde.api.FloorReport;
import io.sonde.api.InvalidOptionException;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The floors of the calibration a sweep or run names with {@code --floor} (or the latest in {@code results/},
 * {@link io.sonde.api.FloorChoice}), read once before it starts, so a folder that holds no calibration is a usage
 * error before anything connects; every step is then shown beside what the host itself costs, and what Sonde's own
 * FIX path costs, at (about) the same rate.
 *
 * @param source the calibrate folder.
 * @param report what it measured.
 */
public record FloorReference(Path source, FloorReport report)
{
    /**
     * @throws InvalidOptionException naming the folder when it holds no readable calibration.
     */
    public static FloorReference read(final Path folder)
    {
        if (!Files.isRegularFile(folder.resolve(FloorReport.SUMMARY_FILE)))
        {
            throw new InvalidOptionException("--floor " + folder + ": no summary.json there (run 'sonde calibrate " +
                "--out " + folder + "' first)");
        }
        try
        {
            return new FloorReference(folder, FloorReport.read(folder));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new InvalidOptionException("--floor " + ex.getMessage(), ex);
        }
    }

    /**
     * @return the TCP floor's entry whose rate is nearest to {@code rate} on a log scale, or null when it has none.
     */
    public FloorReport.RoundTrip nearest(final double rate)
    {
        return report.nearest(rate).orElse(null);
    }

    /**
     * @return the FIX floor's entry whose rate is nearest to {@code rate}, or null when the folder has no FIX floor.
     */
    public FloorReport.RoundTrip nearestFix(final double rate)
    {
        return report.nearestFix(rate).orElse(null);
    }
}
