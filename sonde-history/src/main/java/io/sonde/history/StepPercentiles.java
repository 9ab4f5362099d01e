package io.sonde.history;

import io.sonde.api.Percentiles;

import java.util.Map;

/**
 * The percentiles of every series of one measured step, as a trend or a regression gate queries them without
 * reading the histograms again.
 *
 * @param step   the step's folder within the result ({@code ""} for a run, e.g. {@code step-01-500} in a sweep).
 * @param rate   the step's target rate, lifecycles per second.
 * @param series by series name: {@code corrected}, {@code uncorrected}, {@code lateness}, {@code hiccup}, and
 *               per stage e.g. {@code new-ack.corrected}; microseconds.
 */
public record StepPercentiles(String step, double rate, Map<String, Percentiles> series)
{
    public static final String CORRECTED = "corrected";
    public static final String HICCUP = "hiccup";

    /**
     * @return the series' percentiles, or null when the step has no such series.
     */
    public Percentiles get(final String name)
    {
        return series.get(name);
    }
}
