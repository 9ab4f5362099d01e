package io.sonde.loadgen.result;

import io.sonde.api.Percentiles;
import org.HdrHistogram.Histogram;

/**
 * A histogram of nanoseconds read as the API's {@link Percentiles} in microseconds: the one conversion every
 * result (a run's summary, a sweep's steps, a calibrate floor, a report's rows) makes, so they all round alike.
 */
public final class HistogramPercentiles
{
    private static final double NANOS_PER_MICRO = 1000.0;

    private HistogramPercentiles()
    {
    }

    /**
     * @param histogram values in nanoseconds.
     * @return its percentiles in microseconds; all zero for an empty histogram.
     */
    public static Percentiles of(final Histogram histogram)
    {
        if (histogram.getTotalCount() == 0)
        {
            return new Percentiles(0, 0, 0, 0, 0, 0, 0);
        }
        return new Percentiles(
            micros(histogram.getValueAtPercentile(50)),
            micros(histogram.getValueAtPercentile(90)),
            micros(histogram.getValueAtPercentile(99)),
            micros(histogram.getValueAtPercentile(99.9)),
            micros(histogram.getValueAtPercentile(99.99)),
            micros(histogram.getMaxValue()),
            histogram.getTotalCount());
    }

    /**
     * @return nanoseconds in microseconds.
     */
    public static double micros(final long nanos)
    {
        return nanos / NANOS_PER_MICRO;
    }
}
