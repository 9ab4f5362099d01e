package io.sonde.scenarios.report;

import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.result.PercentileSummary;

/**
 * Percentiles of a report row, always computed from the merged histograms.
 */
final class ReportStats
{
    private static final double NANOS_PER_MICRO = 1000.0;

    private ReportStats()
    {
    }

    static PercentileSummary corrected(final ReportRow row)
    {
        return PercentileSummary.of(row.log().total(RequestSeries.CORRECTED));
    }

    static PercentileSummary uncorrected(final ReportRow row)
    {
        return PercentileSummary.of(row.log().total(RequestSeries.UNCORRECTED));
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
