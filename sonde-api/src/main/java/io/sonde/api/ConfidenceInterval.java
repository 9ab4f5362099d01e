package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.Map;

/**
 * The 95 % confidence interval of one percentile, from a seeded block bootstrap over the run's own interval
 * histograms (its {@code run.hlog}, or the logs of its runs pooled), in microseconds like {@link Percentiles}: how
 * far the figure could move on another run of the same system on the same host. The same folder always gives the
 * same interval.
 * <p>
 * When the samples cannot support the percentile (too few samples above it, or too few blocks to resample), the
 * bounds mean nothing and {@link #shortfall()} says what is missing, e.g.
 * {@code p99.99: 5,000 samples, needs ≥ 100,000}: print that, never a bare number.
 *
 * @param lower     the lower end, µs.
 * @param upper     the upper end, µs.
 * @param blocks    how many blocks of consecutive intervals one resample drew, over every run.
 * @param intervals how many interval histograms the bootstrap resampled: fewer than the run's length when its
 *                  log was cut short.
 * @param runs      how many runs were pooled (1 for a single run).
 * @param shortfall why the samples cannot support the percentile; empty (and not written) when they can.
 */
@JsonPropertyOrder({ "lower", "upper", "blocks", "intervals", "runs", "shortfall" })
public record ConfidenceInterval(
    double lower,
    double upper,
    int blocks,
    int intervals,
    int runs,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String shortfall)
{
    /** The keys of {@link Percentiles#intervals()} by percentile, as {@code summary.json} names them. */
    private static final Map<Double, String> KEYS =
        Map.of(50.0, "p50", 90.0, "p90", 99.0, "p99", 99.9, "p99_9", 99.99, "p99_99");

    /**
     * A summary that does not name a shortfall has none.
     */
    public ConfidenceInterval
    {
        shortfall = shortfall == null ? "" : shortfall;
    }

    /**
     * @return true when the interval means something; false when {@link #shortfall()} says why not.
     */
    @JsonIgnore
    public boolean supported()
    {
        return shortfall.isEmpty();
    }

    /**
     * @param percentile one of 50, 90, 99, 99.9, 99.99.
     * @return its key in {@link Percentiles#intervals()}: {@code p50}, {@code p90}, {@code p99}, {@code p99_9},
     *         {@code p99_99}.
     * @throws IllegalArgumentException for a percentile Sonde puts no interval on (the maximum has none).
     */
    public static String key(final double percentile)
    {
        final String key = KEYS.get(percentile);
        if (key == null)
        {
            throw new IllegalArgumentException(
                "Sonde puts intervals on p50, p90, p99, p99.9 and p99.99, not p" + percentile);
        }
        return key;
    }
}
