package io.sonde.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * How a sweep judged one step, as {@code sweep.json} writes it ({@code MET}) and its {@code stopReason} and the
 * reports spell it ({@code met}). Anything but {@link #MET} ends the sweep (unless it was told not to stop).
 */
public enum StepVerdict
{
    /** The target rate was sent and every objective held. */
    MET,
    /** Sonde could not keep its own schedule: says nothing about the system under test, never its knee. */
    GENERATOR_LIMITED,
    /** Less than the tolerated share of the target rate was sent. */
    RATE_MISSED,
    /** The rate was sent but an objective, or the error rate, failed. */
    SLO_BREACHED,
    /** A stop (Ctrl-C, SIGTERM) ended the step before its measured window did: neither met nor missed. */
    CUT_SHORT;

    /**
     * @return as {@code sweep.json}'s {@code stopReason} and the reports spell it, e.g. {@code slo-breached}.
     */
    public String label()
    {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * @param text a step's {@code verdict} ({@code SLO_BREACHED}) or the sweep's {@code stopReason}
     *             ({@code slo-breached}).
     * @throws IllegalArgumentException naming the file and the verdicts there are.
     */
    static StepVerdict read(final String text, final Path file)
    {
        for (final StepVerdict verdict : values())
        {
            if (verdict.name().equals(text) || verdict.label().equals(text))
            {
                return verdict;
            }
        }
        throw new IllegalArgumentException(file + " has a step verdict '" + text + "', none of " +
            List.of(values()));
    }
}
