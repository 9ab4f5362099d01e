package io.sonde.loadgen.confidence;

/**
 * How likely a run (e.g. a sweep step) is to meet several objectives on one series at once: the share of the
 * bootstrap's resamples that are within every objective's limit ({@link BlockBootstrap#probabilityWithinAll}).
 *
 * @param probability the share of resamples within every limit, in [0, 1].
 * @param shortfall   what the samples or blocks lack for any of the percentiles, e.g.
 *                    {@code p99.99: 5,000 samples, needs ≥ 100,000}, several joined by {@code "; "}; empty when
 *                    every percentile is supported. With a shortfall the share stands on too few samples to mean
 *                    much.
 */
public record JointProbability(double probability, String shortfall)
{
    /**
     * @return true when every percentile is supported, so the probability means something.
     */
    public boolean supported()
    {
        return shortfall.isEmpty();
    }
}
