package io.sonde.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * {@code --stages}: flat steps and linear ramps of rate, played one after another, e.g.
 * {@code 1k:10s,1k-5k:20s,5k:10s,0:5s} is 1k/s for 10 s, a ramp from 1k/s to 5k/s over 20 s, 5k/s for 10 s, then
 * a 5 s pause. Together they last the measured duration.
 *
 * @param stages in the order they are played.
 */
public record RateStages(List<RateStage> stages)
{
    /**
     * @throws InvalidOptionException when there are no stages, or they offer no orders at all.
     */
    public RateStages
    {
        stages = List.copyOf(stages);
        if (stages.isEmpty() || stages.stream().mapToDouble(RateStage::orders).sum() == 0)
        {
            throw new InvalidOptionException("--stages '" + join(stages) + "' offer no orders at all");
        }
    }

    /**
     * @throws InvalidOptionException naming the stage that cannot be read.
     */
    public static RateStages parse(final String text)
    {
        final List<RateStage> stages = new ArrayList<>();
        for (final String part : text.split(","))
        {
            final String stage = part.trim();
            final int colon = stage.lastIndexOf(':');
            if (colon <= 0)
            {
                throw new InvalidOptionException("--stages: '" + stage + "' is not RATE:DURATION or " +
                    "FROM-TO:DURATION (e.g. 1k:10s or 1k-5k:20s)");
            }
            final String rates = stage.substring(0, colon);
            final int dash = rates.indexOf('-');
            final double from = rate(dash < 0 ? rates : rates.substring(0, dash), stage);
            final double to = dash < 0 ? from : rate(rates.substring(dash + 1), stage);
            stages.add(new RateStage(from, to, duration(stage.substring(colon + 1), stage)));
        }
        return new RateStages(stages);
    }

    /**
     * @return how long the stages last together.
     */
    public Duration total()
    {
        Duration total = Duration.ZERO;
        for (final RateStage stage : stages)
        {
            total = total.plus(stage.duration());
        }
        return total;
    }

    /**
     * @return the mean rate over all the stages.
     */
    public double meanRate()
    {
        return stages.stream().mapToDouble(RateStage::orders).sum() / (total().toNanos() / 1e9);
    }

    /**
     * @return the stages as {@code --stages} takes them.
     */
    public String toString()
    {
        return join(stages);
    }

    private static String join(final List<RateStage> stages)
    {
        final StringJoiner text = new StringJoiner(",");
        stages.forEach(stage -> text.add(stage.toString()));
        return text.toString();
    }

    private static double rate(final String text, final String stage)
    {
        if (text.trim().equals("0"))
        {
            return 0;
        }
        try
        {
            return Rates.parse(text);
        }
        catch (final InvalidOptionException ex)
        {
            throw new InvalidOptionException("--stages: '" + stage + "': " + ex.getMessage(), ex);
        }
    }

    private static Duration duration(final String text, final String stage)
    {
        try
        {
            return DurationText.parsePositive(text.trim());
        }
        catch (final IllegalArgumentException ex)
        {
            throw new InvalidOptionException("--stages: '" + stage + "': " + ex.getMessage(), ex);
        }
    }
}
