package io.sonde.probe;

import io.sonde.fix.client.session.ResendPolicy;
import io.sonde.fix.engine.EngineHost;
import io.sonde.fix.engine.StateFolderInUseException;
import io.sonde.probe.idle.ProbeTempo;
import io.sonde.probe.idle.TempoIdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import uk.co.real_logic.artio.engine.EngineConfiguration;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The probe's FIX engine: frugal threads that follow the probe's tempo, on a state folder that outlives the
 * process, started even when a predecessor's files have not gone stale yet.
 */
final class ProbeEngine
{
    /** How long the error printers of the engine and library sleep: errors need no haste. */
    static final long ERROR_PRINTER_SLEEP_MS = 100;
    /** Longer than Aeron's 10 s liveness timeout, after which a dead process's mark file reads as stale. */
    private static final long STALE_MARK_WAIT_NANOS = TimeUnit.SECONDS.toNanos(30);

    private ProbeEngine()
    {
    }

    /**
     * Start the FIX engine on the probe's persistent state. The engine host recovers at once from a predecessor
     * on this host that was killed; files last written on another host (a state volume moved between containers)
     * count as in use until they have been idle for the liveness timeout, and a restart waits that out instead of
     * failing.
     *
     * @param folder where the engine keeps its state.
     * @param tempo  the probe's tempo, which the engine's threads follow.
     * @param log    where the wait is announced.
     * @return the engine, or null when stopped while waiting.
     */
    static EngineHost launch(
        final Path folder, final ProbeTempo tempo, final Consumer<String> log, final BooleanSupplier stopRequested)
    {
        final long deadline = System.nanoTime() + STALE_MARK_WAIT_NANOS;
        boolean told = false;
        while (true)
        {
            try
            {
                return EngineHost.launchFrugal(folder, true,
                    () -> new TempoIdleStrategy(tempo), configuration -> configure(configuration, tempo));
            }
            catch (final IllegalStateException ex)
            {
                if (!goesStale(ex) || System.nanoTime() > deadline)
                {
                    throw ex;
                }
                if (!told)
                {
                    log.accept("cannot start yet: " + ex.getMessage() + "; waiting up to " +
                        TimeUnit.NANOSECONDS.toSeconds(STALE_MARK_WAIT_NANOS) + " s for it to go stale");
                    told = true;
                }
                if (stopRequested.getAsBoolean())
                {
                    return null;
                }
                LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(1));
            }
        }
    }

    /**
     * @return whether {@code ex} refuses the state folder only until its last user's files go stale, so waiting
     * helps: another host's recent use, or Aeron's own check catching the archive's last moments.
     */
    private static boolean goesStale(final IllegalStateException ex)
    {
        if (ex instanceof StateFolderInUseException inUse)
        {
            return inUse.retryAfterMs() >= 0;
        }
        return ex.getMessage() != null && ex.getMessage().contains("active mark file");
    }

    /**
     * The engine's threads follow the probe's tempo; its error printer needs no haste at all. A late order is
     * worse than none: a message the venue asks to be resent after a reconnect is gap-filled, never replayed
     * ({@link ResendPolicy}), so an order or cancel never arrives long after the probe timed it out.
     */
    private static void configure(final EngineConfiguration configuration, final ProbeTempo tempo)
    {
        ResendPolicy.gapFillOrders(configuration);
        configuration.archiverIdleStrategy(new TempoIdleStrategy(tempo));
        configuration.monitoringThreadIdleStrategy(new SleepingMillisIdleStrategy(ERROR_PRINTER_SLEEP_MS));
        configuration.logInboundMessages(true).logOutboundMessages(true).defaultHeartbeatIntervalInS(10);
    }
}
