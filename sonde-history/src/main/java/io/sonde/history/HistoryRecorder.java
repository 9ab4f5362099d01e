package io.sonde.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.result.SummaryJson;

import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import java.util.Map;

/**
 * Writes one result into the history in a single transaction: the run under the next free id, its labels, its
 * files and its percentiles. Two writers may take the same id at once; the loser sees a duplicate key
 * ({@link #isDuplicateKey}) and its caller tries again.
 */
final class HistoryRecorder
{
    private static final int SQLITE_CONSTRAINT = 19;

    private final Connection connection;

    HistoryRecorder(final Connection connection)
    {
        this.connection = connection;
    }

    /**
     * @return the id it was recorded under.
     * @throws SQLException with nothing written, the transaction rolled back.
     */
    long record(final RecordedFolder folder, final String scenario, final Map<String, String> labels)
        throws SQLException
    {
        connection.setAutoCommit(false);
        try
        {
            final long id = nextId();
            insertRun(id, folder, scenario);
            insertPairs("INSERT INTO sonde_label (run_id, name, value) VALUES (?, ?, ?)", id, labels);
            insertPairs("INSERT INTO sonde_file (run_id, path, content) VALUES (?, ?, ?)", id, folder.files());
            insertPercentiles(id, folder.steps());
            insertMarketData(id, folder.marketData());
            insertFaults(id, folder.faults());
            insertBooks(id, folder.books());
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

    /**
     * Two writers took the same next id at once (PostgreSQL's unique violation, SQLite's constraint error).
     */
    static boolean isDuplicateKey(final SQLException ex)
    {
        return "23505".equals(ex.getSQLState()) || ex.getErrorCode() == SQLITE_CONSTRAINT;
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

    /**
     * Insert {@code (id, key, value)} for every entry: a run's labels or its files.
     */
    private void insertPairs(final String insert, final long id, final Map<String, String> pairs) throws SQLException
    {
        try (PreparedStatement statement = connection.prepareStatement(insert))
        {
            for (final Map.Entry<String, String> pair : pairs.entrySet())
            {
                statement.setLong(1, id);
                statement.setString(2, pair.getKey());
                statement.setString(3, pair.getValue());
                statement.addBatch();
            }
            statement.executeBatch();
        }
    }

    private void insertMarketData(final long id, final List<StepMarketData> steps) throws SQLException
    {
        try (PreparedStatement statement = connection.prepareStatement("INSERT INTO sonde_market_data (run_id, " +
            "step, source, unavailable, expected, seen, missing, gaps) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"))
        {
            for (final StepMarketData step : steps)
            {
                statement.setLong(1, id);
                statement.setString(2, step.step());
                statement.setString(3, step.source());
                statement.setString(4, step.unavailable());
                statement.setLong(5, step.expected());
                statement.setLong(6, step.seen());
                statement.setLong(7, step.missing());
                statement.setLong(8, step.gaps());
                statement.addBatch();
            }
            statement.executeBatch();
        }
    }

    private void insertFaults(final long id, final List<StepFault> faults) throws SQLException
    {
        try (PreparedStatement statement = connection.prepareStatement("INSERT INTO sonde_fault (run_id, step, " +
            "fault_index, fault, recovery_ms, lost, duplicated, unknown) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"))
        {
            for (final StepFault fault : faults)
            {
                statement.setLong(1, id);
                statement.setString(2, fault.step());
                statement.setInt(3, fault.index());
                statement.setString(4, fault.fault());
                if (fault.recovered())
                {
                    statement.setDouble(5, fault.recoveryMillis());
                }
                else
                {
                    statement.setNull(5, Types.DOUBLE);
                }
                statement.setLong(6, fault.lost());
                statement.setLong(7, fault.duplicated());
                statement.setLong(8, fault.unknown());
                statement.addBatch();
            }
            statement.executeBatch();
        }
    }

    private void insertBooks(final long id, final List<StepBook> books) throws SQLException
    {
        try (PreparedStatement statement = connection.prepareStatement("INSERT INTO sonde_book (run_id, step, depth, " +
            "target_order_to_trade, order_to_trade, target_cancel_share, cancel_share, trades, resting_at_start, " +
            "resting_at_end, left_resting, warnings) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"))
        {
            for (final StepBook book : books)
            {
                statement.setLong(1, id);
                statement.setString(2, book.step());
                statement.setInt(3, book.depth());
                statement.setDouble(4, book.targetOrderToTrade());
                if (book.orderToTrade() != null)
                {
                    statement.setDouble(5, book.orderToTrade());
                }
                else
                {
                    statement.setNull(5, Types.DOUBLE);
                }
                statement.setDouble(6, book.targetCancelShare());
                statement.setDouble(7, book.cancelShare());
                statement.setLong(8, book.trades());
                statement.setLong(9, book.restingAtStart());
                statement.setLong(10, book.restingAtEnd());
                statement.setLong(11, book.left());
                statement.setString(12, book.warnings());
                statement.addBatch();
            }
            statement.executeBatch();
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
                for (final Map.Entry<String, Percentiles> series : step.series().entrySet())
                {
                    final Percentiles values = series.getValue();
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
}
