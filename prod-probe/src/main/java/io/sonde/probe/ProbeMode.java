package io.sonde.probe;

import io.sonde.api.ExitCode;

/**
 * How a probe runs: forever (until SIGTERM), or {@code --once}: a fixed number of orders, then an exit code:
 * {@link ExitCode#PASSED}, {@link ExitCode#MISSED} or {@link ExitCode#NOT_CARRIED_OUT}.
 *
 * @param onceOrders    orders to send before exiting, or 0 to run until stopped.
 * @param dryRun        log what would be sent and never open a FIX session.
 * @param waitForWindow with {@code --once} outside the trading window: wait for it to open rather than exit with
 *                      {@link ExitCode#NOT_CARRIED_OUT}.
 */
public record ProbeMode(int onceOrders, boolean dryRun, boolean waitForWindow)
{
    public ProbeMode
    {
        if (onceOrders < 0)
        {
            throw new IllegalArgumentException("--once needs a positive number of orders, not " + onceOrders);
        }
    }

    public boolean isOnce()
    {
        return onceOrders > 0;
    }
}
