package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The percentiles Sonde reports for one series, in microseconds, with the number of samples. Never a mean alone.
 *
 * @param p50    median, µs.
 * @param p90    µs.
 * @param p99    µs.
 * @param p99_9  µs.
 * @param p99_99 µs.
 * @param max    the largest sample, µs.
 * @param count     samples recorded.
 * @param intervals the 95 % confidence interval of each percentile, keyed {@code p50}, {@code p90}, {@code p99},
 *                  {@code p99_9}, {@code p99_99} ({@link ConfidenceInterval#key}); empty (and not written) for
 *                  figures that have none, e.g. ones not read from an interval log.
 */
@JsonPropertyOrder({ "p50", "p90", "p99", "p99_9", "p99_99", "max", "count", "intervals" })
public record Percentiles(
    double p50,
    double p90,
    double p99,
    double p99_9,
    double p99_99,
    double max,
    long count,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, ConfidenceInterval> intervals)
{
    /**
     * Figures read without intervals (a summary written before Sonde put intervals on its percentiles) have none.
     */
    public Percentiles
    {
        intervals = intervals == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(intervals));
    }

    /**
     * Figures without intervals.
     *
     * @param p50    median, µs.
     * @param p90    µs.
     * @param p99    µs.
     * @param p99_9  µs.
     * @param p99_99 µs.
     * @param max    the largest sample, µs.
     * @param count  samples recorded.
     */
    public Percentiles(
        final double p50, final double p90, final double p99, final double p99_9, final double p99_99,
        final double max, final long count)
    {
        this(p50, p90, p99, p99_9, p99_99, max, count, Map.of());
    }

    /**
     * @param intervals the intervals of these figures, keyed as {@link #intervals()}.
     * @return the same figures with those intervals.
     */
    public Percentiles withIntervals(final Map<String, ConfidenceInterval> intervals)
    {
        return new Percentiles(p50, p90, p99, p99_9, p99_99, max, count, intervals);
    }

    /**
     * @param percentile one of 50, 90, 99, 99.9, 99.99.
     * @return its 95 % confidence interval; empty when these figures have none.
     * @throws IllegalArgumentException for a percentile Sonde puts no interval on (the maximum has none).
     */
    public Optional<ConfidenceInterval> interval(final double percentile)
    {
        return Optional.ofNullable(intervals.get(ConfidenceInterval.key(percentile)));
    }

    /**
     * @param percentile one of 50, 90, 99, 99.9, 99.99, or 100 for the maximum.
     * @return the value there, µs.
     * @throws IllegalArgumentException for a percentile Sonde does not report.
     */
    public double at(final double percentile)
    {
        if (percentile == 50)
        {
            return p50;
        }
        if (percentile == 90)
        {
            return p90;
        }
        if (percentile == 99)
        {
            return p99;
        }
        if (percentile == 99.9)
        {
            return p99_9;
        }
        if (percentile == 99.99)
        {
            return p99_99;
        }
        if (percentile == 100)
        {
            return max;
        }
        throw new IllegalArgumentException("Sonde reports p50, p90, p99, p99.9, p99.99 and max, not p" + percentile);
    }
}
