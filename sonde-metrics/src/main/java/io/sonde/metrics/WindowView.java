package io.sonde.metrics;

import java.util.Map;

/**
 * The latency percentiles of the last window, in seconds, published whole once per interval by the collector
 * thread and read by the scrape thread: an immutable map behind a volatile reference, so a scrape never sees
 * half an update and never waits on the thread that measures (the probe's, a run's).
 */
public final class WindowView
{
    /** The pseudo-quantile under which a series' total sample count since the start is published. */
    public static final double TOTAL = -1;

    private volatile Map<String, Double> seconds = Map.of();

    public static String key(final String series, final double quantile)
    {
        return series + "@" + quantile;
    }

    public void publish(final Map<String, Double> latest)
    {
        seconds = Map.copyOf(latest);
    }

    /**
     * @return the value, or NaN when the window held no samples (Prometheus shows NaN, not a made-up 0).
     */
    public double get(final String series, final double quantile)
    {
        final Double value = seconds.get(key(series, quantile));
        return value == null ? Double.NaN : value;
    }
}
