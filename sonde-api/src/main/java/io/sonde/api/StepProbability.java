package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;
import java.util.Optional;

/**
 * How likely a sweep step was to meet its latency objectives on the corrected latency: the share of a seeded block
 * bootstrap's resamples of the step's own interval logs (its runs pooled) that are within every such objective at
 * once, as {@code sweep.json}'s {@code meetsObjectives} writes it ({@code docs/measuring.md}). The same folder gives
 * the same share. Objectives on other series ({@code tick.}, {@code fault.}, {@code recovery}) and the step's other
 * checks (errors, the rate kept) are judged by the step's own figures alone.
 *
 * @param probability the share of resamples within every objective, 0 to 1.
 * @param objectives  the objectives it covers, as {@code p99=50.0ms}.
 * @param resamples   how many resamples it is the share of.
 * @param shortfall   what the step's samples lack for an objective's percentile, e.g.
 *                    {@code p99: 600 samples, needs ≥ 1,000}: the share then stands on too few samples to mean much;
 *                    empty when they suffice.
 */
@JsonPropertyOrder({ "probability", "objectives", "resamples", "shortfall" })
public record StepProbability(
    @JsonProperty("probability") double probability,
    @JsonProperty("objectives") List<String> objectives,
    @JsonProperty("resamples") int resamples,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty("shortfall") String shortfall)
{
    /**
     * How likely a step must be to meet its latency objectives for it to be a sweep's knee.
     */
    public static final double KNEE_PROBABILITY = 0.95;

    /**
     * @throws IllegalArgumentException for a probability outside [0, 1].
     */
    public StepProbability
    {
        if (!(probability >= 0 && probability <= 1))
        {
            throw new IllegalArgumentException("a probability is in [0, 1]: " + probability);
        }
        objectives = objectives == null ? List.of() : List.copyOf(objectives);
        shortfall = shortfall == null ? "" : shortfall;
    }

    /**
     * @return whether the step met its objectives with at least {@link #KNEE_PROBABILITY} probability.
     */
    public boolean likely()
    {
        return probability >= KNEE_PROBABILITY;
    }

    /**
     * @return true when the samples support every objective's percentile.
     */
    public boolean supported()
    {
        return shortfall.isEmpty();
    }

    /**
     * The knee rule: a step can be a sweep's knee when it kept its rate and passed its checks, and met its latency
     * objectives with at least {@link #KNEE_PROBABILITY} probability where that was measured.
     *
     * @param verdict     how the sweep judged the step on its own figures.
     * @param probability how likely it was to meet its latency objectives; empty when not measured.
     * @return whether it can be the knee.
     */
    public static boolean kneeWorthy(final StepVerdict verdict, final Optional<StepProbability> probability)
    {
        return verdict == StepVerdict.MET && probability.map(StepProbability::likely).orElse(true);
    }
}
