package io.sonde.probe.slo;

import java.time.Duration;

/**
 * What the SLO rules look at, as the probe measured it up to now.
 */
public interface SloInputs
{
    /**
     * @return the corrected latency at {@code percentile} over the last {@code window}, in nanoseconds, or NaN
     *         when nothing was measured in it (a rule cannot judge an empty window).
     */
    double latencyNanos(String stage, double percentile, Duration window);

    /**
     * @return probe orders in a row that timed out, up to the latest one.
     */
    long consecutiveTimeouts();

    /**
     * @return probe orders in a row whose public event never came, up to the latest one judged.
     */
    long consecutiveMissingPublicEvents();

    /**
     * @return how long the longest-down session has been down, or 0 when all are up.
     */
    long sessionDownNanos();
}
