package io.sonde.scenarios.results;

import io.sonde.api.ResultHistory;
import io.sonde.api.RunOptions;
import io.sonde.history.BaselineChoice;
import io.sonde.history.HistoryLocation;
import io.sonde.scenarios.cli.UserError;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The results-history options of {@code sonde run} and {@code sonde sweep}: where the result is recorded, under
 * which labels, and the baseline its latency must not regress from (docs/regression-gate.md), given to the run or
 * sweep as {@link ResultHistory}: an API user asks for the same recording the same way.
 */
public final class HistoryOptions
{
    @Option(names = ResultHistory.NO_HISTORY_FLAG, description = "Do not record this result in the history.")
    private boolean noHistory;

    @Option(names = "--history", paramLabel = "URL", description = "Record into this history: a file (SQLite) or " +
        "a JDBC URL (jdbc:sqlite:FILE, jdbc:postgresql://HOST/DB; user and password from SONDE_HISTORY_USER and " +
        "SONDE_HISTORY_PASSWORD). Default: " + HistoryLocation.DEFAULT_TEXT + ".")
    private String historyUrl;

    @Option(names = "--label", split = ",", paramLabel = "NAME=VALUE",
        description = "Labels recorded with the result, e.g. build=1234,branch=main.")
    private Map<String, String> labels = new LinkedHashMap<>();

    @Option(names = "--scenario-name", paramLabel = "NAME", description = "The scenario this result belongs to " +
        "(default: the scenario file's name, else the command line without --out, --history, --label, --baseline " +
        "and --credentials).")
    private String scenarioName;

    @Option(names = "--baseline", paramLabel = "last|label:NAME=VALUE|RUN-ID", converter = BaselineConverter.class,
        description = "Fail (exit 1) when corrected latency at an objective's percentile (p50, p99, p99.9 without " +
            "--slo) is slower than this recorded run's beyond the noise: the whole 95%% interval of the ratio lies " +
            "above the limit. An interval that holds the limit is a warning.")
    private BaselineChoice baseline;

    @Option(names = "--regression-tolerance", defaultValue = "10", paramLabel = "PERCENT",
        description = "The slow-down --baseline always allows, however quiet the baseline was " +
            "(default: ${DEFAULT-VALUE}%%).")
    private double tolerancePercent;

    /**
     * The history these options ask for, recorded by the run or sweep once its files are written and judged first
     * against {@code --baseline}, so that the verdict is recorded too.
     *
     * @param scenarioFile the {@code name:} of the command's scenario file, the result's scenario unless
     *                     {@code --scenario-name} gives another.
     * @return the options with the history, or as they were with {@code --no-history}.
     * @throws UserError when the options do not go together.
     */
    public RunOptions.Builder applyTo(final RunOptions.Builder options, final Optional<String> scenarioFile)
    {
        if (noHistory)
        {
            if (historyUrl != null || baseline != null || !labels.isEmpty())
            {
                throw new UserError("--no-history cannot go with --history, --label or --baseline");
            }
            return options;
        }
        if (tolerancePercent < 0)
        {
            throw new UserError("--regression-tolerance must be 0 or more, got " + tolerancePercent);
        }
        ResultHistory history = historyUrl != null ? ResultHistory.at(historyUrl) : ResultHistory.defaultLocation();
        for (final Map.Entry<String, String> label : labels.entrySet())
        {
            history = history.label(label.getKey(), label.getValue());
        }
        final Optional<String> scenario = scenarioName != null ? Optional.of(scenarioName) : scenarioFile;
        if (scenario.isPresent())
        {
            history = history.scenario(scenario.get());
        }
        if (baseline != null)
        {
            history = history.regressionGate(baseline.toString(), tolerancePercent);
        }
        return options.history(history);
    }

    /**
     * Reads {@code --baseline}: {@code last}, {@code label:NAME=VALUE} or a run id.
     */
    public static final class BaselineConverter implements ITypeConverter<BaselineChoice>
    {
        public BaselineChoice convert(final String value)
        {
            try
            {
                return BaselineChoice.parse(value);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new TypeConversionException(ex.getMessage());
            }
        }
    }
}
