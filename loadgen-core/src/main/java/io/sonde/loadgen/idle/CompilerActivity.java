package io.sonde.loadgen.idle;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * Whether this JVM's JIT compiler has been busy lately. A fresh Sonde process compiles for many seconds (the FIX
 * codecs, Artio's framer, Aeron's pollers, the load agent), and while it does, its compiler thread wants a core
 * as much as any spinning thread: on a host whose cores the spinning threads already fill, they and the compiler
 * preempt each other, the compilation drags on, and the path waits milliseconds for its turn. Counting the
 * compiler as a busy thread while it works lets the spinning threads back off until the compiled code is in.
 */
public final class CompilerActivity
{
    /**
     * The share of the time since the last look spent compiling, in percent, above which the compiler counts as
     * a busy thread. A warming process compiles continuously, a warm one a method now and then for tens of
     * milliseconds; at 10 % those stray compilations each sent the path into the spin window for a period, which
     * cost a run at 1k/s more in wake-ups than the compilations cost it in cores.
     */
    static final int BUSY_PERCENT = 25;

    private final LongSupplier compileMillis;
    private final LongSupplier nowMillis;
    private long lastCompileMillis;
    private long lastLookMillis;

    /**
     * @param compileMillis the compiler's total time spent compiling so far, in milliseconds.
     * @param nowMillis     a clock in milliseconds.
     */
    public CompilerActivity(final LongSupplier compileMillis, final LongSupplier nowMillis)
    {
        this.compileMillis = compileMillis;
        this.nowMillis = nowMillis;
        lastCompileMillis = compileMillis.getAsLong();
        lastLookMillis = nowMillis.getAsLong();
    }

    /**
     * @return this JVM's compiler; one that reports no compilation time never counts as busy.
     */
    public static CompilerActivity ofThisJvm()
    {
        final CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        final boolean measured = compiler != null && compiler.isCompilationTimeMonitoringSupported();
        return new CompilerActivity(measured ? compiler::getTotalCompilationTime : () -> 0L,
            System::currentTimeMillis);
    }

    /**
     * @return whether the compiler spent more than {@link #BUSY_PERCENT} % of the time since the previous call (or
     *         since it was created) compiling.
     */
    public boolean busySinceLastLook()
    {
        final long compiled = compileMillis.getAsLong();
        final long now = nowMillis.getAsLong();
        final long compiling = compiled - lastCompileMillis;
        final long elapsed = Math.max(1, now - lastLookMillis);
        lastCompileMillis = compiled;
        lastLookMillis = now;
        return compiling * 100 > elapsed * BUSY_PERCENT;
    }
}
