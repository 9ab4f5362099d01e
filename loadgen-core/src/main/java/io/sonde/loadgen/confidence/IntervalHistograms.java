package io.sonde.loadgen.confidence;

import org.HdrHistogram.AbstractHistogram;
import org.agrona.collections.LongHashSet;

import java.util.ArrayList;
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
 * (34 MB), and usually a tenth of that. {@link #builder()} takes the intervals one at a time as a log is read and
 * keeps only their recorded buckets until built, so a reader of a {@code run.hlog} need not hold its decoded
 * histograms: route each to its series' builder, and build one series at a time.
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

    private IntervalHistograms(final long[] values, final int[] atOrBelow, final long[] totals, final int[] runStarts)
    {
        this.values = values;
        this.atOrBelow = atOrBelow;
        this.totals = totals;
        this.runStarts = runStarts;
        this.totalCount = Arrays.stream(totals).sum();
    }

    private IntervalHistograms(final List<PackedBuckets> packed, final int[] runStarts)
    {
        this.runStarts = runStarts;
        final int intervals = packed.size();
        int mostBuckets = 0;
        for (final PackedBuckets buckets : packed)
        {
            mostBuckets = Math.max(mostBuckets, buckets.buckets());
        }
        final long[] bucketValues = new long[mostBuckets];
        final int[] bucketCounts = new int[mostBuckets];
        values = grid(packed, bucketValues, bucketCounts);
        final long cells = (long)values.length * intervals;
        if (cells > Integer.MAX_VALUE - 8)
        {
            throw new IllegalArgumentException(intervals + " intervals of " + values.length + " distinct values " +
                "are too many to resample at once");
        }
        atOrBelow = new int[(int)cells];
        totals = new long[intervals];
        long count = 0;
        for (int interval = 0; interval < intervals; interval++)
        {
            final PackedBuckets buckets = packed.get(interval);
            buckets.unpack(bucketValues, bucketCounts);
            int row = 0;
            for (int bucket = 0; bucket < buckets.buckets(); bucket++)
            {
                while (values[row] < bucketValues[bucket])
                {
                    row++;
                }
                atOrBelow[row * intervals + interval] = bucketCounts[bucket];
            }
            totals[interval] = buckets.totalCount();
            count += totals[interval];
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
        return ofRuns(List.of(intervals));
    }

    /**
     * @param runs the interval histograms of each run of one series (e.g. the runs of {@code --repeat}), each in
     *             time order; the resampling draws runs, then blocks within each run drawn.
     * @return them on one grid.
     * @throws IllegalArgumentException when an interval holds more than {@link Integer#MAX_VALUE} samples.
     */
    public static IntervalHistograms ofRuns(final List<? extends List<? extends AbstractHistogram>> runs)
    {
        final Builder builder = builder();
        for (final List<? extends AbstractHistogram> run : runs)
        {
            run.forEach(builder::add);
            builder.endRun();
        }
        return builder.build();
    }

    /**
     * @return a builder that takes intervals one at a time, e.g. as a {@code run.hlog} is read, so that no decoded
     *         histogram need be kept.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * @param run from 0, in the order the runs were added.
     * @return that run's intervals alone, on the same grid.
     */
    public IntervalHistograms run(final int run)
    {
        final int start = runStarts[run];
        final int length = runStarts[run + 1] - start;
        final int intervals = totals.length;
        final int[] runAtOrBelow = new int[values.length * length];
        for (int row = 0; row < values.length; row++)
        {
            System.arraycopy(atOrBelow, row * intervals + start, runAtOrBelow, row * length, length);
        }
        final long[] runTotals = Arrays.copyOfRange(totals, start, start + length);
        return new IntervalHistograms(values, runAtOrBelow, runTotals, new int[] {0, length});
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

    int rows()
    {
        return values.length;
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
        return rowAtPercentile(percentile, multiplicities, values.length - 1);
    }

    /**
     * The same row, searched for outward from {@code hint} in steps that double, then by halves: a resample's
     * percentile lies a few rows from the run's, so this reads far fewer rows than a search of the whole grid.
     *
     * @param hint the row to start from, e.g. the run's own percentile.
     */
    int rowAtPercentile(final double percentile, final int[] multiplicities, final int hint)
    {
        long count = 0;
        for (int i = 0; i < totals.length; i++)
        {
            count += multiplicities[i] * totals[i];
        }
        final double requested = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0), 100);
        final long wanted = Math.max(1, (long)Math.ceil(requested / 100.0 * count));
        final int last = values.length - 1;
        int low;
        int high;
        if (countAtOrBelow(hint, multiplicities) >= wanted)
        {
            high = hint;
            low = 0;
            for (int step = 1; high - step >= 0; step <<= 1)
            {
                if (countAtOrBelow(high - step, multiplicities) < wanted)
                {
                    low = high - step + 1;
                    break;
                }
                high -= step;
            }
        }
        else
        {
            low = hint + 1;
            high = last;
            for (int step = 1; low - 1 + step < last; step <<= 1)
            {
                if (countAtOrBelow(low - 1 + step, multiplicities) >= wanted)
                {
                    high = low - 1 + step;
                    break;
                }
                low += step;
            }
        }
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

    private static long[] grid(
        final List<PackedBuckets> packed, final long[] bucketValues, final int[] bucketCounts)
    {
        final LongHashSet seen = new LongHashSet();
        for (final PackedBuckets buckets : packed)
        {
            buckets.unpack(bucketValues, bucketCounts);
            for (int bucket = 0; bucket < buckets.buckets(); bucket++)
            {
                seen.add(bucketValues[bucket]);
            }
        }
        if (seen.isEmpty())
        {
            return new long[] {0};
        }
        final long[] grid = new long[seen.size()];
        final LongHashSet.LongIterator iterator = seen.iterator();
        for (int i = 0; i < grid.length; i++)
        {
            grid[i] = iterator.nextValue();
        }
        Arrays.sort(grid);
        return grid;
    }

    /**
     * Takes the intervals of one series one at a time, run after run, keeping of each only its recorded buckets
     * ({@link PackedBuckets}: 2 or 3 bytes a bucket), and lays them on one grid when built. Used by one thread;
     * built once.
     */
    public static final class Builder
    {
        private final List<PackedBuckets> packed = new ArrayList<>();
        private final List<Integer> runStarts = new ArrayList<>(List.of(0));
        private final PackedBuckets.Scratch scratch = new PackedBuckets.Scratch();

        private Builder()
        {
        }

        /**
         * @param interval the next interval of the current run; read, not kept, so it may be reused.
         * @return this builder.
         * @throws IllegalArgumentException when the interval holds more than {@link Integer#MAX_VALUE} samples.
         */
        public Builder add(final AbstractHistogram interval)
        {
            packed.add(PackedBuckets.of(interval, scratch));
            return this;
        }

        /**
         * Ends the current run: the intervals added next belong to another. A run with no interval is no run.
         *
         * @return this builder.
         */
        public Builder endRun()
        {
            if (runStarts.get(runStarts.size() - 1) != packed.size())
            {
                runStarts.add(packed.size());
            }
            return this;
        }

        /**
         * @return how many runs have intervals, counting the current one.
         */
        public int runs()
        {
            final int ended = runStarts.size() - 1;
            return runStarts.get(ended) == packed.size() ? ended : ended + 1;
        }

        /**
         * @return the intervals added on one grid, the current run ended; may be called again after more are added.
         */
        public IntervalHistograms build()
        {
            endRun();
            final int[] starts = runStarts.stream().mapToInt(Integer::intValue).toArray();
            return new IntervalHistograms(packed, starts.length == 1 ? new int[] {0, 0} : starts);
        }
    }
}
