package io.sonde.report;

import io.sonde.loadgen.record.RequestSeries;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.result.HistogramPercentiles;
import io.sonde.loadgen.time.Latency;

import java.util.Locale;

/**
 * Percentiles of a report row, always computed from the merged histograms.
 */
final class ReportStats
{
    private static final double NANOS_PER_MICRO = 1000.0;

    private ReportStats()
    {
    }

    /**
     * @return the row's corrected percentiles, with the intervals its run's summary gives them.
     */
    static Percentiles corrected(final ReportRow row)
    {
        return HistogramPercentiles.of(row.log().total(RequestSeries.CORRECTED)).withIntervals(
            row.correctedIntervals());
    }

    /**
     * The interval with the slowest corrected request: when the worst stall (a failover, a pause) happened.
     *
     * @return null when the row recorded nothing.
     */
    static RecordedLog.Interval worstInterval(final ReportRow row)
    {
        RecordedLog.Interval worst = null;
        for (final RecordedLog.Interval interval : row.log().intervals(RequestSeries.CORRECTED))
        {
            if (worst == null || interval.histogram().getMaxValue() > worst.histogram().getMaxValue())
            {
                worst = interval;
            }
        }
        return worst;
    }

    /**
     * "max 4.65s in the interval 12.0-13.0 s into the measured window" ("after the start" for interval logs alone),
     * or an empty string.
     */
    static String worstMoment(final ReportRow row)
    {
        final RecordedLog.Interval worst = worstInterval(row);
        return worst == null ? "" : String.format(Locale.ROOT, "max %s in the interval %.1f-%.1f s %s",
            Latency.formatMicros(worst.histogram().getMaxValue() / NANOS_PER_MICRO), worst.startSeconds(),
            worst.endSeconds(), row.log().fromMeasuredStart() ? "into the measured window" : "after the start");
    }

    static Percentiles uncorrected(final ReportRow row)
    {
        return HistogramPercentiles.of(row.log().total(RequestSeries.UNCORRECTED));
    }

    /**
     * @return the p99 a caller fanning out to {@code fanOut} calls sees, µs.
     */
    static double callerP99(final ReportRow row, final int fanOut)
    {
        final var corrected = row.log().total(RequestSeries.CORRECTED);
        return corrected.getTotalCount() == 0 ? 0 :
            TailAtScale.callerQuantile(corrected, 99, fanOut) / NANOS_PER_MICRO;
    }

    static double callerP50(final ReportRow row, final int fanOut)
    {
        final var corrected = row.log().total(RequestSeries.CORRECTED);
        return corrected.getTotalCount() == 0 ? 0 :
            TailAtScale.callerQuantile(corrected, 50, fanOut) / NANOS_PER_MICRO;
    }
}
