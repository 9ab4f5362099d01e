package io.sonde.probe.safety;

/**
 * Whether the guard lets an order go, and if not, which limit stopped it.
 */
public enum SendVerdict
{
    ALLOWED,
    /** No session is logged on and settled: nothing could be sent, whatever the caps say. */
    NO_SESSION,
    KILL_SWITCH,
    RATE_CAP,
    OPEN_ORDERS_CAP,
    DAILY_CAP
}
