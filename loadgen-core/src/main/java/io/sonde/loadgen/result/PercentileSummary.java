package io.sonde.loadgen.result;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.HdrHistogram.Histogram;

/**
 * The percentiles Sonde reports for a series, in microseconds, with the sample count. Never a mean alone.
 */
@JsonPropertyOrder({ "p50", "p90", "p99", "p99_9", "p99_99", "max", "count" })
public record PercentileSummary(
    double p50,
    double p90,
    double p99,
    double p99_9,
    double p99_99,
    double max,
    long count)
{
    private static final double NANOS_PER_MICRO = 1000.0;

    /**
     * @param histogram values in nanoseconds.
     */
    public static PercentileSummary of(final Histogram histogram)
    {
        if (histogram.getTotalCount() == 0)
        {
            return new PercentileSummary(0, 0, 0, 0, 0, 0, 0);
        }
        return new PercentileSummary(
            micros(histogram.getValueAtPercentile(50)),
            micros(histogram.getValueAtPercentile(90)),
            micros(histogram.getValueAtPercentile(99)),
            micros(histogram.getValueAtPercentile(99.9)),
            micros(histogram.getValueAtPercentile(99.99)),
            micros(histogram.getMaxValue()),
            histogram.getTotalCount());
    }

    private static double micros(final long nanos)
    {
        return nanos / NANOS_PER_MICRO;
    }
}
