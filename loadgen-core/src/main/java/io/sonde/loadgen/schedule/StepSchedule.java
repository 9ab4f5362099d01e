package io.sonde.loadgen.schedule;

import io.sonde.api.RateStage;

import java.util.List;

/**
 * A sequence of {@link RateStage}s: flat steps, linear ramps and pauses, played back to back. The stages are copied
 * into arrays once, so drawing the next intended time reads primitives only.
 * <p>
 * Within a stage the k-th request is intended at the instant the cumulative offered count reaches k,
 * i.e. the root of {@code r0*t + (r1 - r0) * t^2 / (2 * D) = k}. The schedule ends after the last stage.
 */
public final class StepSchedule implements Schedule
{
    private final double[] fromRates;
    private final double[] toRates;
    private final long[] durationsNanos;
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
        fromRates = new double[stages.size()];
        toRates = new double[stages.size()];
        durationsNanos = new long[stages.size()];
        double requests = 0;
        long nanos = 0;
        for (int i = 0; i < stages.size(); i++)
        {
            final RateStage stage = stages.get(i);
            fromRates[i] = stage.fromRate();
            toRates[i] = stage.toRate();
            durationsNanos[i] = stage.duration().toNanos();
            requests += stage.orders();
            nanos += durationsNanos[i];
        }
        this.meanRatePerSecond = requests * ScheduleRates.NANOS_PER_SECOND / nanos;
    }

    public void start(final long startNanos)
    {
        stageStartNanos = startNanos;
        stageIndex = 0;
        indexInStage = 0;
    }

    public long nextIntendedNanos()
    {
        while (stageIndex < durationsNanos.length)
        {
            final long durationNanos = durationsNanos[stageIndex];
            final double offsetSeconds =
                offsetOfRequest(fromRates[stageIndex], toRates[stageIndex], durationNanos, indexInStage);
            final double offsetNanos = offsetSeconds * ScheduleRates.NANOS_PER_SECOND;
            if (offsetNanos < durationNanos)
            {
                indexInStage++;
                return stageStartNanos + (long)offsetNanos;
            }

            stageStartNanos += durationNanos;
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
    private static double offsetOfRequest(final double r0, final double r1, final long durationNanos, final long k)
    {
        final double slope = (r1 - r0) / (durationNanos / ScheduleRates.NANOS_PER_SECOND);
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
        return "steps(" + durationsNanos.length + " stages, mean " + meanRatePerSecond + "/s)";
    }
}
