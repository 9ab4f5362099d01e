package io.sonde.inprocess.run;

import org.junit.jupiter.api.Test;

import static io.sonde.inprocess.run.SettlingRule.Verdict.GAVE_UP;
import static io.sonde.inprocess.run.SettlingRule.Verdict.NOT_YET;
import static io.sonde.inprocess.run.SettlingRule.Verdict.SETTLED;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The path's warm-up ends when latency settles: three interval p99s in a row within 20 times the quietest p50 seen,
 * no sooner than 10 s and no later than 45 s.
 */
class PathWarmupTest
{
    private static final long QUIET_P50 = 100_000;
    private static final long STEADY_P99 = 20 * QUIET_P50;
    private static final long SPIKE_P99 = STEADY_P99 + 1;

    private final SettlingRule rule = SettlingRule.forWarmup(PathWarmup.SHORTEST, PathWarmup.LONGEST);

    @Test
    void settlesOnTheThirdSteadyIntervalInARow()
    {
        assertEquals(NOT_YET, rule.onInterval(QUIET_P50, STEADY_P99, 11));
        assertEquals(NOT_YET, rule.onInterval(QUIET_P50, STEADY_P99, 12));
        assertEquals(SETTLED, rule.onInterval(QUIET_P50, STEADY_P99, 13));
        assertEquals(STEADY_P99, rule.lastP99Nanos());
    }

    @Test
    void aSpikeStartsTheCountAgain()
    {
        assertEquals(NOT_YET, rule.onInterval(QUIET_P50, STEADY_P99, 11));
        assertEquals(NOT_YET, rule.onInterval(QUIET_P50, STEADY_P99, 12));
        assertEquals(NOT_YET, rule.onInterval(QUIET_P50, SPIKE_P99, 13));
        assertEquals(NOT_YET, rule.onInterval(QUIET_P50, STEADY_P99, 14));
        assertEquals(NOT_YET, rule.onInterval(QUIET_P50, STEADY_P99, 15));
        assertEquals(SETTLED, rule.onInterval(QUIET_P50, STEADY_P99, 16));
    }

    @Test
    void neverSettlesBeforeTheShortestWarmUp()
    {
        for (int second = 1; second < PathWarmup.SHORTEST.toSeconds(); second++)
        {
            assertEquals(NOT_YET, rule.onInterval(QUIET_P50, STEADY_P99, second), "at " + second + " s");
        }
        assertEquals(SETTLED, rule.onInterval(QUIET_P50, STEADY_P99, PathWarmup.SHORTEST.toSeconds()));
    }

    @Test
    void givesUpAtTheLongestWarmUpWhenLatencyNeverSettles()
    {
        for (int second = 1; second < PathWarmup.LONGEST.toSeconds(); second++)
        {
            final long p99 = second % 3 == 0 ? SPIKE_P99 : STEADY_P99;
            assertEquals(NOT_YET, rule.onInterval(QUIET_P50, p99, second), "at " + second + " s");
        }
        assertEquals(GAVE_UP, rule.onInterval(QUIET_P50, SPIKE_P99, PathWarmup.LONGEST.toSeconds()));
    }

    @Test
    void judgesEachP99AgainstTheQuietestP50SoFarNotTheInterval()
    {
        assertEquals(NOT_YET, rule.onInterval(QUIET_P50, STEADY_P99, 11));
        assertEquals(NOT_YET, rule.onInterval(10 * QUIET_P50, STEADY_P99, 12));
        assertEquals(QUIET_P50, rule.lowestP50Nanos());

        assertEquals(NOT_YET, rule.onInterval(10 * QUIET_P50, 10 * STEADY_P99, 13));
        assertEquals(NOT_YET, rule.onInterval(QUIET_P50, STEADY_P99, 14));
        assertEquals(NOT_YET, rule.onInterval(QUIET_P50 / 2, STEADY_P99, 15));
        assertEquals(QUIET_P50 / 2, rule.lowestP50Nanos());
    }
}
