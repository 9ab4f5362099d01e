package io.sonde.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a run's or sweep's result is recorded once written, under which labels and scenario, and the baseline its
 * latency must not regress from (docs/regression-gate.md): what {@code sonde run --history URL --label ...
 * --baseline ...} records, open to a test through {@link RunOptions.Builder#history}. Carrying it out needs
 * {@code io.sonde:sonde-history} (and its JDBC drivers) on the class path. Immutable.
 * <pre>{@code
 * RunOptions.builder().history(ResultHistory.at("target/history.db").label("build", "1234")
 *     .regressionGate("last", 10))
 * }</pre>
 */
public final class ResultHistory
{
    /**
     * The flag of {@code sonde run} and {@code sonde sweep} that records nothing: named once here for the command
     * line, the containers that run a command without a history, and whatever reads a command line back.
     */
    public static final String NO_HISTORY_FLAG = "--no-history";

    private final String location;
    private final Map<String, String> labels;
    private final String scenario;
    private final String baseline;
    private final double tolerancePercent;

    private ResultHistory(
        final String location,
        final Map<String, String> labels,
        final String scenario,
        final String baseline,
        final double tolerancePercent)
    {
        this.location = location;
        this.labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
        this.scenario = scenario;
        this.baseline = baseline;
        this.tolerancePercent = tolerancePercent;
    }

    /**
     * @param location a file (SQLite) or a JDBC URL ({@code jdbc:sqlite:FILE}, {@code jdbc:postgresql://HOST/DB},
     *                 user and password from {@code SONDE_HISTORY_USER} and {@code SONDE_HISTORY_PASSWORD}).
     * @return that history, no labels, no regression gate.
     */
    public static ResultHistory at(final String location)
    {
        return new ResultHistory(Objects.requireNonNull(location, "location"), Map.of(), null, null, 0);
    }

    /**
     * The history {@code sonde run} records into unless told otherwise: the system property {@code sonde.history},
     * else {@code $SONDE_HISTORY}, else {@code ~/.sonde/history.db}. A home folder that cannot hold it only warns on
     * the console, unless a regression gate needs it.
     *
     * @return the default history, no labels, no regression gate.
     */
    public static ResultHistory defaultLocation()
    {
        return new ResultHistory(null, Map.of(), null, null, 0);
    }

    /**
     * @return with this label too, e.g. {@code build=1234}.
     */
    public ResultHistory label(final String name, final String value)
    {
        final Map<String, String> more = new LinkedHashMap<>(labels);
        more.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return new ResultHistory(location, more, scenario, baseline, tolerancePercent);
    }

    /**
     * @param name the scenario the result belongs to; by default, its command line's without what changes between
     *             two runs of one setup, which from code (no {@link RunOptions.Builder#commandLine}) is only its kind,
     *             {@code run} or {@code sweep}: name it, so that a baseline is looked for among its own runs.
     * @return with that scenario.
     */
    public ResultHistory scenario(final String name)
    {
        return new ResultHistory(location, labels, Objects.requireNonNull(name, "name"), baseline, tolerancePercent);
    }

    /**
     * Judge the result against a recorded run before recording it: corrected latency at each objective's percentile
     * (p50, p99 and p99.9 without objectives) slower than the baseline's beyond the noise (the whole interval of the
     * ratio above the limit) fails a check; an interval that holds the limit is a warning (docs/regression-gate.md).
     *
     * @param baseline         {@code last}, {@code label:NAME=VALUE} or a run id.
     * @param tolerancePercent the slow-down always allowed, however quiet the baseline was; 0 or more.
     * @return with that gate.
     * @throws InvalidOptionException for a negative tolerance.
     */
    public ResultHistory regressionGate(final String baseline, final double tolerancePercent)
    {
        if (!(tolerancePercent >= 0))
        {
            throw new InvalidOptionException("--regression-tolerance must be 0 or more, got " + tolerancePercent);
        }
        return new ResultHistory(location, labels, scenario, Objects.requireNonNull(baseline, "baseline"),
            tolerancePercent);
    }

    /**
     * @return the file or JDBC URL named; empty for {@link #defaultLocation()}.
     */
    public Optional<String> location()
    {
        return Optional.ofNullable(location);
    }

    /**
     * @return the labels recorded with the result, in the order given.
     */
    public Map<String, String> labels()
    {
        return labels;
    }

    /**
     * @return the scenario named; empty for its command line's.
     */
    public Optional<String> scenario()
    {
        return Optional.ofNullable(scenario);
    }

    /**
     * @return the regression gate's baseline; empty for no gate.
     */
    public Optional<String> baseline()
    {
        return Optional.ofNullable(baseline);
    }

    /**
     * @return the slow-down the gate always allows, in percent.
     */
    public double tolerancePercent()
    {
        return tolerancePercent;
    }
}
