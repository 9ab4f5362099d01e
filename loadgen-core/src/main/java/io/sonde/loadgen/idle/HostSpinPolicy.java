package io.sonde.loadgen.idle;

import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * Busy-spin while the busy threads of every Sonde process on the host fit its cores, else spin a short window then
 * park ({@link SpinWindowIdleStrategy}): {@code --idle auto} decided for the host rather than one process. The
 * host is looked at every {@code period} on a sleeping watcher thread, so a process that started spinning alone
 * backs off when another arrives, and spins again when it leaves, without restarting. Strategies from
 * {@link #newStrategy()} read the decision, a volatile boolean, on each idle call.
 * <p>
 * The mode switches at most once per {@code settle} ({@link #DEFAULT_SETTLE_MS}, {@link IdleHysteresis}): a run
 * whose threads flip between the modes measures the flips, as a step at 20k/s did whose p50 was 1.29 ms for the
 * 6 s in the spin window against 73 µs for the rest. Backing off waits only for that; spinning again also waits
 * for the host to have fitted for as long, since spinning where it does not fit costs every process on it.
 * <p>
 * While this JVM's JIT compiler has been busy ({@link CompilerActivity}) at {@value #COMPILER_BUSY_LOOKS} looks in
 * a row, it is claimed as one more busy thread, so this process and every other one back off until the compiled
 * code is in, instead of fighting the compiler for the cores; the claim ends at the first quiet look. A
 * compilation seen at a single look claims nothing; one that lasts makes the threads back off at once, and they
 * spin again only once the compiler has been quiet for {@code settle}: the claim of a compiler that came and went
 * made a sweep switch mode 26 times, and every other process on the host with it.
 * <p>
 * While a measured window runs ({@link #measureFrom(LongSupplier)}), the compiler is not claimed: a claim there
 * would send the threads to the spin window for at least {@code settle}, half of a 10 s step, and the step would
 * measure Sonde's wake-ups as the system's latency. The warm-up waits for the compiler instead, and a compilation
 * that comes during the measurement anyway is marked in the interval log and named in a warning. At the first look
 * inside the window the mode is decided afresh, without the hysteresis' wait to spin again
 * ({@link IdleHysteresis#resume}): a warm-up that reached its bound while its compiler's claim still held the
 * threads back would otherwise measure the first 5 s in the spin window though the host fits.
 * <p>
 * The time in each mode is kept ({@link #share(long, long)}), so a run can say how much of its measurement spun.
 * The console hears of a mode only once it has lasted {@link #DEFAULT_ANNOUNCE_AFTER_MS} (and at most that often),
 * with the switches made since the last line. Switches that end where the last line left the mode are not
 * announced.
 */
public final class HostSpinPolicy implements AutoCloseable
{
    /** How often the decision is re-made unless told otherwise. */
    public static final long DEFAULT_PERIOD_MS = 500;
    /** How long a mode must last before it is announced, and the shortest time between two announcements. */
    public static final long DEFAULT_ANNOUNCE_AFTER_MS = 10_000;
    /** The shortest time between two switches, and how long the host must fit before the threads spin again. */
    public static final long DEFAULT_SETTLE_MS = 5_000;
    /** Looks in a row at which the compiler must be busy to be claimed: one busy look is a stray compilation. */
    static final int COMPILER_BUSY_LOOKS = 2;
    private static final LongSupplier NO_MEASUREMENT = () -> 0;

    private final BusyThreadRegistry registry;
    private final int busyThreads;
    private final int cores;
    private final Consumer<String> announce;
    private final CompilerActivity compiler;
    private final Thread watcher;
    private final long announceAfterNanos;
    private final IdleHysteresis hysteresis;
    private final IdleLedger ledger;
    private int compilerBusyLooks;
    private long lastSwitchNanos;
    private long lastAnnouncedNanos;
    private int unannouncedSwitches;
    private boolean announcedSpin;
    private String unannounced;
    private boolean compilerClaimed;
    private volatile LongSupplier measuredFrom = NO_MEASUREMENT;
    private boolean measuring;
    private volatile boolean spin;
    private volatile boolean running = true;

    private HostSpinPolicy(
        final BusyThreadRegistry registry, final int busyThreads, final int cores, final Consumer<String> announce,
        final CompilerActivity compiler, final long periodMs, final long settleMs, final long announceAfterMs)
    {
        this.registry = registry;
        this.busyThreads = busyThreads;
        this.cores = cores;
        this.announce = announce;
        this.compiler = compiler;
        this.announceAfterNanos = TimeUnit.MILLISECONDS.toNanos(announceAfterMs);
        registry.claim(busyThreads);
        final long now = System.nanoTime();
        spin = decide(true, now);
        hysteresis = new IdleHysteresis(TimeUnit.MILLISECONDS.toNanos(settleMs), now, spin);
        ledger = new IdleLedger(now, spin);
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
        return start(registry, busyThreads, cores, announce, compiler, periodMs, DEFAULT_SETTLE_MS,
            DEFAULT_ANNOUNCE_AFTER_MS);
    }

    /**
     * As {@link #start(BusyThreadRegistry, int, int, Consumer, CompilerActivity, long)}, switching at most once per
     * {@code settleMs}, a mode announced once it has lasted {@code announceAfterMs}.
     */
    public static HostSpinPolicy start(
        final BusyThreadRegistry registry, final int busyThreads, final int cores, final Consumer<String> announce,
        final CompilerActivity compiler, final long periodMs, final long settleMs, final long announceAfterMs)
    {
        return new HostSpinPolicy(registry, busyThreads, cores, announce, compiler, periodMs, settleMs,
            announceAfterMs);
    }

    /**
     * @return whether the threads busy-spin now.
     */
    public boolean spinning()
    {
        return spin;
    }

    /**
     * @return whether the threads busy-spun at the start: the host fitted them then.
     */
    public boolean spunAtStart()
    {
        return ledger.spinAtStart();
    }

    /**
     * @param fromNanos a window's start, {@link System#nanoTime()}.
     * @param toNanos   its end.
     * @return the share of the window the threads spent in each mode, and the switches inside it.
     */
    public IdleShare share(final long fromNanos, final long toNanos)
    {
        return ledger.share(fromNanos, toNanos);
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
            spin = decide(false, System.nanoTime());
        }
    }

    /**
     * @param first announce whatever is decided, not only a change, and switch at once.
     */
    private boolean decide(final boolean first, final long now)
    {
        final boolean measurementStarts = lookAtMeasurement(now);
        claimCompilerWhileBusy();
        final Map<Long, Integer> others = registry.others();
        final int total = registry.claimed() + others.values().stream().mapToInt(Integer::intValue).sum();
        final boolean fits = total <= cores;
        if (first)
        {
            lastSwitchNanos = now;
            lastAnnouncedNanos = now;
            announcedSpin = fits;
            announce.accept(describe(total, others, fits));
            return fits;
        }
        if (measurementStarts ? hysteresis.resume(now, fits) : hysteresis.look(now, fits))
        {
            ledger.switched(now);
            lastSwitchNanos = now;
            unannouncedSwitches++;
            unannounced = describe(total, others, fits);
        }
        final boolean mode = hysteresis.spin();
        if (unannounced != null && now - lastAnnouncedNanos >= announceAfterNanos &&
            now - lastSwitchNanos >= announceAfterNanos)
        {
            // Switches that came back to the mode last announced change nothing a reader acts on: they are
            // counted into the next line that does announce a change.
            if (mode != announcedSpin)
            {
                announce.accept(unannounced + (unannouncedSwitches > 1 ?
                    " (" + unannouncedSwitches + " switches since the last line)" : ""));
                unannouncedSwitches = 0;
                announcedSpin = mode;
                lastAnnouncedNanos = now;
            }
            unannounced = null;
        }
        return mode;
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

    /**
     * @param start where the measured window starts ({@link System#nanoTime()}), 0 while not yet settled; null once
     *              the measurement is over. From that moment the compiler is not claimed, a claim made during the
     *              warm-up ends, and the mode is decided afresh.
     */
    public void measureFrom(final LongSupplier start)
    {
        measuredFrom = start == null ? NO_MEASUREMENT : start;
    }

    /**
     * @return whether a measured window has started since the previous look.
     */
    private boolean lookAtMeasurement(final long now)
    {
        final long start = measuredFrom.getAsLong();
        final boolean inWindow = start != 0 && now - start >= 0;
        final boolean starts = inWindow && !measuring;
        measuring = inWindow;
        return starts;
    }

    /**
     * The compiler is claimed once it has been busy at {@link #COMPILER_BUSY_LOOKS} looks in a row outside a
     * measured window, and released at the first quiet look or once a measurement starts.
     */
    private void claimCompilerWhileBusy()
    {
        final boolean compiling = compiler.busySinceLastLook() && !measuring;
        compilerBusyLooks = compiling ? compilerBusyLooks + 1 : 0;
        final boolean claim = compilerBusyLooks >= COMPILER_BUSY_LOOKS;
        if (claim != compilerClaimed)
        {
            compilerClaimed = claim;
            if (claim)
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
