package io.sonde.strategy;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReactionStallTest
{
    private static final long MS = 1_000_000L;

    @Test
    void theStrategyIsStalledForTheLengthAtTheStartOfEveryPeriod()
    {
        final ReactionStall stall = new ReactionStall(Duration.ofMillis(200), Duration.ofSeconds(2), 1_000 * MS);

        assertTrue(stall.isStalled(1_000 * MS));
        assertTrue(stall.isStalled(1_199 * MS));
        assertFalse(stall.isStalled(1_200 * MS));
        assertFalse(stall.isStalled(2_999 * MS));
        assertTrue(stall.isStalled(3_000 * MS));
        assertTrue(stall.isStalled(5_100 * MS));
        assertFalse(stall.isStalled(5_300 * MS));
    }

    @Test
    void aStallOfZeroNeverStalls()
    {
        final ReactionStall stall = new ReactionStall(Duration.ZERO, Duration.ofSeconds(1), 0);

        assertFalse(stall.isStalled(0));
        assertFalse(stall.isStalled(1_000 * MS));
    }
}
