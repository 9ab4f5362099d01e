package io.sonde.scenarios.calibrate;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.sonde.loadgen.result.RunSummary;

import java.util.List;

/**
 * The {@code summary.json} of {@code sonde calibrate}: the usual run fields, covering the TCP floor's rates
 * together, the {@code floor} array with one entry per rate, which later results are divided by,
 * {@code fixFloor}, Sonde's own FIX floor at the same rates, and {@code udpFloor}, the host's one-way UDP floor
 * at the same rates, which a feed's latency is divided by.
 *
 * @param total        the TCP floor's rates summarised as one run.
 * @param transport    what the TCP floor measures.
 * @param floor        the TCP floor, one entry per rate.
 * @param fixTransport what the FIX floor measures, or null when it was skipped ({@code --no-fix}).
 * @param fixFloor     Sonde's FIX floor, one entry per rate; empty when skipped.
 * @param udpTransport what the UDP floor measures, or null when it was skipped ({@code --no-udp}).
 * @param udpFloor     the UDP floor, one entry per rate; empty when skipped.
 */
public record CalibrationSummary(
    @JsonUnwrapped RunSummary total,
    String transport,
    List<FloorEntry> floor,
    String fixTransport,
    List<FloorEntry> fixFloor,
    String udpTransport,
    List<UdpFloorEntry> udpFloor)
{
}
