package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One hop of the answers' path, in microseconds.
 *
 * @param name  the hop: {@code send}, {@code fix-in}, {@code gateway-in}, {@code consensus}, {@code matching},
 *              {@code gateway-out}, {@code fix-out}, {@code to-venue}, {@code in-venue}, {@code from-venue},
 *              {@code wire-and-venue} or {@code receive}.
 * @param p50   median.
 * @param p90   90th percentile.
 * @param p99   99th percentile.
 * @param p99_9 99.9th percentile.
 * @param max   largest.
 * @param count answers measured.
 * @param atP50 mean time in this hop of the answers at the answers' median: over the hops, these add up to
 *              about that median, where the hops' own medians need not.
 * @param atP99 the same at the answers' 99th percentile: which hop the slow answers were slow in.
 * @param intervals the 95 % confidence interval of the hop's own percentiles, keyed as
 *                  {@link Percentiles#intervals()}; empty (and not written) when it has none.
 */
@JsonPropertyOrder({ "name", "p50", "p90", "p99", "p99.9", "max", "count", "atP50", "atP99", "intervals" })
public record Hop(
    String name, double p50, double p90, double p99, @JsonProperty("p99.9") double p99_9, double max, long count,
    double atP50, double atP99,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, ConfidenceInterval> intervals)
{
    /** A hop read without intervals has none. */
    public Hop
    {
        intervals = intervals == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(intervals));
    }

    /** A hop without intervals. */
    public Hop(
        final String name, final double p50, final double p90, final double p99, final double p99p9,
        final double max, final long count, final double atP50, final double atP99)
    {
        this(name, p50, p90, p99, p99p9, max, count, atP50, atP99, Map.of());
    }

    /**
     * @param intervals the intervals of the hop's percentiles.
     * @return the same hop with those intervals.
     */
    public Hop withIntervals(final Map<String, ConfidenceInterval> intervals)
    {
        return new Hop(name, p50, p90, p99, p99_9, max, count, atP50, atP99, intervals);
    }

    /**
     * @param percentile one of 50, 90, 99, 99.9.
     * @return its 95 % confidence interval; empty when the hop has none.
     * @throws IllegalArgumentException for a percentile Sonde puts no interval on.
     */
    public Optional<ConfidenceInterval> interval(final double percentile)
    {
        return Optional.ofNullable(intervals.get(ConfidenceInterval.key(percentile)));
    }
}
