package io.sonde.inprocess.run;

import io.sonde.api.Percentiles;
import io.sonde.api.SweepReport.StepVerdict;

/**
 * One row of a sweep: the step's rate, verdict and latency, its errors, and the floors beside it: the host's
 * (TCP) and Sonde's own FIX floor, so a result reads host floor, then Sonde's floor, then the system.
 *
 * @param rate               offered lifecycles per second.
 * @param messageSize        in a size sweep, the NewOrderSingle size in bytes; null in a rate sweep.
 * @param achievedRate       sent per second.
 * @param verdict            how the step was judged.
 * @param corrected          lifecycle latency from intended start, µs.
 * @param uncorrectedP99     from actual send, µs.
 * @param sendLatenessP99    how late Sonde sent, µs.
 * @param hiccupP999         Sonde's own stalls, µs.
 * @param errors             rejected plus timed out.
 * @param floorRate          the calibrated rate compared with, or null without {@code --floor}.
 * @param floorP99           the floor's corrected p99 there, µs, or null.
 * @param p99RatioToFloor    corrected p99 ÷ floor p99, or null.
 * @param fixFloorP99        Sonde's FIX floor's corrected p99 at the nearest calibrated rate, µs, or null when
 *                           the calibrate folder has no FIX floor.
 * @param p99RatioToFixFloor corrected p99 ÷ FIX floor p99, or null.
 * @param folder             the step's own folder (run.hlog, summary.json), relative to the sweep.
 */
public record SweepStep(
    double rate,
    Integer messageSize,
    double achievedRate,
    StepVerdict verdict,
    Percentiles corrected,
    double uncorrectedP99,
    double sendLatenessP99,
    double hiccupP999,
    long errors,
    Double floorRate,
    Double floorP99,
    Double p99RatioToFloor,
    Double fixFloorP99,
    Double p99RatioToFixFloor,
    String folder)
{
}
