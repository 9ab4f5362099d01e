package io.sonde.history;

import io.sonde.api.ResultHistory;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The default name of a run's scenario: its command line without what changes from one run of the same setup
 * to the next (where results, reports, metrics and history go, labels, the baseline, credentials, a start time, and
 * how many times the setup is measured, {@code --repeat}), so that two runs typed alike compare as one scenario, and a
 * build measured several times is judged against the same setup measured once.
 */
final class ScenarioName
{
    private static final Set<String> WITH_VALUE = Set.of("--out", "--history", "--label", "--baseline",
        "--scenario-name", "--credentials", "--regression-tolerance", "--start-at", "--junit", "--metrics-port",
        "--metrics-host", "--hiccups", "--repeat");
    private static final Set<String> FLAGS = Set.of(ResultHistory.NO_HISTORY_FLAG);

    private ScenarioName()
    {
    }

    /**
     * @param kind        {@code run} or {@code sweep}.
     * @param commandLine the arguments as typed, with or without the command's name first.
     */
    static String of(final String kind, final List<String> commandLine)
    {
        final List<String> kept = new ArrayList<>(List.of(kind));
        final int first = !commandLine.isEmpty() && commandLine.get(0).equals(kind) ? 1 : 0;
        for (int i = first; i < commandLine.size(); i++)
        {
            final String argument = commandLine.get(i);
            final String name = argument.contains("=") ? argument.substring(0, argument.indexOf('=')) : argument;
            if (WITH_VALUE.contains(name))
            {
                i += argument.contains("=") ? 0 : 1;
            }
            else if (!FLAGS.contains(name))
            {
                kept.add(argument);
            }
        }
        return String.join(" ", kept);
    }
}
