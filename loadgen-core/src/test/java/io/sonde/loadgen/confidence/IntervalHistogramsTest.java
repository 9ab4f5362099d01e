package io.sonde.loadgen.confidence;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The grid reads every percentile exactly as HdrHistogram reads the intervals added up, so an interval's
 * estimate is the figure Sonde already prints.
 */
class IntervalHistogramsTest
{
    private static final double[] PERCENTILES = {0.1, 10, 50, 90, 99, 99.9, 99.99, 100};

    @Test
    void aPercentileOfTheIntervalsIsTheSameAsHdrHistogramsOfTheirSum()
    {
        final List<Histogram> intervals = new SimulatedRuns(1.0 / 500, 1.0 / 50).run(7, 30, 2_000);
        final Histogram sum = new Histogram(3);
        intervals.forEach(sum::add);

        final IntervalHistograms histograms = IntervalHistograms.of(intervals);

        assertEquals(30, histograms.intervals());
        assertEquals(sum.getTotalCount(), histograms.totalCount());
        for (final double percentile : PERCENTILES)
        {
            assertEquals(sum.getValueAtPercentile(percentile), histograms.valueAtPercentile(percentile),
                "p" + percentile);
        }
    }

    @Test
    void runsPooledReadAsEveryIntervalOfEveryRunAddedUp()
    {
        final SimulatedRuns simulated = SimulatedRuns.independent();
        final List<Histogram> first = simulated.run(1, 10, 500);
        final List<Histogram> second = simulated.run(2, 15, 500);
        final Histogram sum = new Histogram(3);
        first.forEach(sum::add);
        second.forEach(sum::add);

        final IntervalHistograms histograms = IntervalHistograms.ofRuns(List.of(first, second));

        assertEquals(2, histograms.runs());
        assertEquals(25, histograms.intervals());
        assertEquals(sum.getValueAtPercentile(99), histograms.valueAtPercentile(99));
    }

    @Test
    void valuesAnHourApartAndCountsOfMillionsAreKeptExactly()
    {
        final Histogram interval = new Histogram(3);
        interval.recordValueWithCount(1, 5);
        interval.recordValueWithCount(3_600_000_000_000L, 3_000_000);
        interval.recordValueWithCount(1_000_000, 2_000_000);

        final IntervalHistograms histograms = IntervalHistograms.builder().add(interval).add(interval).build();

        assertEquals(10_000_010, histograms.totalCount());
        for (final double percentile : PERCENTILES)
        {
            assertEquals(interval.getValueAtPercentile(percentile), histograms.valueAtPercentile(percentile),
                "p" + percentile);
        }
    }

    @Test
    void aResamplesPercentileIsFoundFromAnyStartingRow()
    {
        final IntervalHistograms histograms = IntervalHistograms.of(
            new SimulatedRuns(1.0 / 500, 1.0 / 50).run(8, 20, 500));
        final SplittableRandom random = new SplittableRandom(8);
        final int[] multiplicities = new int[histograms.intervals()];
        for (int resample = 0; resample < 20; resample++)
        {
            Arrays.fill(multiplicities, 0);
            for (int i = 0; i < multiplicities.length; i++)
            {
                multiplicities[random.nextInt(multiplicities.length)]++;
            }
            for (final double percentile : PERCENTILES)
            {
                final int row = firstRowHolding(histograms, percentile, multiplicities);
                for (int hint = 0; hint < histograms.rows(); hint += 1 + random.nextInt(40))
                {
                    assertEquals(row, histograms.rowAtPercentile(percentile, multiplicities, hint),
                        "p" + percentile + " from row " + hint);
                }
            }
        }
    }

    @Test
    void emptyIntervalsHaveNoSamplesAndReadAsZero()
    {
        final IntervalHistograms histograms = IntervalHistograms.of(List.of(new Histogram(3), new Histogram(3)));

        assertEquals(0, histograms.totalCount());
        assertEquals(0, histograms.valueAtPercentile(50));
    }

    @Test
    void anIntervalTooLargeToCountInAnIntIsRefused()
    {
        final Histogram huge = new Histogram(3);
        huge.recordValueWithCount(1_000, Integer.MAX_VALUE + 1L);

        assertThrows(IllegalArgumentException.class, () -> IntervalHistograms.of(List.of(huge)));
    }

    private static int firstRowHolding(
        final IntervalHistograms histograms, final double percentile, final int[] multiplicities)
    {
        long count = 0;
        for (int i = 0; i < histograms.intervals(); i++)
        {
            count += multiplicities[i] * histograms.total(i);
        }
        final long wanted = Math.max(1, (long)Math.ceil(
            Math.min(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 100) / 100 * count));
        int row = 0;
        while (true)
        {
            long atOrBelow = 0;
            for (int i = 0; i < histograms.intervals(); i++)
            {
                atOrBelow += (long)multiplicities[i] * histograms.atOrBelow(row, i);
            }
            if (atOrBelow >= wanted)
            {
                return row;
            }
            row++;
        }
    }
}
