package io.sonde.scenarios.calibrate;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.runner.RunResult;

/**
 * The UDP floor at one rate: one-way loopback UDP, latency from the intended send (corrected) and from the
 * actual send (uncorrected) to the receiver's read, as a {@link FloorEntry}, with the means STAC-N1 reports
 * beside the percentiles, and the datagrams that never arrived.
 *
 * @param floor           rate, counts, percentiles and interval log, as the TCP floor's entries have them; a
 *                        datagram lost in the measurement window counts as timed out there.
 * @param mean            mean corrected latency, µs.
 * @param uncorrectedMean mean uncorrected latency, µs.
 * @param lost            datagrams of the step, warm-up included, that the receiver never read: gaps in the
 *                        sequence, and the ones after the last it read.
 * @param outOfOrder      datagrams that arrived after a later one (not lost: counted here instead).
 */
public record UdpFloorEntry(
    @JsonUnwrapped FloorEntry floor,
    double mean,
    double uncorrectedMean,
    long lost,
    long outOfOrder)
{
    private static final double NANOS_PER_MICRO = 1000.0;

    static UdpFloorEntry of(final RunResult result, final long lost, final long outOfOrder)
    {
        return new UdpFloorEntry(
            FloorEntry.of(result),
            result.totals().get(RequestSeries.CORRECTED).getMean() / NANOS_PER_MICRO,
            result.totals().get(RequestSeries.UNCORRECTED).getMean() / NANOS_PER_MICRO,
            lost,
            outOfOrder);
    }
}
