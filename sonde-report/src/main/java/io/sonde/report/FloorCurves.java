package io.sonde.report;

import io.sonde.loadgen.record.RequestSeries;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The corrected latency distributions a {@code sonde calibrate} folder logged ({@code floor-<rate>.hlog} for the
 * host's TCP floor, {@code fix-floor-<rate>.hlog} for Sonde's own FIX floor), by rate, so a sweep's percentile
 * plots can draw the floor's whole curve beside each step's and not only its p99.
 */
final class FloorCurves
{
    private static final Pattern LOG_NAME = Pattern.compile("(fix-)?floor-(\\d+)\\.hlog");
    private static final FloorCurves NONE = new FloorCurves(new TreeMap<>(), new TreeMap<>());

    private final TreeMap<Double, Histogram> tcp;
    private final TreeMap<Double, Histogram> fix;

    private FloorCurves(final TreeMap<Double, Histogram> tcp, final TreeMap<Double, Histogram> fix)
    {
        this.tcp = tcp;
        this.fix = fix;
    }

    /**
     * @param folder the calibrate folder a sweep named with {@code --floor}, or null.
     * @return its curves; none when the sweep had no floor or its folder is no longer there: the sweep.json
     * still carries the floor's p99 for the tables, so a report of moved results loses only the curves.
     */
    static FloorCurves read(final Path folder)
    {
        if (folder == null || !Files.isDirectory(folder))
        {
            return NONE;
        }
        final TreeMap<Double, Histogram> tcp = new TreeMap<>();
        final TreeMap<Double, Histogram> fix = new TreeMap<>();
        try (Stream<Path> files = Files.list(folder))
        {
            for (final Path file : files.sorted().toList())
            {
                final Matcher name = LOG_NAME.matcher(file.getFileName().toString());
                if (name.matches())
                {
                    final Histogram corrected = new RecordedLog().add(file).total(RequestSeries.CORRECTED);
                    (name.group(1) == null ? tcp : fix).put(Double.parseDouble(name.group(2)), corrected);
                }
            }
        }
        catch (final IOException ex)
        {
            return NONE;
        }
        return new FloorCurves(tcp, fix);
    }

    /**
     * @return the curves to draw beside a step at {@code rate}: each floor's nearest rate (on a log scale, as
     * the sweep's tables pick it), named for what it is and the rate it was measured at.
     */
    Map<String, Histogram> nearest(final double rate)
    {
        final Map<String, Histogram> curves = new TreeMap<>();
        nearest(tcp, rate, "TCP floor", curves);
        nearest(fix, rate, "Sonde FIX floor", curves);
        return curves;
    }

    private static void nearest(
        final TreeMap<Double, Histogram> byRate, final double rate, final String name, final Map<String, Histogram> to)
    {
        Double best = null;
        for (final double candidate : byRate.keySet())
        {
            if (best == null || Math.abs(Math.log(candidate / rate)) < Math.abs(Math.log(best / rate)))
            {
                best = candidate;
            }
        }
        if (best != null)
        {
            to.put(String.format(Locale.ROOT, "%s at %.0f/s", name, best), byRate.get(best));
        }
    }
}
