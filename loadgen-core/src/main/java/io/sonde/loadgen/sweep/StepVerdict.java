package io.sonde.loadgen.sweep;

/**
 * How one sweep step went. Anything but {@link #MET} ends the sweep.
 */
public enum StepVerdict
{
    /** The target rate was sent and every objective held. */
    MET,
    /** Sonde could not keep its own schedule (send lateness or hiccups above the limit): says nothing about
     * the system under test, so never counted as its knee. */
    GENERATOR_LIMITED,
    /** Less than the tolerated share of the target rate was sent. */
    RATE_MISSED,
    /** The rate was sent but a latency objective failed. */
    SLO_BREACHED,
    /** A stop (Ctrl-C, SIGTERM) ended the step before its measurement window did: neither met nor missed. */
    CUT_SHORT
}
