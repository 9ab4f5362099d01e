package io.sonde.probe.safety;

/**
 * Whether the guard lets an order go, and if not, which limit stopped it.
 */
public enum SendVerdict
{
    ALLOWED,
    KILL_SWITCH,
    RATE_CAP,
    OPEN_ORDERS_CAP,
    DAILY_CAP
}
