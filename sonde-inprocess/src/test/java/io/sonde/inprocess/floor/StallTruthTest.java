package io.sonde.inprocess.floor;

import io.sonde.api.Stall;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The truth of a stall of 50 ms every second at 1,000 orders a second, 8 in flight, is the stall's wait for the
 * order at each rank plus the round trips it pays: worked by hand, and equal to the distribution built order by order
 * from the schedule.
 */
class StallTruthTest
{
    private static final long BASE = 100_000;
    private final StallTruth truth = new StallTruth(StallSelfCheck.STALL, StallSelfCheck.RATE, StallSelfCheck.WINDOW);

    @Test
    void eachPercentileIsTheWaitOfTheOrderAtItsRankPlusTheRoundTripsItPays()
    {
        assertEquals(49_500_000 + BASE, truth.latencyNanos(100, BASE), "max: the first order, 0.5 ms into a stall");
        assertEquals(48_500_000 + BASE, truth.latencyNanos(99.9, BASE), "p99.9: the second, one above it a second");
        assertEquals(39_500_000 + 2 * BASE, truth.latencyNanos(99, BASE),
            "p99: the eleventh, ten above it a second; it waited at the client for the first 8 answers");
    }

    @Test
    void theTruthIsTheDistributionBuiltOrderByOrderFromTheSchedule()
    {
        final Histogram orders = new Histogram(3);
        StallModel.seconds(12, BASE, 0, true, 1).forEach(orders::add);

        for (final double percentile : new double[] {99, 99.9, 100})
        {
            assertEquals(orders.highestEquivalentValue(truth.latencyNanos(percentile, BASE)),
                orders.getValueAtPercentile(percentile), "p" + percentile);
        }
    }

    @Test
    void aPercentileBelowWhatTheStallReachesHasNoTruthOfItsStall()
    {
        assertThrows(IllegalArgumentException.class, () -> truth.latencyNanos(90, BASE),
            "100 orders a second lie above p90, only 50 wait for a stall");
        assertThrows(IllegalArgumentException.class,
            () -> new StallTruth(new Stall(Duration.ofNanos(500_000), Duration.ofSeconds(1)), 1_000, 8),
            "a stall shorter than the orders' spacing may meet none");
    }
}
