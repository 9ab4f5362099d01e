package io.sonde.history;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The history's tables, one schema for SQLite and PostgreSQL, created on first use: a run, its labels, its files
 * (the interval logs as text, so nothing needs a binary column), each step's percentiles per series, what a
 * step read of the venue's market data, how it went through each fault of its schedule (its recovery), and what
 * the book flow achieved of its book. A
 * table added later is created when an older history is next opened, so the older runs stay readable (they have no
 * rows in it).
 */
final class HistorySchema
{
    static final String RUN_COLUMNS = "r.id, r.kind, r.scenario, r.started_at, r.recorded_at, r.target, " +
        "r.command_line";
    private static final List<String> TABLES = List.of(
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
            "PRIMARY KEY (run_id, step, series))",
        "CREATE TABLE IF NOT EXISTS sonde_market_data (" +
            "run_id BIGINT NOT NULL REFERENCES sonde_run (id), " +
            "step VARCHAR(200) NOT NULL, " +
            "source TEXT NOT NULL, " +
            "unavailable TEXT, " +
            "expected BIGINT NOT NULL, " +
            "seen BIGINT NOT NULL, " +
            "missing BIGINT NOT NULL, " +
            "gaps BIGINT NOT NULL, " +
            "PRIMARY KEY (run_id, step))",
        "CREATE TABLE IF NOT EXISTS sonde_fault (" +
            "run_id BIGINT NOT NULL REFERENCES sonde_run (id), " +
            "step VARCHAR(200) NOT NULL, " +
            "fault_index INTEGER NOT NULL, " +
            "fault VARCHAR(200) NOT NULL, " +
            "recovery_ms DOUBLE PRECISION, " +
            "lost BIGINT NOT NULL, " +
            "duplicated BIGINT NOT NULL, " +
            "unknown BIGINT NOT NULL, " +
            "PRIMARY KEY (run_id, step, fault_index))",
        "CREATE TABLE IF NOT EXISTS sonde_book (" +
            "run_id BIGINT NOT NULL REFERENCES sonde_run (id), " +
            "step VARCHAR(200) NOT NULL, " +
            "depth INTEGER NOT NULL, " +
            "target_order_to_trade DOUBLE PRECISION NOT NULL, " +
            "order_to_trade DOUBLE PRECISION, " +
            "target_cancel_share DOUBLE PRECISION NOT NULL, " +
            "cancel_share DOUBLE PRECISION NOT NULL, " +
            "trades BIGINT NOT NULL, " +
            "resting_at_start BIGINT NOT NULL, " +
            "resting_at_end BIGINT NOT NULL, " +
            "left_resting BIGINT NOT NULL, " +
            "warnings TEXT NOT NULL, " +
            "PRIMARY KEY (run_id, step))");

    private HistorySchema()
    {
    }

    /**
     * Create whatever tables and indexes are missing; those already there are left as they are.
     */
    static void create(final Connection connection) throws SQLException
    {
        try (Statement statement = connection.createStatement())
        {
            for (final String ddl : TABLES)
            {
                statement.execute(ddl);
            }
        }
    }
}
