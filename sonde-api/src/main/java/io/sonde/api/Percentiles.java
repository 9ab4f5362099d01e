package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The percentiles Sonde reports for one series, in microseconds, with the number of samples. Never a mean alone.
 *
 * @param p50    median, µs.
 * @param p90    µs.
 * @param p99    µs.
 * @param p99_9  µs.
 * @param p99_99 µs.
 * @param max    the largest sample, µs.
 * @param count  samples recorded.
 */
@JsonPropertyOrder({ "p50", "p90", "p99", "p99_9", "p99_99", "max", "count" })
public record Percentiles(double p50, double p90, double p99, double p99_9, double p99_99, double max, long count)
{
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
