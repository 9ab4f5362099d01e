package io.sonde.inprocess.floor;

import io.sonde.api.FloorReport;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.result.HistogramPercentiles;
import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.runner.RunResult;
import org.HdrHistogram.Histogram;

import java.util.List;

/**
 * A floor's measured rates as the {@link FloorReport} records them: what one load run at one rate came to, in
 * microseconds.
 */
final class FloorSteps
{
    private static final double NANOS_PER_MICRO = 1000.0;

    private FloorSteps()
    {
    }

    /**
     * @param result one rate of the TCP or the FIX floor.
     */
    static FloorReport.RoundTrip roundTrip(final RunResult result)
    {
        return new FloorReport.RoundTrip(
            result.targetRatePerSecond(),
            result.achievedRatePerSecond(),
            result.measurement().sent(),
            result.measurement().acknowledged(),
            result.measurement().timedOut(),
            HistogramPercentiles.of(result.totals().get(RequestSeries.CORRECTED)),
            HistogramPercentiles.of(result.totals().get(RequestSeries.UNCORRECTED)),
            HistogramPercentiles.of(result.totals().get(RequestSeries.LATENESS)),
            result.intervalLog().getFileName().toString());
    }

    /**
     * @param result     one rate of the UDP floor; a datagram lost in the measurement window counts as timed out.
     * @param lost       datagrams of the step, warm-up included, that the receiver never read.
     * @param outOfOrder datagrams that arrived after a later one.
     */
    static FloorReport.OneWay oneWay(final RunResult result, final long lost, final long outOfOrder)
    {
        final FloorReport.RoundTrip counts = roundTrip(result);
        return new FloorReport.OneWay(counts.rate(), counts.achievedRate(), counts.sent(), counts.acknowledged(),
            counts.timedOut(), counts.corrected(), counts.uncorrected(), counts.lateness(), counts.intervalLog(),
            result.totals().get(RequestSeries.CORRECTED).getMean() / NANOS_PER_MICRO,
            result.totals().get(RequestSeries.UNCORRECTED).getMean() / NANOS_PER_MICRO,
            lost,
            outOfOrder);
    }

    /**
     * @return the process's stalls over every one of {@code results}, their histograms added.
     */
    static Percentiles hiccup(final List<RunResult> results)
    {
        final Histogram total = new Histogram(3);
        results.forEach(result -> total.add(result.totals().get(HiccupMeter.TAG)));
        return HistogramPercentiles.of(total);
    }
}
