package io.sonde.loadgen.idle;

import io.sonde.api.IdleMode;
import org.agrona.concurrent.IdleStrategy;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * How a command's busy threads wait, decided for the host: {@code auto} follows a {@link HostSpinPolicy} that
 * counts the busy threads of every Sonde process on the host; an explicit {@code busy-spin} tells the others it
 * spins, so they back off; the other modes spin nothing and tell no one. Held while the threads run, closed after.
 */
public final class HostIdle implements AutoCloseable
{
    private final IdleMode mode;
    private final HostSpinPolicy policy;
    private final BusyThreadRegistry registry;
    private final int busyThreads;
    private final String startDecision;

    private HostIdle(
        final IdleMode mode,
        final HostSpinPolicy policy,
        final BusyThreadRegistry registry,
        final int busyThreads,
        final String startDecision)
    {
        this.mode = mode;
        this.policy = policy;
        this.registry = registry;
        this.busyThreads = busyThreads;
        this.startDecision = startDecision;
    }

    /**
     * @param busyThreads the command's threads that own a path.
     * @param console     where the decision, and each change of it, is announced.
     */
    public static HostIdle claim(final IdleMode mode, final int busyThreads, final PrintWriter console)
    {
        return claim(mode, busyThreads, line -> announce(console, line), line -> announce(console, line));
    }

    /**
     * @param decided told of the decision, e.g. {@code idle auto: 2 busy threads on 2 cores: busy-spin}.
     * @param changed told of each later change of it, which a log may leave out: how the threads waited through
     *                a measurement is said at its end ({@link IdleShare}).
     */
    public static HostIdle claim(
        final IdleMode mode, final int busyThreads, final Consumer<String> decided, final Consumer<String> changed)
    {
        return claim(mode, busyThreads, decided, changed, BusyThreadRegistry.forHost(),
            Runtime.getRuntime().availableProcessors());
    }

    private static void announce(final PrintWriter console, final String line)
    {
        console.println(line);
        console.flush();
    }

    static HostIdle claim(
        final IdleMode mode,
        final int busyThreads,
        final Consumer<String> decided,
        final Consumer<String> changed,
        final BusyThreadRegistry registry,
        final int cores)
    {
        if (mode == IdleMode.AUTO)
        {
            final AtomicReference<String> first = new AtomicReference<>();
            final HostSpinPolicy policy = HostSpinPolicy.start(registry, busyThreads, cores, decision ->
            {
                final boolean atStart = first.compareAndSet(null, decision);
                (atStart ? decided : changed).accept("idle auto: " + decision);
            }, CompilerActivity.ofThisJvm(), HostSpinPolicy.DEFAULT_PERIOD_MS);
            return new HostIdle(mode, policy, null, 0, first.get());
        }
        if (mode == IdleMode.BUSY_SPIN)
        {
            registry.claim(busyThreads);
            return new HostIdle(mode, null, registry, busyThreads, null);
        }
        return new HostIdle(mode, null, null, 0, null);
    }

    /**
     * @return a new strategy for one busy thread: idle strategies keep state, so every thread needs its own.
     */
    public IdleStrategy newStrategy()
    {
        return policy != null ? policy.newStrategy() : IdleStrategies.newStrategy(mode);
    }

    /**
     * @param fromNanos a window's start, {@link System#nanoTime()}: a run's measurement.
     * @param toNanos   its end.
     * @return how the threads waited during the window.
     */
    public IdleShare share(final long fromNanos, final long toNanos)
    {
        return policy != null ? policy.share(fromNanos, toNanos) :
            IdleShare.whole(mode, Math.max(0, toNanos - fromNanos) / 1e9);
    }

    /**
     * @return whether the threads were meant to spin: an explicit {@code busy-spin}, or {@code auto} on a host
     *         that fitted them at the start; a measurement of such threads in the spin window is worth a warning.
     */
    public boolean meantToSpin()
    {
        return mode == IdleMode.BUSY_SPIN || policy != null && policy.spunAtStart();
    }

    /**
     * @return whether the threads wait as they were meant to now: busy-spinning again, if they were meant to spin.
     */
    public boolean waitingAsMeant()
    {
        return !meantToSpin() || policy == null || policy.spinning();
    }

    /**
     * @param start where the measured window starts, 0 while not settled, null once it is over: under {@code auto},
     *              this JVM's compiler is claimed as a busy thread only outside it
     *              ({@link HostSpinPolicy#measureFrom(LongSupplier)}).
     */
    public void measureFrom(final LongSupplier start)
    {
        if (policy != null)
        {
            policy.measureFrom(start);
        }
    }

    /**
     * @return the mode as a layout shows it, e.g. {@code auto (2 busy threads on 2 cores: busy-spin at start,
     *         following the host)}: what {@code auto} decided at the start, not as it happened to be at logon (while
     *         the JIT's claim held the threads back); how the threads waited through a measurement is said at its end
     *         ({@link IdleShare}).
     */
    public String describe()
    {
        return policy == null ? mode.toString() : "auto (" + startDecision + " at start, following the host)";
    }

    public void close()
    {
        if (policy != null)
        {
            policy.close();
        }
        if (registry != null)
        {
            registry.release(busyThreads);
        }
    }
}
