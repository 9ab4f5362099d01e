package io.sonde.report;

import io.sonde.api.StepProbability;
import io.sonde.api.SweepReport;

import java.util.Locale;
import java.util.Optional;

/**
 * A sweep's knee in words, with how likely each step was to meet its objectives: what the terminal's sweep table and
 * {@code report.html}'s sweep section both say. A sweep written before probabilities says what it said then, its
 * probabilities absent ({@code -}): its knee was found by the rule of its day, and a report does not judge it anew.
 */
final class KneeText
{
    /** The knee rule in words. */
    static final String RULE = "The knee is the highest rate, below the first step that missed, whose step kept " +
        "its rate, passed its checks and met its latency objectives with at least 95 % probability: in at least " +
        "95 % of a seeded block bootstrap's resamples of the step's own interval log. A step met by its own figures " +
        "but less surely is not the knee, and does not stop the sweep.";

    private KneeText()
    {
    }

    /**
     * @return the probability as a whole percentage, rounded down so that it reads 95 % or more exactly when it is
     *         at least {@link StepProbability#KNEE_PROBABILITY}, e.g. {@code 62 %}; {@code -} when not measured.
     */
    static String percent(final Optional<StepProbability> probability)
    {
        return probability.map(odds -> String.format(Locale.ROOT, "%d %%",
            (long)Math.floor(odds.probability() * 100 + 1e-9))).orElse("-");
    }

    /**
     * @return whether any step of the sweep says how likely it was to meet its objectives.
     */
    static boolean measured(final SweepReport sweep)
    {
        return sweep.steps().stream().anyMatch(step -> step.meetsObjectives().isPresent());
    }

    /**
     * @return the objectives the steps' probabilities cover, as {@code p99=50.0ms}; empty when no step has one.
     */
    static Optional<String> covered(final SweepReport sweep)
    {
        return sweep.steps().stream().flatMap(step -> step.meetsObjectives().stream()).findFirst()
            .map(odds -> String.join(",", odds.objectives()));
    }

    /**
     * @return the knee (or the largest size met) in a sentence, with how likely it and the step above it were to
     *         meet the objectives and why the sweep stopped.
     */
    static String line(final SweepReport sweep)
    {
        final String slo = String.join(",", sweep.slo());
        final boolean sizes = sweep.largestSizeMet().isPresent() || sweep.steps().get(0).messageSize().isPresent();
        if (!measured(sweep))
        {
            return sizes ? unmeasuredSizes(sweep, slo) : unmeasuredRates(sweep, slo);
        }
        final int aboveKnee = sweep.aboveKnee().map(sweep.steps()::indexOf).orElse(sweep.steps().size());
        final boolean found = sizes ? sweep.largestSizeMet().isPresent() : sweep.knee().isPresent();
        final Optional<SweepReport.Step> knee =
            found ? Optional.of(sweep.steps().get(aboveKnee - 1)) : Optional.empty();
        final String met = slo + " with ≥ 95 % probability";
        final String head;
        if (knee.isEmpty())
        {
            head = sizes ? "No message size met " + met : "No knee: not even the first step met " + met;
        }
        else if (sizes)
        {
            head = String.format(Locale.ROOT, "Largest message size that kept the rate and met %s: %d bytes, with " +
                "≥ 95 %% probability (%s)", slo, sweep.largestSizeMet().getAsInt(),
                percent(knee.get().meetsObjectives()));
        }
        else
        {
            head = String.format(Locale.ROOT, "Knee: %.0f/s (%s), the highest rate that kept its rate and met %s",
                sweep.knee().getAsDouble(), percent(knee.get().meetsObjectives()), met);
        }
        return head + above(sweep, sizes) + ".";
    }

    /**
     * @return how likely the step above the knee was to meet the objectives and how it was judged, and why the sweep
     *         stopped where that is not the step above.
     */
    private static String above(final SweepReport sweep, final boolean sizes)
    {
        final Optional<SweepReport.Step> above = sweep.aboveKnee();
        if (above.isEmpty())
        {
            return sweep.stopReason().map(reason -> "; stopped: " + reason.label())
                .orElse(sizes ? "" : " (every planned rate met: the knee is higher)");
        }
        final SweepReport.Step step = above.get();
        final String next = String.format(Locale.ROOT, "; %s: %s (%s)", step.messageSize().isPresent() ?
            step.messageSize().getAsInt() + " bytes" : String.format(Locale.ROOT, "%.0f/s", step.rate()),
            percent(step.meetsObjectives()), step.stepVerdict().label());
        final boolean stoppedThere = sweep.steps().indexOf(step) == sweep.steps().size() - 1;
        return next + (stoppedThere ? "" : sweep.stopReason().map(reason -> "; stopped: " + reason.label()).orElse(""));
    }

    private static String unmeasuredSizes(final SweepReport sweep, final String slo)
    {
        return sweep.largestSizeMet().isEmpty() ? "No message size met " + slo + "." :
            String.format(Locale.ROOT, "Largest message size that kept the rate and met %s: %d bytes.",
                slo, sweep.largestSizeMet().getAsInt());
    }

    private static String unmeasuredRates(final SweepReport sweep, final String slo)
    {
        return sweep.knee().isEmpty() ?
            "No knee: not even the first step met " + slo + "." :
            String.format(Locale.ROOT, "Knee: %.0f/s, the highest rate that kept its rate and met %s%s.",
                sweep.knee().getAsDouble(), slo, sweep.stopReason().isEmpty() ?
                " (every planned rate met: the knee is higher)" :
                "; stopped at the next step: " + sweep.stopReason().get().label());
    }
}
