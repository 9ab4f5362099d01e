package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One run of a repeated measurement ({@code --repeat}): its own corrected p50 and p99 with their 95 % intervals, read
 * from its own interval log, beside the pooled figures of all the runs. Runs whose intervals share no value differ
 * more than each run's noise allows: the host changed between them. Values in microseconds.
 *
 * @param run         counted from 1, in the order the runs were measured.
 * @param intervalLog its interval log, by file name, e.g. {@code run-2.hlog}.
 * @param count       the corrected samples it measured.
 * @param p50         its corrected median, µs.
 * @param p99         its corrected 99th percentile, µs.
 * @param intervals   the 95 % interval of each, keyed {@code p50} and {@code p99} ({@link ConfidenceInterval#key});
 *                    an interval the run's samples cannot support says so in its shortfall.
 */
@JsonPropertyOrder({ "run", "intervalLog", "count", "p50", "p99", "intervals" })
public record RepeatedRun(int run, String intervalLog, long count, double p50, double p99,
    Map<String, ConfidenceInterval> intervals)
{
    /**
     * A run read without intervals has none.
     */
    public RepeatedRun
    {
        intervalLog = intervalLog == null ? "" : intervalLog;
        intervals = intervals == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(intervals));
    }

    /**
     * @param percentile 50 or 99.
     * @return the run's 95 % interval there; empty when it has none.
     */
    public Optional<ConfidenceInterval> interval(final double percentile)
    {
        return Optional.ofNullable(intervals.get(ConfidenceInterval.key(percentile)));
    }
}
