package io.sonde.loadgen.idle;

import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Busy-spin while the busy threads of every Sonde process on the host fit its cores, else spin a short window then
 * park ({@link SpinWindowIdleStrategy}): {@code --idle auto} decided for the host rather than one process. The
 * decision is re-made every {@code period} on a sleeping watcher thread, so a process that started spinning alone
 * backs off when another arrives, and spins again when it leaves, without restarting. Strategies from
 * {@link #newStrategy()} read the decision, a volatile boolean, on each idle call.
 * <p>
 * While this JVM's JIT compiler is busy ({@link CompilerActivity}), it is claimed as one more busy thread, so this
 * process and every other one back off until the compiled code is in, instead of fighting the compiler for the
 * cores.
 * <p>
 * The decision settles: it changes at most once per hold period (5 s unless told otherwise), so a claim that comes
 * and goes, as the compiler's does, does not flip the threads' mode every look, and a change is announced at most
 * once it has lasted two hold periods, and at most once per two hold periods, with the switches made since the
 * last announcement; switches that end where the last announcement left the mode are not announced.
 */
public final class HostSpinPolicy implements AutoCloseable
{
    /** How often the decision is re-made unless told otherwise. */
    public static final long DEFAULT_PERIOD_MS = 500;
    /** The shortest time a decision holds unless told otherwise: changes are announced at most twice as often. */
    public static final long DEFAULT_HOLD_MS = 5_000;

    private final BusyThreadRegistry registry;
    private final int busyThreads;
    private final int cores;
    private final Consumer<String> announce;
    private final CompilerActivity compiler;
    private final Thread watcher;
    private final long holdNanos;
    private long lastSwitchNanos;
    private long lastAnnouncedNanos;
    private int unannouncedSwitches;
    private boolean announcedSpin;
    private String unannounced;
    private boolean compilerClaimed;
    private volatile boolean spin;
    private volatile boolean running = true;

    private HostSpinPolicy(
        final BusyThreadRegistry registry, final int busyThreads, final int cores, final Consumer<String> announce,
        final CompilerActivity compiler, final long periodMs, final long holdMs)
    {
        this.registry = registry;
        this.busyThreads = busyThreads;
        this.cores = cores;
        this.announce = announce;
        this.compiler = compiler;
        this.holdNanos = TimeUnit.MILLISECONDS.toNanos(holdMs);
        registry.claim(busyThreads);
        spin = decide(true);
        watcher = new Thread(() -> watch(periodMs), "sonde-host-spin-policy");
        watcher.setDaemon(true);
        watcher.start();
    }

    /**
     * Claim this process's busy threads and decide, announcing the decision and each change.
     *
     * @param busyThreads the threads this claim adds to the process's count.
     * @param cores       the host's cores.
     * @param announce    told of the decision, e.g. {@code 3 busy threads on 2 cores with pid 4242: spin-window}.
     * @param compiler    this JVM's compiler, claimed as a busy thread while it works.
     */
    public static HostSpinPolicy start(
        final BusyThreadRegistry registry, final int busyThreads, final int cores, final Consumer<String> announce,
        final CompilerActivity compiler, final long periodMs)
    {
        return start(registry, busyThreads, cores, announce, compiler, periodMs, DEFAULT_HOLD_MS);
    }

    /**
     * As {@link #start(BusyThreadRegistry, int, int, Consumer, CompilerActivity, long)}, each decision holding at
     * least {@code holdMs}.
     */
    public static HostSpinPolicy start(
        final BusyThreadRegistry registry, final int busyThreads, final int cores, final Consumer<String> announce,
        final CompilerActivity compiler, final long periodMs, final long holdMs)
    {
        return new HostSpinPolicy(registry, busyThreads, cores, announce, compiler, periodMs, holdMs);
    }

    /**
     * @return whether the threads busy-spin now.
     */
    public boolean spinning()
    {
        return spin;
    }

    /**
     * @return a strategy that follows the decision: idle strategies keep state, so every thread needs its own.
     */
    public IdleStrategy newStrategy()
    {
        return new Following(this);
    }

    /**
     * Stop re-deciding and release this claim's busy threads.
     */
    public void close()
    {
        running = false;
        watcher.interrupt();
        try
        {
            watcher.join(TimeUnit.SECONDS.toMillis(1));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        registry.release(busyThreads + (compilerClaimed ? 1 : 0));
    }

    private void watch(final long periodMs)
    {
        while (running)
        {
            try
            {
                Thread.sleep(periodMs);
            }
            catch (final InterruptedException ex)
            {
                return;
            }
            spin = decide(false);
        }
    }

    /**
     * @param first announce whatever is decided, not only a change.
     */
    private boolean decide(final boolean first)
    {
        claimCompilerWhileBusy();
        final Map<Long, Integer> others = registry.others();
        final int total = registry.claimed() + others.values().stream().mapToInt(Integer::intValue).sum();
        final boolean fits = total <= cores;
        final long now = System.nanoTime();
        if (first)
        {
            lastSwitchNanos = now;
            lastAnnouncedNanos = now;
            announcedSpin = fits;
            announce.accept(describe(total, others, fits));
            return fits;
        }
        boolean decided = spin;
        if (fits != spin && now - lastSwitchNanos >= holdNanos)
        {
            decided = fits;
            lastSwitchNanos = now;
            unannouncedSwitches++;
            unannounced = describe(total, others, fits);
        }
        final long announceAfter = 2 * holdNanos;
        if (unannounced != null && now - lastAnnouncedNanos >= announceAfter && now - lastSwitchNanos >= announceAfter)
        {
            // A mode is announced once it has lasted two hold periods: a compiler's bursts come and go within
            // that, and switches that came back to the mode last announced change nothing a reader acts on;
            // they are counted into the next line that does announce a change.
            if (decided != announcedSpin)
            {
                announce.accept(unannounced + (unannouncedSwitches > 1 ?
                    " (" + unannouncedSwitches + " switches since the last line)" : ""));
                unannouncedSwitches = 0;
                announcedSpin = decided;
                lastAnnouncedNanos = now;
            }
            unannounced = null;
        }
        return decided;
    }

    private String describe(final int total, final Map<Long, Integer> others, final boolean fits)
    {
        return total + " busy thread" + (total == 1 ? "" : "s") + " on " + cores + " cores" +
            (compilerClaimed ? " (one is this JVM's JIT compiler at work)" : "") +
            (others.isEmpty() ? "" : " with " + others.entrySet().stream()
                .map(other -> "pid " + other.getKey() + " (" + other.getValue() + ")")
                .collect(Collectors.joining(", "))) +
            ": " + (fits ? "busy-spin" : "spin-window");
    }

    private void claimCompilerWhileBusy()
    {
        final boolean compiling = compiler.busySinceLastLook();
        if (compiling != compilerClaimed)
        {
            compilerClaimed = compiling;
            if (compiling)
            {
                registry.claim(1);
            }
            else
            {
                registry.release(1);
            }
        }
    }

    /**
     * One thread's strategy: busy-spin or spin-window as the policy decides now.
     */
    private static final class Following implements IdleStrategy
    {
        private final HostSpinPolicy policy;
        private final BusySpinIdleStrategy spin = new BusySpinIdleStrategy();
        private final SpinWindowIdleStrategy window = new SpinWindowIdleStrategy();

        Following(final HostSpinPolicy policy)
        {
            this.policy = policy;
        }

        public void idle(final int workCount)
        {
            if (policy.spin)
            {
                spin.idle(workCount);
            }
            else
            {
                window.idle(workCount);
            }
        }

        public void idle()
        {
            if (policy.spin)
            {
                spin.idle();
            }
            else
            {
                window.idle();
            }
        }

        public void reset()
        {
            spin.reset();
            window.reset();
        }

        public String alias()
        {
            return "host-spin-policy";
        }
    }
}
