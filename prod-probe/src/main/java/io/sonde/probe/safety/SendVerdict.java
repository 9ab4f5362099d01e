package io.sonde.probe.safety;

/**
 * Whether the guard lets an order go, and if not, which limit stopped it.
 */
public enum SendVerdict
{
    ALLOWED,
    /** No session is logged on and settled: nothing could be sent, whatever the caps say. */
    NO_SESSION,
    /** Outside the trading window: a closed market, so nothing is sent, counted or measured. */
    OUTSIDE_WINDOW,
    KILL_SWITCH,
    RATE_CAP,
    OPEN_ORDERS_CAP,
    DAILY_CAP
}
