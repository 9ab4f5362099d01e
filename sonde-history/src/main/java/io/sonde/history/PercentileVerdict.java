package io.sonde.history;

/**
 * The regression gate's verdict on one percentile of one step's corrected latency (or order-to-tick, or a fault's
 * recovery), with every term of its rule (docs/regression-gate.md).
 *
 * @param step           the step's folder ({@code ""} for a run).
 * @param percentile     e.g. {@code p99}.
 * @param baselineMicros the baseline's value.
 * @param newMicros      the new run's value (of its runs pooled, when it was measured several times).
 * @param ratio          new ÷ baseline.
 * @param ratioLower     the lower end of the ratio's 95 % interval; null when it was judged without one.
 * @param ratioUpper     the upper end of the ratio's 95 % interval; null when it was judged without one.
 * @param spread         the percentile's spread across the baseline's recent runs; 0 when the new result's own
 *                       runs measured the variation between runs instead.
 * @param floor          the host's extra stall in the new run, as a fraction of the baseline's value.
 * @param allowedRatio   the limit: {@code 1 + max(tolerance, 2 × spread) + floor}.
 * @param verdict        how it came out.
 * @param passed         whether it did not regress: a pass, or an inconclusive verdict, which is a warning.
 * @param note           why it was judged without an interval (too few samples for the percentile, a baseline
 *                       recorded without its {@code run.hlog}), or what would settle an inconclusive verdict;
 *                       empty otherwise.
 */
public record PercentileVerdict(
    String step,
    String percentile,
    double baselineMicros,
    double newMicros,
    double ratio,
    Double ratioLower,
    Double ratioUpper,
    double spread,
    double floor,
    double allowedRatio,
    Outcome verdict,
    boolean passed,
    String note)
{
    /**
     * How a percentile came out against its baseline.
     */
    public enum Outcome
    {
        /** The ratio's whole interval lies at or below the limit (or, without an interval, the ratio does). */
        PASS("pass"),
        /** The ratio's interval holds the limit: the noise of the two runs hides whether it regressed. */
        INCONCLUSIVE("inconclusive"),
        /** The ratio's whole interval lies above the limit (or, without an interval, the ratio does). */
        REGRESSION("REGRESSION");

        private final String printed;

        Outcome(final String printed)
        {
            this.printed = printed;
        }

        /**
         * @return as the gate's table prints it.
         */
        public String printed()
        {
            return printed;
        }
    }

    /**
     * A verdict on the ratio alone, as before intervals: a regression when it lies above the limit.
     *
     * @param note why it was judged without an interval.
     */
    static PercentileVerdict byRatio(
        final String step,
        final String percentile,
        final double baselineMicros,
        final double newMicros,
        final double spread,
        final double floor,
        final double allowedRatio,
        final String note)
    {
        final double ratio = baselineMicros > 0 ? newMicros / baselineMicros :
            newMicros > 0 ? Double.POSITIVE_INFINITY : 1;
        final Outcome verdict = ratio <= allowedRatio ? Outcome.PASS : Outcome.REGRESSION;
        return new PercentileVerdict(step, percentile, baselineMicros, newMicros, ratio, null, null, spread, floor,
            allowedRatio, verdict, verdict != Outcome.REGRESSION, note);
    }

    /**
     * @return whether the verdict was read from the ratio's interval.
     */
    public boolean hasInterval()
    {
        return ratioLower != null && ratioUpper != null;
    }
}
