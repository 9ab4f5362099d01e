package io.sonde.loadgen.confidence;

/**
 * The ratio candidate ÷ baseline at one percentile, with its 95 % confidence interval from resampling both runs
 * independently: what a regression gate judges. A ratio whose whole interval lies above {@code 1 + tolerance}
 * is a regression beyond the noise of either run; one whose interval straddles it settles nothing.
 *
 * @param percentile in (0, 100].
 * @param estimate   the candidate's estimate over the baseline's.
 * @param lower      the lower end of the 95 % interval of the ratio.
 * @param upper      the upper end of the 95 % interval of the ratio.
 * @param baseline   the baseline's own interval at the percentile.
 * @param candidate  the candidate's own interval at the percentile.
 */
public record RatioInterval(
    double percentile,
    double estimate,
    double lower,
    double upper,
    PercentileInterval baseline,
    PercentileInterval candidate)
{
    /**
     * @return true when both runs support the percentile; otherwise the ratio's interval means nothing and their
     *         {@link PercentileInterval#shortfall()} says why.
     */
    public boolean supported()
    {
        return baseline.supported() && candidate.supported();
    }

    /**
     * @return true when the whole interval lies above {@code limit}, e.g. {@code 1 + tolerance}.
     */
    public boolean above(final double limit)
    {
        return lower > limit;
    }

    /**
     * @return true when the interval holds {@code limit}: neither above nor below it beyond the noise.
     */
    public boolean straddles(final double limit)
    {
        return lower <= limit && limit <= upper;
    }
}
