package io.sonde.loadgen.confidence;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded circular block bootstrap over a run's interval histograms: a 95 % confidence interval for each
 * percentile, from the run's own intervals.
 * <p>
 * One resample draws, for each run of the {@link IntervalHistograms} (one, or the runs of a repeat), a run at
 * random, then blocks of {@link BlockLength consecutive intervals} at random starting points within it, wrapping
 * round its end, until it has as many intervals as the run drawn; its percentile is read off every interval drawn
 * added up. The interval is the middle 95 % of {@link #DEFAULT_RESAMPLES} such values (the percentile bootstrap).
 * Drawing runs first makes a pooled interval as wide as the runs differ, not only as each run is noisy.
 * <p>
 * <b>Seeded</b>: each percentile's resamples come from a generator seeded with the bootstrap's seed and the
 * percentile, so the same histograms give the same intervals whatever else was asked, in whatever order.
 * <p>
 * Runs after a run, never on a load thread. An instance holds no state between calls and may be shared, and
 * {@link IntervalHistograms} are immutable, so several series may be computed on several threads at once.
 */
public final class BlockBootstrap
{
    /** The seed of {@link #BlockBootstrap()}: every report of one folder gives the same intervals. */
    public static final long DEFAULT_SEED = 0x50DE_B007_5EEDL;
    /** How many resamples an interval is read from. */
    public static final int DEFAULT_RESAMPLES = 2000;
    /** The confidence of every interval. */
    public static final double CONFIDENCE = 0.95;
    private static final long CANDIDATE_STREAM = 0x9E37_79B9_7F4A_7C15L;
    private static final long JOINT_STREAM = 0xC2B2_AE3D_27D4_EB4FL;

    private final long seed;
    private final int resamples;

    /**
     * A bootstrap of {@value #DEFAULT_RESAMPLES} resamples with the {@link #DEFAULT_SEED}.
     */
    public BlockBootstrap()
    {
        this(DEFAULT_SEED, DEFAULT_RESAMPLES);
    }

    /**
     * @param seed      the seed every percentile's generator starts from.
     * @param resamples how many resamples each interval is read from; at least 40, so that one falls outside
     *                  each end of a 95 % interval.
     */
    public BlockBootstrap(final long seed, final int resamples)
    {
        if (resamples < 40)
        {
            throw new IllegalArgumentException("a 95 % interval needs at least 40 resamples: " + resamples);
        }
        this.seed = seed;
        this.resamples = resamples;
    }

    /**
     * @return how many resamples each interval, ratio or probability is read from.
     */
    public int resamples()
    {
        return resamples;
    }

    /**
     * @param percentile in (0, 100].
     * @return the estimate of every interval added up and its 95 % interval, with the blocks used and, when the
     *         samples or blocks are too few, why the interval means nothing.
     */
    public PercentileInterval interval(final IntervalHistograms histograms, final double percentile)
    {
        return interval(histograms, percentile, resampled(histograms, percentile, 0));
    }

    /**
     * @return {@link #interval} of each percentile, in the order given.
     */
    public List<PercentileInterval> intervals(final IntervalHistograms histograms, final double... percentiles)
    {
        final List<PercentileInterval> intervals = new ArrayList<>(percentiles.length);
        for (final double percentile : percentiles)
        {
            intervals.add(interval(histograms, percentile));
        }
        return intervals;
    }

    /**
     * @return each run's own interval at the percentile, in the order the runs were added.
     */
    public List<PercentileInterval> eachRun(final IntervalHistograms runs, final double percentile)
    {
        final List<PercentileInterval> intervals = new ArrayList<>(runs.runs());
        for (int run = 0; run < runs.runs(); run++)
        {
            intervals.add(interval(runs.run(run), percentile));
        }
        return intervals;
    }

    /**
     * Whether runs of one build differ more than each run's own noise allows ("the host changed between runs"):
     * their own intervals have no value in common, so at least two of them do not even overlap. Two runs of one
     * process miss each other so about once in 200 comparisons.
     *
     * @param eachRun the runs' own intervals at one percentile, from {@link #eachRun}.
     * @return true when no value lies within every run's interval.
     */
    public static boolean runsDisagree(final List<PercentileInterval> eachRun)
    {
        long highestLower = Long.MIN_VALUE;
        long lowestUpper = Long.MAX_VALUE;
        for (final PercentileInterval interval : eachRun)
        {
            highestLower = Math.max(highestLower, interval.lower());
            lowestUpper = Math.min(lowestUpper, interval.upper());
        }
        return highestLower > lowestUpper;
    }

    /**
     * The ratio candidate ÷ baseline at a percentile: each resample of the ratio divides a resample of the
     * candidate by an independent resample of the baseline, so the interval holds the noise of both.
     *
     * @return the ratio of the estimates and its 95 % interval, with both runs' own intervals.
     */
    public RatioInterval ratio(
        final IntervalHistograms baseline, final IntervalHistograms candidate, final double percentile)
    {
        final Resamples base = resampled(baseline, percentile, 0);
        final Resamples next = resampled(candidate, percentile, CANDIDATE_STREAM);
        final PercentileInterval baseInterval = interval(baseline, percentile, base);
        final PercentileInterval nextInterval = interval(candidate, percentile, next);
        final double[] ratios = new double[resamples];
        for (int i = 0; i < resamples; i++)
        {
            ratios[i] = ratio(next.values[i], base.values[i]);
        }
        Arrays.sort(ratios);
        return new RatioInterval(percentile, ratio(nextInterval.estimate(), baseInterval.estimate()),
            ratios[lowerIndex()], ratios[upperIndex()], baseInterval, nextInterval);
    }

    /**
     * @param limit the objective's limit at the percentile, in the histograms' unit.
     * @return the share of resamples whose value at the percentile is at or below {@code limit}: how likely the
     *         run is to meet the objective.
     */
    public ObjectiveProbability probabilityWithin(
        final IntervalHistograms histograms, final double percentile, final long limit)
    {
        final Resamples resampled = resampled(histograms, percentile, 0);
        int within = 0;
        for (final long value : resampled.values)
        {
            if (value <= limit)
            {
                within++;
            }
        }
        return new ObjectiveProbability(percentile, limit, (double)within / resamples,
            interval(histograms, percentile, resampled));
    }

    /**
     * Several objectives on one series at once (e.g. {@code p50 ≤ 1ms} and {@code p99 ≤ 5ms} on a step's corrected
     * latency): each resample is drawn once and every percentile is read off it, so the share counts the resamples
     * that meet them all, not the product of separate shares. One block length serves every percentile: the longest
     * any of them chooses, so the draw keeps the correlation the most correlated one needs. One objective gives
     * exactly {@link #probabilityWithin}'s share.
     *
     * @param percentiles each in (0, 100].
     * @param limits      the limit at each percentile, in the histograms' unit.
     * @return the share of resamples at or below every limit, and what the samples lack for any of the percentiles.
     */
    public JointProbability probabilityWithinAll(
        final IntervalHistograms histograms, final double[] percentiles, final long[] limits)
    {
        if (percentiles.length == 0 || percentiles.length != limits.length)
        {
            throw new IllegalArgumentException("one limit per percentile, and at least one: " +
                percentiles.length + " percentiles, " + limits.length + " limits");
        }
        if (percentiles.length == 1)
        {
            final ObjectiveProbability alone = probabilityWithin(histograms, percentiles[0], limits[0]);
            return new JointProbability(alone.probability(), alone.interval().shortfall());
        }
        final int[] multiplicities = new int[histograms.intervals()];
        Arrays.fill(multiplicities, 1);
        final int[] estimateRows = new int[percentiles.length];
        int blockLength = 1;
        long stream = JOINT_STREAM;
        for (int i = 0; i < percentiles.length; i++)
        {
            checkPercentile(percentiles[i]);
            estimateRows[i] = histograms.rowAtPercentile(percentiles[i], multiplicities);
            blockLength = Math.max(blockLength, BlockLength.choose(histograms, estimateRows[i]));
            stream = stream * 31 + Double.doubleToLongBits(percentiles[i]);
        }
        final SplittableRandom random = new SplittableRandom(seed ^ stream);
        int within = 0;
        for (int resample = 0; resample < resamples; resample++)
        {
            Arrays.fill(multiplicities, 0);
            draw(histograms, blockLength, random, multiplicities);
            boolean all = true;
            for (int i = 0; i < percentiles.length && all; i++)
            {
                all = histograms.value(histograms.rowAtPercentile(percentiles[i], multiplicities, estimateRows[i])) <=
                    limits[i];
            }
            within += all ? 1 : 0;
        }
        final int blocks = blocks(histograms, blockLength);
        final List<String> shortfalls = new ArrayList<>();
        for (final double percentile : percentiles)
        {
            final String shortfall = SampleSupport.shortfall(percentile, histograms.totalCount(),
                histograms.intervals(), blocks, blockLength);
            if (!shortfall.isEmpty())
            {
                shortfalls.add(shortfall);
            }
        }
        return new JointProbability((double)within / resamples, String.join("; ", shortfalls));
    }

    private PercentileInterval interval(
        final IntervalHistograms histograms, final double percentile, final Resamples resampled)
    {
        final long[] sorted = resampled.values.clone();
        Arrays.sort(sorted);
        final int blocks = blocks(histograms, resampled.blockLength);
        return new PercentileInterval(percentile, resampled.estimate, sorted[lowerIndex()], sorted[upperIndex()],
            histograms.totalCount(), histograms.intervals(), histograms.runs(), blocks, resampled.blockLength,
            SampleSupport.shortfall(percentile, histograms.totalCount(), histograms.intervals(), blocks,
                resampled.blockLength));
    }

    private Resamples resampled(final IntervalHistograms histograms, final double percentile, final long stream)
    {
        checkPercentile(percentile);
        final int[] multiplicities = new int[histograms.intervals()];
        Arrays.fill(multiplicities, 1);
        final int estimateRow = histograms.rowAtPercentile(percentile, multiplicities);
        final int blockLength = BlockLength.choose(histograms, estimateRow);
        final SplittableRandom random = new SplittableRandom(seed ^ stream ^ Double.doubleToLongBits(percentile));
        final long[] values = new long[resamples];
        for (int i = 0; i < resamples; i++)
        {
            Arrays.fill(multiplicities, 0);
            draw(histograms, blockLength, random, multiplicities);
            values[i] = histograms.value(histograms.rowAtPercentile(percentile, multiplicities, estimateRow));
        }
        return new Resamples(histograms.value(estimateRow), blockLength, values);
    }

    private static void draw(
        final IntervalHistograms histograms, final int blockLength, final SplittableRandom random,
        final int[] multiplicities)
    {
        final int runs = histograms.runs();
        for (int drawn = 0; drawn < runs; drawn++)
        {
            final int run = runs == 1 ? 0 : random.nextInt(runs);
            final int start = histograms.runStart(run);
            final int length = histograms.runLength(run);
            int filled = 0;
            while (filled < length)
            {
                final int blockStart = random.nextInt(length);
                for (int j = 0; j < blockLength && filled < length; j++, filled++)
                {
                    multiplicities[start + (blockStart + j) % length]++;
                }
            }
        }
    }

    private static void checkPercentile(final double percentile)
    {
        if (!(percentile > 0 && percentile <= 100))
        {
            throw new IllegalArgumentException("a percentile is in (0, 100]: " + percentile);
        }
    }

    private static int blocks(final IntervalHistograms histograms, final int blockLength)
    {
        int blocks = 0;
        for (int run = 0; run < histograms.runs(); run++)
        {
            blocks += (histograms.runLength(run) + blockLength - 1) / blockLength;
        }
        return blocks;
    }

    private static double ratio(final long candidate, final long baseline)
    {
        return baseline == 0 ? (candidate == 0 ? 1 : Double.POSITIVE_INFINITY) : (double)candidate / baseline;
    }

    private int lowerIndex()
    {
        return (int)Math.round((1 - CONFIDENCE) / 2 * resamples);
    }

    private int upperIndex()
    {
        return resamples - 1 - lowerIndex();
    }

    private record Resamples(long estimate, int blockLength, long[] values)
    {
    }
}
