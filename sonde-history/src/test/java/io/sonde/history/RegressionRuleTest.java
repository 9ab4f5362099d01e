package io.sonde.history;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
