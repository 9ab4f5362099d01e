package io.sonde.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.result.SummaryJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The results history over plain JDBC: SQLite by default, PostgreSQL for a team, with one schema for both
 * ({@link HistorySchema}, created on first use). Results are written by {@link HistoryRecorder} and read back here.
 */
public final class HistoryDatabase implements AutoCloseable
{
    private static final String SQLITE = "jdbc:sqlite:";
    private static final int RECORD_ATTEMPTS = 3;

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
     * @throws HistoryException naming the location when it cannot be opened.
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
            HistorySchema.create(connection);
            return new HistoryDatabase(connection, location.describe());
        }
        catch (final SQLException ex)
        {
            throw new HistoryException("cannot open the results history " + location.describe() + ": " +
                ex.getMessage());
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
                return new HistoryRecorder(connection).record(folder, scenario, labels);
            }
            catch (final SQLException ex)
            {
                if (!HistoryRecorder.isDuplicateKey(ex))
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
        final StringBuilder sql = new StringBuilder("SELECT " + HistorySchema.RUN_COLUMNS +
            " FROM sonde_run r WHERE r.id <= ?");
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
        return files(id, "SELECT path, content FROM sonde_file WHERE run_id = ? ORDER BY path");
    }

    private Map<String, String> files(final long id, final String query)
    {
        final Map<String, String> files = new TreeMap<>();
        try (PreparedStatement statement = connection.prepareStatement(query))
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
     * @return true when the result was judged against a baseline before it was recorded and regressed: the
     *         {@code regression} section of its {@code summary.json} (a sweep's {@code sweep.json}) did not pass.
     */
    public boolean regressed(final long id)
    {
        final Map<String, String> summaries = files(id, "SELECT path, content FROM sonde_file WHERE run_id = ? AND " +
            "path IN ('" + RecordedFolder.RUN_SUMMARY + "', '" + RecordedFolder.SWEEP_SUMMARY + "')");
        for (final Map.Entry<String, String> summary : summaries.entrySet())
        {
            try
            {
                final JsonNode passed = SummaryJson.mapper().readTree(summary.getValue()).path("regression")
                    .path("passed");
                if (passed.isBoolean() && !passed.booleanValue())
                {
                    return true;
                }
            }
            catch (final JsonProcessingException ex)
            {
                throw new HistoryException("run " + id + "'s " + summary.getKey() + " in the history is not JSON: " +
                    ex.getOriginalMessage());
            }
        }
        return false;
    }

    /**
     * @return the result's interval logs ({@code run.hlog} of the run or of each step) by path relative to its
     *         folder, with their text; empty for a result recorded without them.
     */
    public Map<String, String> intervalLogs(final long id)
    {
        return files(id, "SELECT path, content FROM sonde_file WHERE run_id = ? AND path LIKE '%" +
            StepIntervals.LOG_SUFFIX + "' ORDER BY path");
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
                        .put(rows.getString(3), new Percentiles(rows.getDouble(4), rows.getDouble(5),
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

    /**
     * @return what each step read of the venue's market data, in step order; empty for a run without market data
     *         and for one recorded before the history kept it.
     */
    public List<StepMarketData> marketData(final long id)
    {
        try (PreparedStatement statement = connection.prepareStatement(
            "SELECT step, source, unavailable, expected, seen, missing, gaps FROM sonde_market_data " +
                "WHERE run_id = ? ORDER BY step"))
        {
            statement.setLong(1, id);
            final List<StepMarketData> steps = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery())
            {
                while (rows.next())
                {
                    steps.add(new StepMarketData(rows.getString(1), rows.getString(2), rows.getString(3),
                        rows.getLong(4), rows.getLong(5), rows.getLong(6), rows.getLong(7)));
                }
            }
            return steps;
        }
        catch (final SQLException ex)
        {
            throw failure("query", ex);
        }
    }

    /**
     * @return how each step went through each fault of its schedule, in step and schedule order; empty for a run
     *         without faults and for one recorded before the history kept them.
     */
    public List<StepFault> faults(final long id)
    {
        try (PreparedStatement statement = connection.prepareStatement(
            "SELECT step, fault_index, fault, recovery_ms, lost, duplicated, unknown FROM sonde_fault " +
                "WHERE run_id = ? ORDER BY step, fault_index"))
        {
            statement.setLong(1, id);
            final List<StepFault> faults = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery())
            {
                while (rows.next())
                {
                    final double recovery = rows.getDouble(4);
                    final Double recoveryMillis = rows.wasNull() ? null : recovery;
                    faults.add(new StepFault(rows.getString(1), rows.getInt(2), rows.getString(3), recoveryMillis,
                        rows.getLong(5), rows.getLong(6), rows.getLong(7)));
                }
            }
            return faults;
        }
        catch (final SQLException ex)
        {
            throw failure("query", ex);
        }
    }

    /**
     * @return what each step's book flow achieved of its book, in step order; empty for a run of another flow and
     *         for one recorded before the history kept it.
     */
    public List<StepBook> books(final long id)
    {
        try (PreparedStatement statement = connection.prepareStatement(
            "SELECT step, depth, target_order_to_trade, order_to_trade, target_cancel_share, cancel_share, trades, " +
                "resting_at_start, resting_at_end, left_resting, warnings FROM sonde_book WHERE run_id = ? " +
                "ORDER BY step"))
        {
            statement.setLong(1, id);
            final List<StepBook> books = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery())
            {
                while (rows.next())
                {
                    final double achieved = rows.getDouble(4);
                    final Double orderToTrade = rows.wasNull() ? null : achieved;
                    books.add(new StepBook(rows.getString(1), rows.getInt(2), rows.getDouble(3), orderToTrade,
                        rows.getDouble(5), rows.getDouble(6), rows.getLong(7),
                        rows.getLong(8), rows.getLong(9), rows.getLong(10), rows.getString(11)));
                }
            }
            return books;
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
            throw new HistoryException("run " + id + " in the history has an unreadable command line");
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

    private HistoryException failure(final String what, final SQLException ex)
    {
        return new HistoryException("cannot " + what + " the results history " + description + ": " + ex.getMessage());
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
            throw new HistoryException("cannot create the folder of the results history " + file + ": " +
                ex.getMessage());
        }
    }
}
