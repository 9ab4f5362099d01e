package io.sonde.api;

import io.sonde.loadgen.schedule.RateStage;
import io.sonde.loadgen.time.Durations;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --stages}: flat steps and linear ramps of rate, played one after another, e.g.
 * {@code 1k:10s,1k-5k:20s,5k:10s,0:5s} is 1k/s for 10 s, a ramp from 1k/s to 5k/s over 20 s, 5k/s for 10 s, then
 * a 5 s pause. Together they last the measured duration.
 */
public final class RateStages
{

    private RateStages()
    {
    }

    /**
     * @throws IllegalArgumentException naming the stage that cannot be read.
     */
    public static List<RateStage> parse(final String text)
    {
        final List<RateStage> stages = new ArrayList<>();
        for (final String part : text.split(","))
        {
            final String stage = part.trim();
            final int colon = stage.lastIndexOf(':');
            if (colon <= 0)
            {
                throw new IllegalArgumentException("--stages: '" + stage + "' is not RATE:DURATION or " +
                    "FROM-TO:DURATION (e.g. 1k:10s or 1k-5k:20s)");
            }
            final String rates = stage.substring(0, colon);
            final int dash = rates.indexOf('-');
            final double from = rate(dash < 0 ? rates : rates.substring(0, dash), stage);
            final double to = dash < 0 ? from : rate(rates.substring(dash + 1), stage);
            final Duration duration = duration(stage.substring(colon + 1), stage);
            stages.add(new RateStage(from, to, duration.toNanos()));
        }
        if (meanRate(stages) == 0)
        {
            throw new IllegalArgumentException("--stages '" + text + "' offer no orders at all");
        }
        return stages;
    }

    public static Duration total(final List<RateStage> stages)
    {
        long nanos = 0;
        for (final RateStage stage : stages)
        {
            nanos += stage.durationNanos();
        }
        return Duration.ofNanos(nanos);
    }

    /**
     * @return the mean rate over all the stages.
     */
    public static double meanRate(final List<RateStage> stages)
    {
        double requests = 0;
        for (final RateStage stage : stages)
        {
            requests += (stage.fromRatePerSecond() + stage.toRatePerSecond()) / 2 * stage.durationNanos() / 1e9;
        }
        return requests / (total(stages).toNanos() / 1e9);
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
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("--stages: '" + stage + "': " + ex.getMessage());
        }
    }

    private static Duration duration(final String text, final String stage)
    {
        try
        {
            return Durations.parsePositive(text.trim());
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("--stages: '" + stage + "': " + ex.getMessage());
        }
    }
}
