package io.sonde.probe;

import io.sonde.api.ExitCode;
import io.sonde.probe.config.ProbeConfig;
import io.sonde.probe.order.ProbeCounters;
import io.sonde.probe.safety.SendGuard;
import io.sonde.probe.safety.SendVerdict;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * A dry run ({@code --dry-run}): on the probe's schedule, each order the safety guard would allow is logged in FIX
 * form and counted, never sent; no FIX session is opened. A {@code --once} dry run ends after its orders, or when
 * the guard refuses in a way that means they will not all go.
 */
final class DryRun
{
    private final ProbeConfig config;
    private final ProbeMode mode;
    private final SendGuard guard;
    private final SendRefusals refusals;
    private final ProbeCounters counters;
    private final WindowGate window;
    private final Consumer<String> log;

    DryRun(
        final ProbeConfig config,
        final ProbeMode mode,
        final SendGuard guard,
        final SendRefusals refusals,
        final ProbeCounters counters,
        final WindowGate window,
        final Consumer<String> log)
    {
        this.config = config;
        this.mode = mode;
        this.guard = guard;
        this.refusals = refusals;
        this.counters = counters;
        this.window = window;
        this.log = log;
    }

    /**
     * @param heartbeat told the time of every turn of the loop, so the health check sees it alive.
     */
    ExitCode run(final BooleanSupplier stopRequested, final LongConsumer heartbeat)
    {
        final long periodNanos = config.period().toNanos();
        long nextIntendedNanos = System.nanoTime();
        int logged = 0;
        while (!stopRequested.getAsBoolean() && (!mode.isOnce() || logged < mode.onceOrders()))
        {
            final long nowNanos = System.nanoTime();
            heartbeat.accept(nowNanos);
            if (nowNanos >= nextIntendedNanos)
            {
                final SendVerdict verdict = window.isOpen() ? guard.trySend() : SendVerdict.OUTSIDE_WINDOW;
                refusals.report(verdict);
                if (verdict == SendVerdict.ALLOWED)
                {
                    guard.onOrderClosed();
                    counters.increment(ProbeCounters.Count.DRY_RUN);
                    logged++;
                    log.accept("dry run, not sent: " + DryRunOrder.describe(config, logged));
                }
                else if (mode.isOnce() && refusals.stopsOnce(verdict, logged, mode.onceOrders()))
                {
                    return ExitCode.NOT_CARRIED_OUT;
                }
                nextIntendedNanos += periodNanos;
            }
            LockSupport.parkNanos(Math.max(0, Math.min(ProbePacing.COLD_PARK_NANOS, nextIntendedNanos - nowNanos)));
        }
        return ExitCode.PASSED;
    }
}
