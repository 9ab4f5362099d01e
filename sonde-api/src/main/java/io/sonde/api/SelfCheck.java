package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;

/**
 * {@code sonde calibrate}'s self-check of the measurement on this host: Sonde's FIX client drove the reference
 * acceptor stalled as {@link #stall} says, at {@link #rate}, and the corrected percentiles it measured are set
 * against the ones the stall makes, which are known from the schedule and the stall alone (derived in
 * {@code docs/measuring.md}). A host whose measured p99, p99.9 or maximum is further than {@link #tolerance} from
 * the truth is one whose figures are not to be believed ({@link #passed} false); {@link #host} names it. Times are
 * in microseconds, as in {@link FloorReport}.
 *
 * @param stall     the acceptor's stall, e.g. {@code 50ms/1s}.
 * @param rate      orders per second, a constant rate.
 * @param window    the most orders in flight at once: the ones due while that many wait are sent late, which
 *                  only a measurement from the intended start counts.
 * @param host      the host's name.
 * @param series    the series judged: {@code corrected}, unless the check was broken on purpose.
 * @param measured  what the judged series came to.
 * @param base      the latency an order pays without meeting a stall: the measured median.
 * @param hiccupMax the longest stall of Sonde's own process while the check ran (its hiccup meter): a host that
 *                  held the process off for more than the tolerance's worth of p99 explains a failed check.
 * @param figures   p99, p99.9 and the maximum, each set against its truth.
 * @param tolerance the largest relative difference a host may show and be believed, e.g. 0.05.
 * @param passed    whether every figure lies within the tolerance of its truth.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({ "stall", "rate", "window", "host", "series", "measured", "base", "hiccupMax", "figures",
    "tolerance", "passed" })
public record SelfCheck(
    String stall,
    double rate,
    int window,
    String host,
    String series,
    Percentiles measured,
    double base,
    double hiccupMax,
    List<Figure> figures,
    double tolerance,
    boolean passed)
{
    /**
     * No figures is an empty list, never null.
     */
    public SelfCheck
    {
        figures = figures == null ? List.of() : List.copyOf(figures);
    }

    /**
     * One percentile of the self-check, measured and true.
     *
     * @param percentile  {@code p99}, {@code p99.9} or {@code max}.
     * @param truth       what the stall makes it: the stall's added latency there, plus {@link SelfCheck#base}.
     * @param measured    what was measured.
     * @param error       (measured − truth) ÷ truth.
     * @param lower       the lower end of the measured value's 95 % interval; null when it has none.
     * @param upper       the upper end of that interval; null when it has none.
     * @param truthInside whether the truth lies within the interval; null when there is none.
     * @param shortfall   why there is no interval (too few samples or blocks, or the maximum); empty when there is.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonPropertyOrder({ "percentile", "truth", "measured", "error", "lower", "upper", "truthInside", "shortfall" })
    public record Figure(
        String percentile,
        double truth,
        double measured,
        double error,
        Double lower,
        Double upper,
        Boolean truthInside,
        String shortfall)
    {
        /**
         * @return whether the measured value lies within {@code tolerance} of the truth.
         */
        public boolean within(final double tolerance)
        {
            return Math.abs(error) <= tolerance;
        }
    }
}
