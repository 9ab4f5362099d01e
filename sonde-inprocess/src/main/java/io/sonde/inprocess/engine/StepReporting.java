package io.sonde.inprocess.engine;

import io.sonde.loadgen.runner.IntervalListener;

import java.io.PrintWriter;
import java.util.List;

/**
 * Where a step's progress goes, what the step is called, and what may stop it early.
 *
 * @param console     progress lines and announcements.
 * @param label       the progress lines' prefix, e.g. {@code [run]}.
 * @param checkLabel  prefixes the name of each check of the step: a sweep step's, or empty for a run.
 * @param commandLine the command as typed, for the run metadata; empty from the API.
 * @param live        told of every interval too: a live metrics endpoint, or {@link IntervalListener#NONE}.
 * @param stop        a stop requested from another thread (Ctrl-C, SIGTERM) cuts the step short.
 */
public record StepReporting(
    PrintWriter console,
    String label,
    String checkLabel,
    List<String> commandLine,
    IntervalListener live,
    StopSignal stop)
{
}
