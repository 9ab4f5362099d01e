package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * A part of a run's measured window, in seconds from its start: e.g. an interval during which the JIT compiler was
 * busy (one entry of {@code summary.json}'s {@code compilerBusy}, written and read as it is).
 *
 * @param fromSeconds where it starts.
 * @param toSeconds   where it ends.
 */
@JsonPropertyOrder({ "fromSeconds", "toSeconds" })
public record MeasuredSpan(double fromSeconds, double toSeconds)
{
    /**
     * @return its length, seconds.
     */
    public double seconds()
    {
        return toSeconds - fromSeconds;
    }
}
