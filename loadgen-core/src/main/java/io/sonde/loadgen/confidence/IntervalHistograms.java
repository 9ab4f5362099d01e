package io.sonde.loadgen.confidence;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.Arrays;
import java.util.List;

/**
 * The interval histograms of one series (e.g. the {@code corrected} intervals of a {@code run.hlog}) of one or
 * more runs, laid on one grid of values so that any resample of them is read without adding histograms.
 * <p>
 * The grid is every distinct value the intervals recorded (each bucket's highest equivalent value, as
 * HdrHistogram reports percentiles), ascending. For each value and interval it keeps how many of the interval's
 * samples lie at or below it, value by value with the intervals side by side, so that the count at or below one
 * value for a whole resample is one dot product of a row with the resample's multiplicities (how many times each
 * interval was drawn): a percentile of a resample is a binary search over the grid of such products, and never
 * touches a histogram. A 10-minute run of 1 s intervals over 4 decades of latency is at most 600 × 14,000 ints
 * (34 MB), and usually a tenth of that; one series is held at a time.
 * <p>
 * Immutable once built, so one instance may be read by several threads.
 */
public final class IntervalHistograms
{
    private final long[] values;
    private final int[] atOrBelow;
    private final long[] totals;
    private final int[] runStarts;
    private final long totalCount;

    private IntervalHistograms(final List<? extends List<? extends AbstractHistogram>> runs)
    {
        int intervals = 0;
        runStarts = new int[runs.size() + 1];
        for (int run = 0; run < runs.size(); run++)
        {
            runStarts[run] = intervals;
            intervals += runs.get(run).size();
        }
        runStarts[runs.size()] = intervals;
        values = grid(runs);
        final long cells = (long)values.length * intervals;
        if (cells > Integer.MAX_VALUE - 8)
        {
            throw new IllegalArgumentException(intervals + " intervals of " + values.length + " distinct values " +
                "are too many to resample at once");
        }
        atOrBelow = new int[(int)cells];
        totals = new long[intervals];
        int interval = 0;
        long count = 0;
        for (final List<? extends AbstractHistogram> run : runs)
        {
            for (final AbstractHistogram histogram : run)
            {
                totals[interval] = countInto(histogram, interval, intervals);
                count += totals[interval];
                interval++;
            }
        }
        totalCount = count;
        for (int row = 1; row < values.length; row++)
        {
            final int from = (row - 1) * intervals;
            final int to = row * intervals;
            for (int i = 0; i < intervals; i++)
            {
                atOrBelow[to + i] += atOrBelow[from + i];
            }
        }
    }

    /**
     * @param intervals one run's interval histograms in time order, e.g. the measured {@code corrected} intervals
     *                  of its {@code run.hlog}; they are read, not kept.
     * @return them on one grid.
     * @throws IllegalArgumentException when an interval holds more than {@link Integer#MAX_VALUE} samples.
     */
    public static IntervalHistograms of(final List<? extends AbstractHistogram> intervals)
    {
        return new IntervalHistograms(List.of(intervals));
    }

    /**
     * @param runs the interval histograms of each run of one series (e.g. the runs of {@code --repeat}), each in
     *             time order; the resampling draws runs, then blocks within each run drawn.
     * @return them on one grid.
     * @throws IllegalArgumentException when an interval holds more than {@link Integer#MAX_VALUE} samples.
     */
    public static IntervalHistograms ofRuns(final List<? extends List<? extends AbstractHistogram>> runs)
    {
        return new IntervalHistograms(runs);
    }

    /**
     * @return how many runs the intervals come from.
     */
    public int runs()
    {
        return runStarts.length - 1;
    }

    /**
     * @return how many intervals there are, over every run.
     */
    public int intervals()
    {
        return totals.length;
    }

    /**
     * @return how many samples every interval holds together.
     */
    public long totalCount()
    {
        return totalCount;
    }

    /**
     * @param percentile in (0, 100].
     * @return the value at that percentile of every interval added up: exactly what HdrHistogram's
     *         {@code getValueAtPercentile} gives for their sum; 0 when there is no sample.
     */
    public long valueAtPercentile(final double percentile)
    {
        final int[] everyInterval = new int[intervals()];
        Arrays.fill(everyInterval, 1);
        return totalCount == 0 ? 0 : values[rowAtPercentile(percentile, everyInterval)];
    }

    int runStart(final int run)
    {
        return runStarts[run];
    }

    int runLength(final int run)
    {
        return runStarts[run + 1] - runStarts[run];
    }

    long value(final int row)
    {
        return values[row];
    }

    long total(final int interval)
    {
        return totals[interval];
    }

    int atOrBelow(final int row, final int interval)
    {
        return atOrBelow[row * totals.length + interval];
    }

    /**
     * @param multiplicities how many times each interval is in the resample.
     * @return the row of the value at {@code percentile} of the resample, by HdrHistogram's rule: the lowest value
     *         with at least {@code ceil(percentile / 100 × count)} samples at or below it (and at least one).
     */
    int rowAtPercentile(final double percentile, final int[] multiplicities)
    {
        long count = 0;
        for (int i = 0; i < totals.length; i++)
        {
            count += multiplicities[i] * totals[i];
        }
        final double requested = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0), 100);
        final long wanted = Math.max(1, (long)Math.ceil(requested / 100.0 * count));
        int low = 0;
        int high = values.length - 1;
        while (low < high)
        {
            final int middle = (low + high) >>> 1;
            if (countAtOrBelow(middle, multiplicities) >= wanted)
            {
                high = middle;
            }
            else
            {
                low = middle + 1;
            }
        }
        return low;
    }

    private long countAtOrBelow(final int row, final int[] multiplicities)
    {
        final int intervals = totals.length;
        final int start = row * intervals;
        long count = 0;
        for (int i = 0; i < intervals; i++)
        {
            count += (long)multiplicities[i] * atOrBelow[start + i];
        }
        return count;
    }

    private int countInto(final AbstractHistogram histogram, final int interval, final int intervals)
    {
        long count = 0;
        for (final HistogramIterationValue bucket : histogram.recordedValues())
        {
            final int row = Arrays.binarySearch(values, bucket.getValueIteratedTo());
            count += bucket.getCountAtValueIteratedTo();
            if (count > Integer.MAX_VALUE)
            {
                throw new IllegalArgumentException("an interval holds more than " + Integer.MAX_VALUE + " samples");
            }
            atOrBelow[row * intervals + interval] += (int)bucket.getCountAtValueIteratedTo();
        }
        return (int)count;
    }

    private static long[] grid(final List<? extends List<? extends AbstractHistogram>> runs)
    {
        long[] seen = new long[1024];
        int size = 0;
        for (final List<? extends AbstractHistogram> run : runs)
        {
            for (final AbstractHistogram histogram : run)
            {
                for (final HistogramIterationValue bucket : histogram.recordedValues())
                {
                    if (size == seen.length)
                    {
                        seen = Arrays.copyOf(seen, size * 2);
                    }
                    seen[size++] = bucket.getValueIteratedTo();
                }
            }
        }
        Arrays.sort(seen, 0, size);
        int distinct = 0;
        for (int i = 0; i < size; i++)
        {
            if (distinct == 0 || seen[i] != seen[distinct - 1])
            {
                seen[distinct++] = seen[i];
            }
        }
        return distinct == 0 ? new long[] {0} : Arrays.copyOf(seen, distinct);
    }
}
