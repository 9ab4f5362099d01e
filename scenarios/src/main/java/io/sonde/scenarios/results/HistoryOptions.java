package io.sonde.scenarios.results;

import io.sonde.api.Check;
import io.sonde.api.Slo;
import io.sonde.history.BaselineChoice;
import io.sonde.history.HistoryException;
import io.sonde.history.HistoryLocation;
import io.sonde.history.ResultRecording;
import io.sonde.scenarios.cli.UserError;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The results-history options of {@code sonde run} and {@code sonde sweep}: where the result is recorded, under
 * which labels, and the baseline its latency must not regress from (docs/regression-gate.md).
 */
public final class HistoryOptions
{
    @Option(names = "--no-history", description = "Do not record this result in the history.")
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
            "--slo) is slower than this recorded run's by more than its noise allows.")
    private BaselineChoice baseline;

    @Option(names = "--regression-tolerance", defaultValue = "10", paramLabel = "PERCENT",
        description = "The slow-down --baseline always allows, however quiet the baseline was " +
            "(default: ${DEFAULT-VALUE}%%).")
    private double tolerancePercent;

    /**
     * Record the result in {@code folder} and, with {@code --baseline}, judge it against its baseline first, so that
     * the verdict is recorded too. Call once, after the result's files are written.
     *
     * @param objectives   the command's objectives: the percentiles the gate compares.
     * @param scenarioFile the {@code name:} of the command's scenario file, the result's scenario unless
     *                     {@code --scenario-name} gives another.
     * @return the gate's checks, one per step and percentile (a regression fails its check); none without
     *         {@code --baseline} or when {@code last} found nothing to compare.
     * @throws UserError when the options do not go together.
     * @throws HistoryException when the history named cannot be used, or the baseline is not in it.
     */
    public List<Check> record(
        final PrintWriter console, final Path folder, final List<Slo> objectives, final Optional<String> scenarioFile)
    {
        if (noHistory)
        {
            if (historyUrl != null || baseline != null || !labels.isEmpty())
            {
                throw new UserError("--no-history cannot go with --history, --label or --baseline");
            }
            return List.of();
        }
        if (tolerancePercent < 0)
        {
            throw new UserError("--regression-tolerance must be 0 or more, got " + tolerancePercent);
        }
        final HistoryLocation location = HistoryLocation.resolve(historyUrl);
        try
        {
            return new ResultRecording(location, labels, scenarioName != null ? scenarioName :
                scenarioFile.orElse(null), baseline, tolerancePercent / 100)
                .record(console, folder, objectives);
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
