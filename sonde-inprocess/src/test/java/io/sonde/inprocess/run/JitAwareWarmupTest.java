package io.sonde.inprocess.run;

import io.sonde.loadgen.idle.CompilerActivity;
import io.sonde.loadgen.record.IntervalSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A planned warm-up of 5 s goes on until the JIT is quiet and p99 has settled, and at most 15 s; once the
 * measurement starts it says how long it took and why it ended. One-second intervals; the compiler is fake.
 */
@Timeout(10)
class JitAwareWarmupTest
{
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
    private static final long QUIET_P50 = 100_000;
    private static final long STEADY_P99 = 2 * QUIET_P50;

    private final StringWriter console = new StringWriter();
    private long nowMillis;
    private long compiledMillis;
    private int compilingPercent;
    private boolean spinning = true;
    private final JitAwareWarmup warmup = new JitAwareWarmup(Duration.ofSeconds(5), SECOND,
        new CompilerActivity(this::compiledMillis, () -> nowMillis), () -> spinning, new PrintWriter(console, true),
        "[run]");

    @Test
    void aQuietCompilerAndASteadyP99EndTheWarmUpWhenPlanned()
    {
        for (int second = 1; second <= 4; second++)
        {
            warmUp(second);
        }
        assertFalse(warmup.gate().opened(), "not before the planned 5 s");
        warmUp(5);
        assertTrue(warmup.gate().opened());

        assertTrue(warmup.gate().measureNow(5 * SECOND));
        measure(6);
        assertEquals("[run] warm-up 5.0 s: the JIT settled and p99 held steady", console.toString().trim());
    }

    @Test
    void aCompilerStillAtWorkKeepsWarmingUpToThreeTimesThePlannedWarmUp()
    {
        compilingPercent = 60;
        for (int second = 1; second <= 14; second++)
        {
            warmUp(second);
            assertFalse(warmup.gate().measureNow(second * SECOND), "at " + second + " s");
        }
        warmUp(15);

        assertFalse(warmup.gate().opened());
        assertTrue(warmup.gate().measureNow(15 * SECOND), "at the bound");
        measure(16);
        assertEquals("[run] warm-up 15.0 s (3 × 5 s): the JIT was still compiling", console.toString().trim());
    }

    @Test
    void aCompilerThatFallsQuietEndsTheWarmUpAtTheNextSteadyInterval()
    {
        compilingPercent = 60;
        for (int second = 1; second <= 7; second++)
        {
            warmUp(second);
        }
        assertFalse(warmup.gate().opened());
        compilingPercent = 0;
        warmUp(8);

        assertTrue(warmup.gate().opened());
    }

    @Test
    void threadsThatTheCompilersClaimSentToTheSpinWindowMustSpinAgainFirst()
    {
        spinning = false;
        for (int second = 1; second <= 15; second++)
        {
            warmUp(second);
        }
        assertFalse(warmup.gate().opened());
        warmup.gate().measureNow(15 * SECOND);
        measure(16);
        assertEquals("[run] warm-up 15.0 s (3 × 5 s): the threads were not yet busy-spinning again after the JIT's " +
            "claim", console.toString().trim());
    }

    @Test
    void theLineIsPrintedOnceOnly()
    {
        warmup.gate().open();
        warmup.gate().measureNow(5 * SECOND);
        measure(6);
        measure(7);

        assertEquals(1, console.toString().lines().count(), console.toString());
    }

    private long compiledMillis()
    {
        return compiledMillis;
    }

    private void warmUp(final int second)
    {
        interval(second, true);
    }

    private void measure(final int second)
    {
        interval(second, false);
    }

    private void interval(final int second, final boolean warm)
    {
        nowMillis += 1_000;
        compiledMillis += 10L * compilingPercent;
        warmup.onInterval(new IntervalSnapshot(second, warm, false, 1, 1_000, 0, 1_000, QUIET_P50, STEADY_P99,
            STEADY_P99, 0));
    }
}
