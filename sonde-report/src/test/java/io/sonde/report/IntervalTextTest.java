package io.sonde.report;

import io.sonde.api.ConfidenceInterval;
import io.sonde.api.Percentiles;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A percentile prints with its interval in the estimate's unit, or its shortfall, and never as a bare number when its
 * samples cannot support it, whether its interval was computed or not.
 */
class IntervalTextTest
{
    @Test
    void aPercentilePrintsWithItsIntervalInTheEstimatesUnit()
    {
        assertEquals("p99 3.89ms (3.10–4.82)", IntervalText.of(99, 3_890,
            Optional.of(new ConfidenceInterval(3_100, 4_820, 60, 60, 1, "")), 100_000));
    }

    @Test
    void boundsInAnotherUnitThanTheEstimateCarryTheirOwn()
    {
        assertEquals("p50 999µs (950µs–1.02ms)", IntervalText.of(50, 999,
            Optional.of(new ConfidenceInterval(950, 1_020, 60, 60, 1, "")), 100_000));
    }

    @Test
    void aPercentileItsSamplesCannotSupportPrintsItsShortfallNeverABareNumber()
    {
        assertEquals("p99.99: 5,000 samples, needs ≥ 100,000", IntervalText.of(99.99, 50,
            Optional.of(new ConfidenceInterval(50, 50, 60, 60, 1, "p99.99: 5,000 samples, needs ≥ 100,000")), 5_000));
        final Percentiles readWithoutIntervals = new Percentiles(10, 20, 30, 40, 50, 60, 5_000);
        assertEquals("p99.99: 5,000 samples, needs ≥ 100,000", IntervalText.of(99.99, readWithoutIntervals));
        assertFalse(IntervalText.supported(99.99, readWithoutIntervals));
        assertEquals("p99 30.0µs", IntervalText.of(99, readWithoutIntervals));
        assertTrue(IntervalText.supported(99, readWithoutIntervals));
        assertFalse(IntervalText.supported(99, readWithoutIntervals.withIntervals(Map.of("p99",
            new ConfidenceInterval(30, 30, 4, 4, 1, "p99: 4 intervals make 4 blocks of 1, needs ≥ 10 blocks")))));
    }

    @Test
    void itemsFlowAsManyToALineAsFit()
    {
        assertEquals(List.of("aaaa  bbbb", "cccccccccc", "d"),
            IntervalText.flow(List.of("aaaa", "bbbb", "cccccccccc", "d"), 10, 20));
    }
}
