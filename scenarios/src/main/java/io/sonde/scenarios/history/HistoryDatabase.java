package io.sonde.scenarios.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import io.sonde.loadgen.result.PercentileSummary;
import io.sonde.loadgen.result.SummaryJson;
import io.sonde.scenarios.cli.UserError;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The results history over plain JDBC: SQLite by default, PostgreSQL for a team, with one schema for both
 * (created on first use). Histograms are kept as the interval logs' text, so nothing needs a binary column.
 */
public final class HistoryDatabase implements AutoCloseable
{
    private static final String SQLITE = "jdbc:sqlite:";
    private static final int RECORD_ATTEMPTS = 3;
    private static final int SQLITE_CONSTRAINT = 19;
    private static final List<String> SCHEMA = List.of(
        "CREATE TABLE IF NOT EXISTS sonde_run (" +
            "id BIGINT PRIMARY KEY, " +
            "kind VARCHAR(16) NOT NULL, " +
            "scenario TEXT NOT NULL, " +
            "started_at BIGINT NOT NULL, " +
            "recorded_at BIGINT NOT NULL, " +
            "target TEXT NOT NULL, " +
            "command_line TEXT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS sonde_run_by_scenario ON sonde_run (scenario, id)",
        "CREATE TABLE IF NOT EXISTS sonde_label (" +
            "run_id BIGINT NOT NULL REFERENCES sonde_run (id), " +
            "name VARCHAR(200) NOT NULL, " +
            "value TEXT NOT NULL, " +
            "PRIMARY KEY (run_id, name))",
        "CREATE TABLE IF NOT EXISTS sonde_file (" +
            "run_id BIGINT NOT NULL REFERENCES sonde_run (id), " +
            "path VARCHAR(500) NOT NULL, " +
            "content TEXT NOT NULL, " +
            "PRIMARY KEY (run_id, path))",
        "CREATE TABLE IF NOT EXISTS sonde_percentiles (" +
            "run_id BIGINT NOT NULL REFERENCES sonde_run (id), " +
            "step VARCHAR(200) NOT NULL, " +
            "rate DOUBLE PRECISION NOT NULL, " +
            "series VARCHAR(100) NOT NULL, " +
            "p50_us DOUBLE PRECISION NOT NULL, " +
            "p90_us DOUBLE PRECISION NOT NULL, " +
            "p99_us DOUBLE PRECISION NOT NULL, " +
            "p99_9_us DOUBLE PRECISION NOT NULL, " +
            "p99_99_us DOUBLE PRECISION NOT NULL, " +
            "max_us DOUBLE PRECISION NOT NULL, " +
            "sample_count BIGINT NOT NULL, " +
            "PRIMARY KEY (run_id, step, series))");
    private static final String RUN_COLUMNS = "r.id, r.kind, r.scenario, r.started_at, r.recorded_at, r.target, " +
        "r.command_line";

    private final Connection connection;
    private final String description;

    private HistoryDatabase(final Connection connection, final String description)
    {
        this.connection = connection;
        this.description = description;
    }

    /**
     * Connect and create the schema if it is not there yet. For PostgreSQL, the user and password come from the
     * URL or from SONDE_HISTORY_USER and SONDE_HISTORY_PASSWORD, so no password needs to be typed on a command line.
     *
     * @throws UserError naming the location when it cannot be opened.
     */
    public static HistoryDatabase open(final HistoryLocation location)
    {
        final Properties properties = new Properties();
        if (location.url().startsWith(SQLITE))
        {
            createParentFolder(location.url().substring(SQLITE.length()));
            properties.setProperty("busy_timeout", "10000");
        }
        else
        {
            putIfSet(properties, "user", System.getenv("SONDE_HISTORY_USER"));
            putIfSet(properties, "password", System.getenv("SONDE_HISTORY_PASSWORD"));
        }
        try
        {
            final Connection connection = DriverManager.getConnection(location.url(), properties);
            try (Statement statement = connection.createStatement())
            {
                for (final String ddl : SCHEMA)
                {
                    statement.execute(ddl);
                }
            }
            return new HistoryDatabase(connection, location.describe());
        }
        catch (final SQLException ex)
        {
            throw new UserError("cannot open the results history " + location.describe() + ": " + ex.getMessage());
        }
    }

    /**
     * Record a result with its scenario and labels.
     *
     * @return the id it was recorded under.
     */
    public long record(final RecordedFolder folder, final String scenario, final Map<String, String> labels)
    {
        SQLException last = null;
        for (int attempt = 0; attempt < RECORD_ATTEMPTS; attempt++)
        {
            try
            {
                return recordOnce(folder, scenario, labels);
            }
            catch (final SQLException ex)
            {
                if (!isDuplicateKey(ex))
                {
                    throw failure("record into", ex);
                }
                last = ex;
            }
        }
        throw failure("record into", last);
    }

