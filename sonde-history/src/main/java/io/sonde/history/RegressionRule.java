package io.sonde.history;

import io.sonde.loadgen.confidence.BlockBootstrap;
import io.sonde.loadgen.confidence.IntervalHistograms;
import io.sonde.loadgen.confidence.RatioInterval;

import java.util.List;
import java.util.Locale;

/**
 * How much slower than its baseline a percentile may be before it counts as a regression
 * (docs/regression-gate.md). The limit is {@code 1 + max(tolerance, 2 × spread) + floor}, where {@code spread} is
 * the percentile's own range across the baseline's recent runs ({@code (max − min) / median}), or 0 when the new
 * result was measured several times, its runs' variation then being in its interval; and {@code floor} is how much
 * more the host stalled during the new run than during the baseline (the hiccup meter's value at the same
 * percentile, new minus baseline, over the baseline's value), never negative.
 * <p>
 * The ratio new ÷ baseline is judged by its 95 % interval from the block bootstrap of both runs' interval histograms:
 * a regression when the whole interval lies above the limit, inconclusive when it holds the limit, a pass when it
 * lies below. Without an interval (too few samples for the percentile, a run recorded without its interval log)
 * the ratio alone is judged against the limit, as before intervals, and the verdict says why.
 */
final class RegressionRule
{
    /**
     * How many of the baseline scenario's latest runs, the baseline included, measure its noise.
     */
    static final int RECENT_RUNS = 5;

    /**
     * How many times its usual spread a percentile may move before it is called a regression.
     */
    static final double NOISE_FACTOR = 2.0;

    /**
     * The longest run, in times the new one, the gate suggests to settle an inconclusive verdict; beyond it the
     * ratio sits at the limit.
     */
    static final int LONGEST_SUGGESTED = 20;

    private static final double NANOS_PER_MICRO = 1000.0;
    private static final double ROUNDING = 1e-9;
    private static final BlockBootstrap BOOTSTRAP = new BlockBootstrap();

    private RegressionRule()
    {
    }

    /**
     * @param recent the percentile in the baseline's recent runs (the baseline's included); one value: no spread.
     * @return {@code (max − min) / median}, 0 for fewer than two runs.
     */
    static double spread(final List<Double> recent)
    {
        if (recent.size() < 2)
        {
            return 0;
        }
        final List<Double> sorted = recent.stream().sorted().toList();
        final int middle = sorted.size() / 2;
        final double median = sorted.size() % 2 == 1 ? sorted.get(middle) :
            (sorted.get(middle - 1) + sorted.get(middle)) / 2;
        return median <= 0 ? 0 : (sorted.get(sorted.size() - 1) - sorted.get(0)) / median;
    }

    /**
     * @return the host's extra stall in the new run, as a fraction of the baseline's value; 0 when it stalled less.
     */
    static double floor(final double baselineMicros, final double baselineHiccupMicros, final double newHiccupMicros)
    {
        return baselineMicros <= 0 ? 0 : Math.max(0, newHiccupMicros - baselineHiccupMicros) / baselineMicros;
    }

    static double allowedRatio(final double tolerance, final double spread, final double floor)
    {
        return 1 + Math.max(tolerance, NOISE_FACTOR * spread) + floor;
    }

    /**
     * Judge a percentile by the interval of its ratio; when either run cannot support the percentile, by the ratio
     * alone, saying what the samples lack.
     *
     * @param baseline  the baseline step's measured intervals of the series, nanoseconds.
     * @param candidate the new step's, one run or several pooled.
     * @param label     the percentile as the objective names it, e.g. {@code p99} or {@code tick.p99}.
     */
    static PercentileVerdict byInterval(
        final String step,
        final String label,
        final double percentile,
        final IntervalHistograms baseline,
        final IntervalHistograms candidate,
        final double spread,
        final double floor,
        final double allowedRatio)
    {
        final RatioInterval ratio = BOOTSTRAP.ratio(baseline, candidate, percentile);
        final double baselineMicros = ratio.baseline().estimate() / NANOS_PER_MICRO;
        final double newMicros = ratio.candidate().estimate() / NANOS_PER_MICRO;
        if (!ratio.supported())
        {
            return PercentileVerdict.byRatio(step, label, baselineMicros, newMicros, spread, floor, allowedRatio,
                shortfall(ratio) + ": no interval, judged by the ratio alone");
        }
        final PercentileVerdict.Outcome verdict = ratio.above(allowedRatio) ? PercentileVerdict.Outcome.REGRESSION :
            ratio.straddles(allowedRatio) ? PercentileVerdict.Outcome.INCONCLUSIVE : PercentileVerdict.Outcome.PASS;
        return new PercentileVerdict(step, label, baselineMicros, newMicros, ratio.estimate(), ratio.lower(),
            ratio.upper(), spread, floor, allowedRatio, verdict, verdict != PercentileVerdict.Outcome.REGRESSION,
            verdict == PercentileVerdict.Outcome.INCONCLUSIVE ? settling(ratio, allowedRatio) : "");
    }

    /**
     * What would settle an inconclusive verdict: an interval narrows as the square root of the samples it stands
     * on, so the interval clears the limit, if the ratio stays where it is, in a run about
     * {@code (half-width / distance to the limit)²} times as long, or as many runs pooled.
     *
     * @return e.g. {@code the interval holds the limit; a run about 3× as long, or --repeat 3, would likely settle it}.
     */
    static String settling(final RatioInterval ratio, final double allowedRatio)
    {
        final double halfWidth = ratio.estimate() > allowedRatio ? ratio.estimate() - ratio.lower() :
            ratio.upper() - ratio.estimate();
        final double distance = Math.abs(ratio.estimate() - allowedRatio);
        final double longer = distance > 0 ? Math.pow(halfWidth / distance, 2) : Double.POSITIVE_INFINITY;
        final String holds = String.format(Locale.ROOT, "%.2f–%.2fx holds the limit %.2fx", ratio.lower(),
            ratio.upper(), allowedRatio);
        if (longer > LONGEST_SUGGESTED)
        {
            return holds + "; the ratio sits at the limit: only a run over " + LONGEST_SUGGESTED + "× as long, or " +
                "--repeat with more runs, could settle it";
        }
        final long times = Math.max(2, (long)Math.ceil(longer - ROUNDING));
        return holds + "; a run about " + times + "× as long, or --repeat " + times + ", would likely settle it";
    }

    /**
     * @return what the run that cannot support the percentile lacks, e.g. {@code new p99.99: 5,000 samples, needs
     *         ≥ 100,000}.
     */
    private static String shortfall(final RatioInterval ratio)
    {
        return ratio.candidate().supported() ? "baseline " + ratio.baseline().shortfall() :
            "new " + ratio.candidate().shortfall();
    }
}
