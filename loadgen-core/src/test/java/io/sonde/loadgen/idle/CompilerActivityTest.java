package io.sonde.loadgen.idle;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JIT compiler counts as a busy thread while it spends more than a quarter of the time compiling.
 */
class CompilerActivityTest
{
    private final AtomicLong compiledMillis = new AtomicLong(1_000);
    private final AtomicLong nowMillis = new AtomicLong(50_000);
    private final CompilerActivity compiler = new CompilerActivity(compiledMillis::get, nowMillis::get);

    @Test
    void aCompilerThatCompiledFor150msOfTheLast500msIsBusy()
    {
        after(500, 150);

        assertTrue(compiler.busySinceLastLook());
    }

    @Test
    void aCompilerThatCompiledFor100msOfTheLast500msIsNot()
    {
        after(500, 100);

        assertFalse(compiler.busySinceLastLook());
    }

    @Test
    void eachLookJudgesOnlyTheTimeSinceThePreviousOne()
    {
        after(500, 400);
        assertTrue(compiler.busySinceLastLook());

        after(500, 0);
        assertFalse(compiler.busySinceLastLook());
    }

    private void after(final long elapsedMillis, final long compilingMillis)
    {
        nowMillis.addAndGet(elapsedMillis);
        compiledMillis.addAndGet(compilingMillis);
    }
}
