package io.sonde.loadgen.runner;

/**
 * A part of a run's measured window, in seconds from its start: e.g. an interval during which this JVM's JIT
 * compiler was busy.
 *
 * @param fromSeconds where it starts.
 * @param toSeconds   where it ends.
 */
public record MeasuredSpan(double fromSeconds, double toSeconds)
{
    public double seconds()
    {
        return toSeconds - fromSeconds;
    }
}
