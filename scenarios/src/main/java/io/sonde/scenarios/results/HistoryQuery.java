package io.sonde.scenarios.results;

import io.sonde.history.HistoryDatabase;
import io.sonde.history.HistoryLocation;
import io.sonde.history.HistoryRun;
import picocli.CommandLine.Option;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which recorded runs {@code sonde history list} and {@code trend} show.
 */
public final class HistoryQuery
{
    @Option(names = "--history", paramLabel = "URL", description = "The history to read: a file (SQLite) or a " +
        "JDBC URL (default: " + HistoryLocation.DEFAULT_TEXT + ").")
    private String historyUrl;

    @Option(names = "--scenario", paramLabel = "NAME", description = "Only runs of this scenario.")
    private String scenario;

    @Option(names = "--label", split = ",", paramLabel = "NAME=VALUE", description = "Only runs carrying all these " +
        "labels.")
    private Map<String, String> labels = new LinkedHashMap<>();

    @Option(names = "--limit", defaultValue = "50", description = "At most this many, the latest " +
        "(default: ${DEFAULT-VALUE}).")
    private int limit;

    HistoryDatabase open()
    {
        return HistoryDatabase.open(HistoryLocation.resolve(historyUrl));
    }

    /**
     * @return what the query asks for, for a message that nothing matched, e.g. {@code of scenario 'nightly'}.
     */
    String describe()
    {
        final StringBuilder text = new StringBuilder();
        if (scenario != null)
        {
            text.append(" of scenario '").append(scenario).append('\'');
        }
        if (!labels.isEmpty())
        {
            text.append(" labelled ").append(labels);
        }
        return text.toString();
    }

    /**
     * @return the matching runs, newest first.
     */
    List<HistoryRun> runs(final HistoryDatabase history)
    {
        return history.runs(scenario, labels, Math.max(1, limit));
    }
}
