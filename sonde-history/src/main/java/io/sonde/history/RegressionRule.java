package io.sonde.history;

import java.util.List;

/**
 * How much slower than its baseline a percentile may be before it counts as a regression
 * (docs/regression-gate.md): the allowed ratio is {@code 1 + max(tolerance, 2 × spread) + floor}, where
 * {@code spread} is the percentile's own range across the baseline's recent runs ({@code (max − min) / median})
 * and {@code floor} is how much more the host stalled during the new run than during the baseline (the hiccup
 * meter's value at the same percentile, new minus baseline, over the baseline's value), never negative.
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
}
