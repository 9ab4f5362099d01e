package io.sonde.inprocess.run;

import io.sonde.api.Check;
import io.sonde.api.IdleMode;
import io.sonde.loadgen.idle.IdleShare;
import io.sonde.api.MeasuredSpan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Beside its checks, a run warns when threads meant to spin spent more than 10 % of the measurement in the spin
 * window, and names each measured second the JIT compiled in; a warning leaves the verdict alone.
 */
@Timeout(10)
class RunCaveatsTest
{
    private static final IdleShare MOSTLY_SPUN = new IdleShare(IdleMode.AUTO, 0.9, 0.1, 1, 15);
    private static final IdleShare HALF_SPUN = new IdleShare(IdleMode.AUTO, 0.5, 0.5, 2, 15);

    @Test
    void threadsMeantToSpinThatSpentMoreThanATenthInTheSpinWindowAreAWarning()
    {
        final List<Check> checks = RunChecks.caveats("", HALF_SPUN, true, List.of());

        assertEquals(1, checks.size());
        final Check check = checks.get(0);
        assertEquals(Check.Outcome.WARNING, check.outcome());
        assertEquals(RunChecks.IDLE, check.group());
        assertTrue(check.passed(), "a warning leaves the verdict alone");
        assertEquals("50 % of the measured 15.0 s in the spin window, not busy-spinning as meant (more than 10 %, " +
            "2 switches): latency there includes Sonde's wake-ups; pin Sonde's threads to cores of their own, or " +
            "run fewer processes beside it", check.detail());
    }

    @Test
    void aTenthInTheSpinWindowOrThreadsNeverMeantToSpinAreNoWarning()
    {
        assertEquals(List.of(), RunChecks.caveats("", MOSTLY_SPUN, true, List.of()));
        assertEquals(List.of(), RunChecks.caveats("", HALF_SPUN, false, List.of()));
    }

    @Test
    void theSecondsTheJitCompiledInAreNamed()
    {
        final List<Check> checks = RunChecks.caveats("1000/s: ", MOSTLY_SPUN, true,
            List.of(new MeasuredSpan(3, 4), new MeasuredSpan(9, 10)));

        assertEquals(1, checks.size());
        assertEquals(Check.Outcome.WARNING, checks.get(0).outcome());
        assertEquals(RunChecks.JIT, checks.get(0).group());
        assertTrue(checks.get(0).name().startsWith("1000/s: "));
        assertEquals("the JIT compiled during 2 of 15 measured seconds (3.0-4.0 s, 9.0-10.0 s), so they include its " +
            "claim on the cores: a longer --warmup lets it finish first", checks.get(0).detail());
    }
}
