package io.sonde.inprocess.run;

import io.sonde.loadgen.idle.CompilerActivity;
import io.sonde.loadgen.record.IntervalSnapshot;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.loadgen.runner.WarmupGate;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * A run's or sweep step's {@code --warmup}, made long enough for the JIT: it goes on past its planned length, up to
 * {@value #MOST_TIMES_PLANNED} times it, until the JIT compiler was quiet for an interval ({@link CompilerActivity})
 * and the interval p99 has settled by the {@link SettlingRule} the sweep's path warm-up uses,
 * and threads meant to busy-spin spin again (the compiler's claim made them back off, and they return only once
 * the host has fitted for a while). A measurement that starts while the compiler still works measures the
 * compiler's claim on the cores, or the spin window it sent the threads to, as the system's latency. Once the
 * measurement starts, it says how long the warm-up took and why it ended.
 * <p>
 * Fed by the reporting thread alone; the load thread reads only the {@link WarmupGate}.
 */
public final class JitAwareWarmup implements IntervalListener
{
    /** The longest warm-up, in times the planned one. */
    public static final int MOST_TIMES_PLANNED = 3;

    private final Duration planned;
    private final WarmupGate gate;
    private final SettlingRule rule;
    private final CompilerActivity compiler;
    private final BooleanSupplier waitingAsMeant;
    private final PrintWriter console;
    private final String label;
    private boolean compilerBusy;
    private boolean spinningAgain;
    private boolean told;

    /**
     * @param planned       the planned warm-up, not zero.
     * @param intervalNanos the reporting interval: the warm-up grows by one at a time.
     * @param compiler       this JVM's compiler.
     * @param waitingAsMeant whether the busy threads wait as they were meant to now: spinning, if meant to spin.
     */
    public JitAwareWarmup(
        final Duration planned,
        final long intervalNanos,
        final CompilerActivity compiler,
        final BooleanSupplier waitingAsMeant,
        final PrintWriter console,
        final String label)
    {
        final Duration longest = planned.multipliedBy(MOST_TIMES_PLANNED);
        this.planned = planned;
        this.gate = new WarmupGate(longest.toNanos(), intervalNanos);
        this.rule = SettlingRule.forWarmup(planned, longest);
        this.compiler = compiler;
        this.waitingAsMeant = waitingAsMeant;
        this.console = console;
        this.label = label;
    }

    /**
     * @return the gate the load thread reads at the end of the warm-up.
     */
    public WarmupGate gate()
    {
        return gate;
    }

    public void onInterval(final IntervalSnapshot interval)
    {
        if (!interval.warmup())
        {
            tellOnce();
            return;
        }
        compilerBusy = compiler.busySinceLastLook();
        spinningAgain = waitingAsMeant.getAsBoolean();
        if (interval.correctedCount() == 0)
        {
            return;
        }
        final SettlingRule.Verdict verdict = rule.onInterval(
            interval.correctedP50Nanos(), interval.correctedP99Nanos(), interval.elapsedSeconds());
        if (verdict == SettlingRule.Verdict.SETTLED && !compilerBusy && spinningAgain)
        {
            gate.open();
        }
    }

    /**
     * @return why the warm-up ended, e.g. {@code warm-up 7.0 s: the JIT settled}, or null before it has.
     */
    String describe()
    {
        if (gate.warmupNanos() < 0)
        {
            return null;
        }
        final String took = String.format(Locale.ROOT, "warm-up %.1f s", gate.warmupSeconds());
        if (gate.opened())
        {
            return took + ": the JIT settled and p99 held steady";
        }
        return took + " (" + MOST_TIMES_PLANNED + " × " + seconds(planned) + "): " +
            (compilerBusy ? "the JIT was still compiling" : !spinningAgain ?
            "the threads were not yet busy-spinning again after the JIT's claim" : "p99 had not settled");
    }

    private static String seconds(final Duration duration)
    {
        final double seconds = duration.toNanos() / 1e9;
        return seconds == Math.rint(seconds) ?
            String.format(Locale.ROOT, "%.0f s", seconds) : String.format(Locale.ROOT, "%.1f s", seconds);
    }

    private void tellOnce()
    {
        final String line = describe();
        if (!told && line != null)
        {
            told = true;
            console.printf("%s %s%n", label, line);
            console.flush();
        }
    }
}
