package io.sonde.scenarios.calibrate;

import io.sonde.api.Percentiles;
import io.sonde.loadgen.result.HistogramPercentiles;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.record.RequestSeries;

/**
 * A floor at one rate: what loopback TCP, or Sonde's own FIX path, costs on this host, CO-corrected and not.
 *
 * @param rate         offered requests per second.
 * @param achievedRate requests per second actually sent in the measurement window.
 * @param sent         measured requests sent.
 * @param acknowledged measured requests answered (echoed back; for FIX, filled).
 * @param timedOut     measured requests not answered within the timeout.
 * @param corrected    latency from intended start, µs.
 * @param uncorrected  latency from actual send, µs.
 * @param lateness     how late the generator sent, µs.
 * @param intervalLog  the interval log file of this rate.
 */
public record FloorEntry(
    double rate,
    double achievedRate,
    long sent,
    long acknowledged,
    long timedOut,
    Percentiles corrected,
    Percentiles uncorrected,
    Percentiles lateness,
    String intervalLog)
{
    static FloorEntry of(final RunResult result)
    {
        return new FloorEntry(
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
}
