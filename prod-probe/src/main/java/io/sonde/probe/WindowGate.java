package io.sonde.probe;

import io.sonde.probe.schedule.TradingWindow;

import java.time.Instant;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The trading window as the probe meets it: whether it is open now and, before a {@code --once} run, what to do
 * when it is not. Such a run outside its window sends nothing: it exits with the "cannot run" code, so a scheduler
 * can tell a closed market from a slow venue, or waits for the window when asked to ({@code --wait-for-window}).
 */
final class WindowGate
{
    private final TradingWindow window;
    private final boolean waitForWindow;
    private final Consumer<String> log;

    WindowGate(final TradingWindow window, final boolean waitForWindow, final Consumer<String> log)
    {
        this.window = window;
        this.waitForWindow = waitForWindow;
        this.log = log;
    }

    boolean isOpen()
    {
        return window.isOpen(Instant.now());
    }

    /**
     * @return whether the window is open now, having waited for it if asked to; false when the run must not go on.
     */
    boolean awaitOpen(final BooleanSupplier stopRequested)
    {
        if (isOpen())
        {
            return true;
        }
        final String when = "schedule.window " + window.describe() + " opens next at " +
            window.nextOpening(Instant.now());
        if (!waitForWindow)
        {
            log.accept("cannot run: outside the trading window (" + when + "); nothing was sent. " +
                "--wait-for-window waits for it");
            return false;
        }
        log.accept("outside the trading window: waiting until " + when);
        while (!isOpen())
        {
            if (stopRequested.getAsBoolean())
            {
                log.accept("stopped before the trading window opened; nothing was sent");
                return false;
            }
            LockSupport.parkNanos(ProbePacing.COLD_PARK_NANOS);
        }
        return true;
    }
}
