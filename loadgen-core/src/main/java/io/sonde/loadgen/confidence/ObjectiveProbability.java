package io.sonde.loadgen.confidence;

/**
 * How likely a run (e.g. a sweep step) is to meet an objective on a percentile: the share of the bootstrap's
 * resamples whose value at the percentile is at or below the objective's limit. A knee is a step that meets its
 * objective with at least 95 % probability.
 *
 * @param percentile  in (0, 100].
 * @param limit       the objective's limit, in the histograms' unit.
 * @param probability the share of resamples at or below the limit, in [0, 1].
 * @param interval    the percentile's own interval, whose {@link PercentileInterval#supported()} says whether the
 *                    probability means anything.
 */
public record ObjectiveProbability(double percentile, long limit, double probability, PercentileInterval interval)
{
}
