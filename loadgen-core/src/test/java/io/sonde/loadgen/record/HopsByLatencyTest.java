package io.sonde.loadgen.record;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The requests at a percentile are told apart from the others, and their mean hops add up to their latency, even
 * where the hops' own medians do not.
 */
class HopsByLatencyTest
{
    private static final int SEND = 0;
    private static final int WIRE = 1;
    private static final int VENUE = 2;

    private final HopsByLatency byLatency = new HopsByLatency(3);

    @Test
    void theMedianRequestsHopsAddUpToTheMedianWhereTheHopsMediansDoNot()
    {
        // Every request is slow in one hop: 30 us there, 10 us in each other hop, so each takes 50 us. Each hop's
        // own median is 10 us and they add up to 30 us, not 50.
        for (int i = 0; i < 300; i++)
        {
            final int slow = i % 3;
            final int band = byLatency.request(50_000);
            for (int hop = 0; hop < 3; hop++)
            {
                byLatency.hop(band, hop, hop == slow ? 30_000 : 10_000);
            }
        }

        final HopsByLatency.Composition median = byLatency.at(50);

        assertEquals(300, median.requests());
        assertEquals(50_000, median.meanNanos(), 1e-6);
        assertArrayEquals(new double[]{50_000 / 3.0, 50_000 / 3.0, 50_000 / 3.0}, median.meanHopNanos(), 1e-6);
    }

    @Test
    void theTailIsToldApartFromTheMedian()
    {
        for (int i = 0; i < 990; i++)
        {
            record(20_000, 5_000, 5_000, 10_000);
        }
        for (int i = 0; i < 10; i++)
        {
            record(2_000_000, 5_000, 1_990_000, 5_000);
        }

        final HopsByLatency.Composition median = byLatency.at(50);
        final HopsByLatency.Composition tail = byLatency.at(99.5);

        assertArrayEquals(new double[]{5_000, 5_000, 10_000}, median.meanHopNanos(), 1e-6);
        assertArrayEquals(new double[]{5_000, 1_990_000, 5_000}, tail.meanHopNanos(), 1e-6);
        assertTrue(tail.lowestNanos() <= 2_000_000 && 2_000_000 <= tail.highestNanos());
    }

    @Test
    void aSparseBandIsWidenedByItsNeighboursUntilEnoughRequestsAreIn()
    {
        for (int i = 0; i < 5; i++)
        {
            record(100_000, 100_000, 0, 0);
            record(103_000, 0, 103_000, 0);
            record(106_500, 0, 0, 106_500);
            record(110_000, 0, 0, 110_000);
            record(5_000_000, 0, 0, 5_000_000);
        }

        final HopsByLatency.Composition median = byLatency.at(50);

        assertTrue(median.requests() >= 20, "requests " + median.requests());
        assertTrue(median.lowestNanos() <= 103_000 && 103_000 <= median.highestNanos());
        assertTrue(median.highestNanos() < 5_000_000, "the slow ones stay out");
    }

    @Test
    void bandsAreContiguousAndAtMostThreePercentWide()
    {
        for (long value = 1; value < 1L << 40; value = value * 3 / 2 + 1)
        {
            final int band = HopsByLatency.band(value);
            final long lowest = HopsByLatency.lowestOf(band);
            final long next = HopsByLatency.lowestOf(band + 1);
            assertTrue(lowest <= value && value < next, value + " in [" + lowest + ", " + next + ")");
            assertTrue(next - lowest <= Math.max(1, lowest / 32), "band of " + value + " is " + (next - lowest));
        }
    }

    @Test
    void nothingCountedHasNoComposition()
    {
        assertNull(byLatency.at(50));
    }

    private void record(final long latency, final long send, final long wire, final long venue)
    {
        final int band = byLatency.request(latency);
        byLatency.hop(band, SEND, send);
        byLatency.hop(band, WIRE, wire);
        byLatency.hop(band, VENUE, venue);
    }
}
