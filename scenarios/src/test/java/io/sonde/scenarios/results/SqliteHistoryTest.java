package io.sonde.scenarios.results;

/**
 * The results history in its default store, an SQLite file.
 */
class SqliteHistoryTest extends HistorySuite
{
    String startDatabase()
    {
        return "jdbc:sqlite:" + dir.resolve("history.db");
    }

    void stopDatabase()
    {
    }
}
