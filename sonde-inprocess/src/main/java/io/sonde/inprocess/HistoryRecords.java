package io.sonde.inprocess;

import io.sonde.api.Check;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.ResultHistory;
import io.sonde.api.Slo;
import io.sonde.history.BaselineChoice;
import io.sonde.history.HistoryException;
import io.sonde.history.HistoryLocation;
import io.sonde.history.ResultRecording;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * A result into the history {@link io.sonde.api.RunOptions.Builder#history} names, judged by its regression gate
 * first: the same recording {@code sonde run} and {@code sonde sweep} do, since they ask through the same options.
 */
final class HistoryRecords
{
    private HistoryRecords()
    {
    }

    /**
     * Check, before anything runs, that the baseline reads.
     *
     * @throws InvalidOptionException when it does not.
     */
    static void check(final ResultHistory history)
    {
        baseline(history);
    }

    /**
     * Record the result in {@code folder} and, with a baseline, judge it first so that the verdict is recorded too.
     *
     * @param objectives the objectives: the percentiles the gate compares.
     * @return the gate's checks; none without a baseline or when {@code last} found nothing to compare.
     * @throws HistoryException when a history that was named cannot be used, or the baseline is not in it.
     */
    static List<Check> record(
        final ResultHistory history, final PrintWriter console, final Path folder, final List<Slo> objectives)
    {
        final HistoryLocation location = HistoryLocation.resolve(history.location().orElse(null));
        final BaselineChoice baseline = baseline(history);
        try
        {
            return new ResultRecording(location, history.labels(), history.scenario().orElse(null), baseline,
                history.tolerancePercent() / 100).record(console, folder, objectives);
        }
        catch (final HistoryException ex)
        {
            if (!location.implicit() || baseline != null)
            {
                throw ex;
            }
            // Nobody asked for this history: a home folder that cannot hold it must not fail a run whose results
            // are already saved.
            console.println("Not recorded in the history: " + ex.getMessage() + " (--history names another, " +
                "--no-history skips it)");
            return List.of();
        }
    }

    private static BaselineChoice baseline(final ResultHistory history)
    {
        try
        {
            return history.baseline().map(BaselineChoice::parse).orElse(null);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new InvalidOptionException(ex.getMessage(), ex);
        }
    }
}