    /**
     * @param scenario only runs of this scenario, or null for all.
     * @param labels   only runs carrying every one of these labels.
     * @param limit    at most this many, the most recent.
     * @return newest first.
     */
    public List<HistoryRun> runs(final String scenario, final Map<String, String> labels, final int limit)
    {
        return runsUpTo(Long.MAX_VALUE, scenario, labels, limit);
    }

    /**
     * @return runs recorded no later than {@code id}, as {@link #runs}.
     */
    public List<HistoryRun> runsUpTo(
        final long id, final String scenario, final Map<String, String> labels, final int limit)
    {
        final StringBuilder sql = new StringBuilder("SELECT " + RUN_COLUMNS + " FROM sonde_run r WHERE r.id <= ?");
        final List<Object> parameters = new ArrayList<>(List.of(id));
        if (scenario != null)
        {
            sql.append(" AND r.scenario = ?");
            parameters.add(scenario);
        }
        labels.forEach((name, value) ->
        {
            sql.append(" AND EXISTS (SELECT 1 FROM sonde_label l WHERE l.run_id = r.id AND l.name = ? " +
                "AND l.value = ?)");
            parameters.add(name);
            parameters.add(value);
        });
        sql.append(" ORDER BY r.id DESC LIMIT ?");
        parameters.add(limit);
        try (PreparedStatement statement = connection.prepareStatement(sql.toString()))
        {
            for (int i = 0; i < parameters.size(); i++)
            {
                statement.setObject(i + 1, parameters.get(i));
            }
            final List<HistoryRun> runs = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery())
            {
                while (rows.next())
                {
                    runs.add(run(rows));
                }
            }
            return runs;
        }
        catch (final SQLException ex)
        {
            throw failure("query", ex);
        }
    }

    public Optional<HistoryRun> run(final long id)
    {
        final List<HistoryRun> runs = runsUpTo(id, null, Map.of(), 1);
        return runs.isEmpty() || runs.get(0).id() != id ? Optional.empty() : Optional.of(runs.get(0));
    }

    /**
     * @return the result's files by path relative to its folder, with their text.
     */
    public Map<String, String> files(final long id)
    {
        final Map<String, String> files = new TreeMap<>();
        try (PreparedStatement statement = connection.prepareStatement(
            "SELECT path, content FROM sonde_file WHERE run_id = ? ORDER BY path"))
        {
            statement.setLong(1, id);
            try (ResultSet rows = statement.executeQuery())
            {
                while (rows.next())
                {
                    files.put(rows.getString(1), rows.getString(2));
                }
            }
            return files;
        }
        catch (final SQLException ex)
        {
            throw failure("query", ex);
        }
    }

    /**
     * @return each step's series percentiles, in step order.
     */
    public List<StepPercentiles> percentiles(final long id)
    {
        final Map<String, StepPercentiles> steps = new LinkedHashMap<>();
        try (PreparedStatement statement = connection.prepareStatement(
            "SELECT step, rate, series, p50_us, p90_us, p99_us, p99_9_us, p99_99_us, max_us, sample_count " +
                "FROM sonde_percentiles WHERE run_id = ? ORDER BY step, series"))
        {
            statement.setLong(1, id);
            try (ResultSet rows = statement.executeQuery())
            {
                while (rows.next())
                {
                    final String step = rows.getString(1);
                    final double rate = rows.getDouble(2);
                    steps.computeIfAbsent(step, s -> new StepPercentiles(s, rate, new TreeMap<>())).series()
                        .put(rows.getString(3), new PercentileSummary(rows.getDouble(4), rows.getDouble(5),
                            rows.getDouble(6), rows.getDouble(7), rows.getDouble(8), rows.getDouble(9),
                            rows.getLong(10)));
                }
            }
            return List.copyOf(steps.values());
        }
        catch (final SQLException ex)
        {
            throw failure("query", ex);
        }
    }

    public String description()
    {
        return description;
    }

    public void close()
    {
        try
        {
            connection.close();
        }
        catch (final SQLException ex)
        {
            throw failure("close", ex);
        }
    }

    private long recordOnce(final RecordedFolder folder, final String scenario, final Map<String, String> labels)
        throws SQLException
    {
        connection.setAutoCommit(false);
        try
        {
            final long id = nextId();
            insertRun(id, folder, scenario);
            try (PreparedStatement statement = connection.prepareStatement(
                "INSERT INTO sonde_label (run_id, name, value) VALUES (?, ?, ?)"))
            {
                for (final Map.Entry<String, String> label : labels.entrySet())
                {
                    statement.setLong(1, id);
                    statement.setString(2, label.getKey());
                    statement.setString(3, label.getValue());
                    statement.addBatch();
                }
                statement.executeBatch();
            }
            try (PreparedStatement statement = connection.prepareStatement(
                "INSERT INTO sonde_file (run_id, path, content) VALUES (?, ?, ?)"))
            {
                for (final Map.Entry<String, String> file : folder.files().entrySet())
                {
                    statement.setLong(1, id);
                    statement.setString(2, file.getKey());
                    statement.setString(3, file.getValue());
                    statement.addBatch();
                }
                statement.executeBatch();
            }
            insertPercentiles(id, folder.steps());
            connection.commit();
            return id;
        }
        catch (final SQLException | RuntimeException ex)
        {
            connection.rollback();
            throw ex;
        }
        finally
        {
            connection.setAutoCommit(true);
        }
    }

    private long nextId() throws SQLException
    {
        try (Statement statement = connection.createStatement();
            ResultSet rows = statement.executeQuery("SELECT COALESCE(MAX(id), 0) + 1 FROM sonde_run"))
        {
            rows.next();
            return rows.getLong(1);
        }
    }

    private void insertRun(final long id, final RecordedFolder folder, final String scenario) throws SQLException
    {
        try (PreparedStatement statement = connection.prepareStatement("INSERT INTO sonde_run (id, kind, scenario, " +
            "started_at, recorded_at, target, command_line) VALUES (?, ?, ?, ?, ?, ?, ?)"))
        {
            statement.setLong(1, id);
            statement.setString(2, folder.kind());
            statement.setString(3, scenario);
            statement.setLong(4, folder.startedAtMs());
            statement.setLong(5, System.currentTimeMillis());
            statement.setString(6, folder.target());
            statement.setString(7, SummaryJson.mapper().writeValueAsString(folder.commandLine()));
            statement.executeUpdate();
        }
        catch (final JsonProcessingException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    private void insertPercentiles(final long id, final List<StepPercentiles> steps) throws SQLException
    {
        try (PreparedStatement statement = connection.prepareStatement("INSERT INTO sonde_percentiles (run_id, step, " +
            "rate, series, p50_us, p90_us, p99_us, p99_9_us, p99_99_us, max_us, sample_count) " +
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"))
        {
            for (final StepPercentiles step : steps)
            {
                for (final Map.Entry<String, PercentileSummary> series : step.series().entrySet())
                {
                    final PercentileSummary values = series.getValue();
                    statement.setLong(1, id);
                    statement.setString(2, step.step());
                    statement.setDouble(3, step.rate());
                    statement.setString(4, series.getKey());
                    statement.setDouble(5, values.p50());
                    statement.setDouble(6, values.p90());
                    statement.setDouble(7, values.p99());
                    statement.setDouble(8, values.p99_9());
                    statement.setDouble(9, values.p99_99());
                    statement.setDouble(10, values.max());
                    statement.setLong(11, values.count());
                    statement.addBatch();
                }
            }
            statement.executeBatch();
        }
    }

    private HistoryRun run(final ResultSet rows) throws SQLException
    {
        final long id = rows.getLong(1);
        final List<String> commandLine;
        try
        {
            commandLine = SummaryJson.mapper().readValue(rows.getString(7), new TypeReference<List<String>>()
            {
            });
        }
        catch (final JsonProcessingException ex)
        {
            throw new UserError("run " + id + " in the history has an unreadable command line");
        }
        return new HistoryRun(id, rows.getString(2), rows.getString(3), rows.getLong(4), rows.getLong(5),
            rows.getString(6), commandLine, labels(id));
    }

    private Map<String, String> labels(final long id) throws SQLException
    {
        final Map<String, String> labels = new TreeMap<>();
        try (PreparedStatement statement = connection.prepareStatement(
            "SELECT name, value FROM sonde_label WHERE run_id = ?"))
        {
            statement.setLong(1, id);
            try (ResultSet rows = statement.executeQuery())
            {
                while (rows.next())
                {
                    labels.put(rows.getString(1), rows.getString(2));
                }
            }
        }
        return labels;
    }

    /**
     * Two writers took the same next id at once (PostgreSQL's unique violation, SQLite's constraint error).
     */
    private static boolean isDuplicateKey(final SQLException ex)
    {
        return "23505".equals(ex.getSQLState()) || ex.getErrorCode() == SQLITE_CONSTRAINT;
    }

    private UserError failure(final String what, final SQLException ex)
    {
        return new UserError("cannot " + what + " the results history " + description + ": " + ex.getMessage());
    }

    private static void putIfSet(final Properties properties, final String name, final String value)
    {
        if (value != null && !value.isEmpty())
        {
            properties.setProperty(name, value);
        }
    }

    private static void createParentFolder(final String file)
    {
        if (file.isEmpty() || file.startsWith(":") || file.startsWith("file:"))
        {
            return;
        }
        final Path parent = Path.of(file).toAbsolutePath().getParent();
        try
        {
            Files.createDirectories(parent);
        }
        catch (final IOException ex)
        {
            throw new UserError("cannot create the folder of the results history " + file + ": " + ex.getMessage());
        }
    }
}
