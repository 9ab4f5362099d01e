package io.sonde.loadgen.schedule;

import java.util.List;

/**
 * A sequence of {@link RateStage}s: flat steps, linear ramps and pauses, played back to back.
 * <p>
 * Within a stage the k-th request is intended at the instant the cumulative offered count reaches k,
 * i.e. the root of {@code r0*t + (r1 - r0) * t^2 / (2 * D) = k}. The schedule ends after the last stage.
 */
public final class StepSchedule implements Schedule
{
    private final RateStage[] stages;
    private final double meanRatePerSecond;
    private long stageStartNanos;
    private int stageIndex;
    private long indexInStage;

    public StepSchedule(final List<RateStage> stages)
    {
        if (stages.isEmpty())
        {
            throw new IllegalArgumentException("a step schedule needs at least one stage");
        }
        this.stages = stages.toArray(new RateStage[0]);

        double requests = 0;
        long nanos = 0;
        for (final RateStage stage : this.stages)
        {
            requests += stage.expectedRequests();
            nanos += stage.durationNanos();
        }
        this.meanRatePerSecond = requests * Rates.NANOS_PER_SECOND / nanos;
    }

    public void start(final long startNanos)
    {
        stageStartNanos = startNanos;
        stageIndex = 0;
        indexInStage = 0;
    }

    public long nextIntendedNanos()
    {
        while (stageIndex < stages.length)
        {
            final RateStage stage = stages[stageIndex];
            final double offsetSeconds = offsetOfRequest(stage, indexInStage);
            final double offsetNanos = offsetSeconds * Rates.NANOS_PER_SECOND;
            if (offsetNanos < stage.durationNanos())
            {
                indexInStage++;
                return stageStartNanos + (long)offsetNanos;
            }

            stageStartNanos += stage.durationNanos();
            stageIndex++;
            indexInStage = 0;
        }

        return END;
    }

    public double meanRatePerSecond()
    {
        return meanRatePerSecond;
    }

    /**
     * Seconds into the stage at which request {@code k} is due; infinite when the stage offers no load.
     * Uses the cancellation-free form of the quadratic root so a flat stage is exactly {@code k / r}.
     */
    private static double offsetOfRequest(final RateStage stage, final long k)
    {
        final double r0 = stage.fromRatePerSecond();
        final double slope = (stage.toRatePerSecond() - r0) / (stage.durationNanos() / Rates.NANOS_PER_SECOND);
        if (k == 0)
        {
            return r0 > 0 || slope > 0 ? 0 : Double.POSITIVE_INFINITY;
        }

        final double discriminant = r0 * r0 + 2.0 * slope * k;
        if (discriminant < 0)
        {
            return Double.POSITIVE_INFINITY;
        }
        final double denominator = r0 + Math.sqrt(discriminant);
        return denominator > 0 ? 2.0 * k / denominator : Double.POSITIVE_INFINITY;
    }

    public String toString()
    {
        return "steps(" + stages.length + " stages, mean " + meanRatePerSecond + "/s)";
    }
}
