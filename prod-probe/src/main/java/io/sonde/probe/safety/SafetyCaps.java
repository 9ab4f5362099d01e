package io.sonde.probe.safety;

/**
 * The hard limits a probe can never exceed, whatever its schedule or a bug asks for.
 *
 * @param maxOrdersPerSecond orders sent in any one-second window.
 * @param maxOpenOrders      orders placed and not yet known to be closed.
 * @param maxOrdersPerDay    orders sent in one UTC day.
 */
public record SafetyCaps(int maxOrdersPerSecond, int maxOpenOrders, long maxOrdersPerDay)
{
    public SafetyCaps
    {
        if (maxOrdersPerSecond < 1 || maxOpenOrders < 1 || maxOrdersPerDay < 1)
        {
            throw new IllegalArgumentException("every cap must be at least 1: " + maxOrdersPerSecond +
                " orders/s, " + maxOpenOrders + " open orders, " + maxOrdersPerDay + " orders/day");
        }
    }
}
