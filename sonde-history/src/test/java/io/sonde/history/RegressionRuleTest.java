package io.sonde.history;

import io.sonde.loadgen.confidence.PercentileInterval;
import io.sonde.loadgen.confidence.RatioInterval;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RegressionRuleTest
{
    @Test
    void spreadIsTheRangeOverTheMedian()
    {
        assertEquals((150.0 - 90.0) / 100.0, RegressionRule.spread(List.of(100.0, 150.0, 90.0)), 1e-9);
        assertEquals((200.0 - 100.0) / 150.0, RegressionRule.spread(List.of(100.0, 200.0)), 1e-9);
    }

    @Test
    void oneRunHasNoSpread()
    {
        assertEquals(0, RegressionRule.spread(List.of(100.0)));
        assertEquals(0, RegressionRule.spread(List.of()));
    }

    @Test
    void aQuietBaselineAllowsTheTolerance()
    {
        assertEquals(1.10, RegressionRule.allowedRatio(0.10, 0.02, 0), 1e-9);
    }

    @Test
    void aNoisyBaselineAllowsTwiceItsSpread()
    {
        assertEquals(1.60, RegressionRule.allowedRatio(0.10, 0.30, 0), 1e-9);
    }

    @Test
    void theHostsExtraStallIsAddedOnTop()
    {
        final double floor = RegressionRule.floor(200, 50, 150);

        assertEquals(0.5, floor, 1e-9);
        assertEquals(1.60, RegressionRule.allowedRatio(0.10, 0, floor), 1e-9);
    }

    @Test
    void aQuieterHostAllowsNothingExtra()
    {
        assertEquals(0, RegressionRule.floor(200, 150, 50));
    }

    @Test
    void anIntervalTwiceAsWideAsItsDistanceToTheLimitIsSettledByARunFourTimesAsLong()
    {
        assertEquals("1.00–1.20x holds the limit 1.05x; a run about 4× as long, or --repeat 4, would likely settle " +
            "it", RegressionRule.settling(ratio(1.10, 1.00, 1.20), 1.05));
        assertEquals("0.90–1.10x holds the limit 1.05x; a run about 4× as long, or --repeat 4, would likely settle " +
            "it", RegressionRule.settling(ratio(1.00, 0.90, 1.10), 1.05), "below the limit: the upper half counts");
    }

    @Test
    void aRatioOnTheLimitItselfSaysNoReasonableRunSettlesIt()
    {
        assertTrue(RegressionRule.settling(ratio(1.10, 1.00, 1.20), 1.10).endsWith("the ratio sits at the limit: " +
            "only a run over 20× as long, or --repeat with more runs, could settle it"));
    }

    private static RatioInterval ratio(final double estimate, final double lower, final double upper)
    {
        final PercentileInterval run = new PercentileInterval(50, 50_000, 49_000, 51_000, 10_000, 20, 1, 20, 1, "");
        return new RatioInterval(50, estimate, lower, upper, run, run);
    }
}
