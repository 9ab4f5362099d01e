package io.sonde.loadgen.record;

import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Whole-run histograms per tag, built by adding interval histograms: the same addition that merges
 * logs from several generators, never an average of percentiles.
 */
public final class SeriesTotals
{
    private final Map<String, Histogram> byTag = new LinkedHashMap<>();

    public void add(final Histogram interval)
    {
        byTag.computeIfAbsent(interval.getTag(), SeriesTotals::emptyFor).add(interval);
    }

    /**
     * @return the total for {@code tag}, empty (count 0) if nothing was recorded under it.
     */
    public Histogram get(final String tag)
    {
        final Histogram total = byTag.get(tag);
        return total != null ? total : emptyFor(tag);
    }

    private static Histogram emptyFor(final String tag)
    {
        final Histogram histogram = new Histogram(SeriesRecorder.SIGNIFICANT_DIGITS);
        histogram.setTag(tag);
        return histogram;
    }
}
