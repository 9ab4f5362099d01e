package io.sonde.inprocess.run;

import io.sonde.loadgen.runner.IntervalListener;

import java.util.List;

/**
 * Where a step's progress goes, what the step is called, and what may stop it early.
 *
 * @param console     progress lines and announcements, shown as the run's options ask.
 * @param label       the progress lines' prefix, e.g. {@code [run]}.
 * @param checkLabel  prefixes the name of each check of the step: a sweep step's, or empty for a run.
 * @param commandLine the command as typed, for the run metadata; empty from the API.
 * @param live        told of every interval too: a live metrics endpoint, or {@link IntervalListener#NONE}.
 * @param stop        a stop requested from another thread (Ctrl-C, SIGTERM) cuts the step short.
 * @param phase       what the progress lines call the step's measured intervals: {@code measure}, or
 *                    {@code warm-up} for a step that only warms the path and whose results are not kept.
 */
public record StepReporting(
    ProgressConsole console,
    String label,
    String checkLabel,
    List<String> commandLine,
    IntervalListener live,
    StopSignal stop,
    String phase)
{
    /** What the progress lines call a measured interval. */
    public static final String MEASURE = "measure";

    /**
     * A step whose measured intervals are measured.
     */
    public StepReporting(
        final ProgressConsole console,
        final String label,
        final String checkLabel,
        final List<String> commandLine,
        final IntervalListener live,
        final StopSignal stop)
    {
        this(console, label, checkLabel, commandLine, live, stop, MEASURE);
    }
}
