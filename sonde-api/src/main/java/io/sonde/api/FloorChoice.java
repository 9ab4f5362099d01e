package io.sonde.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Which calibration a result is read against, and why that one: the folder {@code --floor} names, else the latest
 * calibration among the folders of {@code results/} (where {@code sonde calibrate} writes by default), else none, with
 * what to do about it. Said beside every table that shows a floor, so "floor p99" and "p99 ÷ floor" are never
 * "-" without a reason, and a floor never comes from a folder the user did not see named.
 *
 * @param folder the calibrate output folder chosen; empty when there is none.
 * @param named  whether {@code --floor} named it, so that it is read against even where a sweep named another.
 * @param reason why that one, or why none: {@code --floor}, {@code the latest calibration in results/}, ...
 */
public record FloorChoice(Optional<Path> folder, boolean named, String reason)
{
    /** Every {@code --floor}: of {@code run}, {@code sweep} and {@code report}. */
    public static final Option<Path> OPTION = Option.path("floor", "FOLDER", "A sonde calibrate output folder whose " +
        "floors each result is shown beside and divided by; without it, the latest calibration in results/.");

    /** Where {@code sonde calibrate} writes, in a folder of its own, unless told otherwise. */
    public static final Path RESULTS = Path.of("results");

    /**
     * @param given   the folder {@code --floor} named, if it did.
     * @param results the folder whose folders hold the calibrations to choose among, usually {@link #RESULTS}.
     * @return the folder given; else the folder under {@code results} whose calibration was written last; else none.
     */
    public static FloorChoice of(final Optional<Path> given, final Path results)
    {
        if (given.isPresent())
        {
            return new FloorChoice(given, true, "--floor");
        }
        return latestIn(results).map(latest -> new FloorChoice(Optional.of(latest), false, "the latest calibration " +
            "in " + results + "/")).orElseGet(() -> new FloorChoice(Optional.empty(), false, "no calibration in " +
            results + "/: run `sonde calibrate`"));
    }

    /**
     * @return e.g. {@code floor: results/floor (the latest calibration in results/)}, or
     *         {@code floor: none (no calibration in results/: run `sonde calibrate`)}.
     */
    public String describe()
    {
        return "floor: " + folder.map(Path::toString).orElse("none") + " (" + reason + ")";
    }

    private static Optional<Path> latestIn(final Path results)
    {
        if (!Files.isDirectory(results))
        {
            return Optional.empty();
        }
        try (Stream<Path> folders = Files.list(results))
        {
            final List<Path> calibrations = folders.filter(FloorChoice::holdsCalibration).toList();
            return calibrations.stream().max(Comparator.comparing(FloorChoice::written));
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot list " + results, ex);
        }
    }

    private static boolean holdsCalibration(final Path folder)
    {
        if (!Files.isRegularFile(folder.resolve(FloorReport.SUMMARY_FILE)))
        {
            return false;
        }
        try
        {
            FloorReport.read(folder);
            return true;
        }
        catch (final IllegalArgumentException notACalibration)
        {
            return false;
        }
    }

    private static FileTime written(final Path folder)
    {
        try
        {
            return Files.getLastModifiedTime(folder.resolve(FloorReport.SUMMARY_FILE));
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read the time of " + folder.resolve(FloorReport.SUMMARY_FILE), ex);
        }
    }
}
