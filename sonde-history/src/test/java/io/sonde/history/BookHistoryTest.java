package io.sonde.history;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Runs of the book flow ({@code --flow book}) in the history: what the book asked for and achieved is kept with
 * the step, each action's stage among its series; a run of another flow keeps no book, and a history written before
 * books were kept stays readable and takes them.
 */
class BookHistoryTest
{
    private static final String BOOK = "\"book\": {\"depth\": 10, \"restingTarget\": 80, \"restingAtStart\": 78, " +
        "\"targetOrderToTrade\": 25, \"targetCancelShare\": 0.8, %s\"cancelShare\": 0.79, \"passive\": 900, " +
        "\"aggressive\": 40, \"cancels\": 720, \"replaces\": 10, \"trades\": %d, \"cancelled\": 711, " +
        "\"replaced\": 10, \"restingFills\": 38, \"closeOut\": {\"method\": \"one-by-one\", \"resting\": 80, " +
        "\"cancelled\": 79, \"refused\": 0, \"left\": 1}, \"restingBySecond\": [40, 80, 80], \"warnings\": [%s]}, " +
        "\"stages\": {\"passive-ack\": {\"corrected\": " + RunFolders.CORRECTED + ", \"uncorrected\": " +
        RunFolders.CORRECTED + ", \"lateness\": " + RunFolders.CORRECTED + "}}";

    @TempDir
    Path dir;

    @Test
    void aBookRunsTargetsAndAchievedFiguresAreKeptWithItsStagesAmongItsSeries() throws Exception
    {
        try (HistoryDatabase history = open())
        {
            final long id = history.record(RecordedFolder.read(run("book", String.format(BOOK,
                "\"orderToTrade\": 24.6, ", 68, ""))), "run --flow book", Map.of());

            assertEquals(List.of(new StepBook("", 10, 25, 24.6, 0.8, 0.79, 68, 78, 80, 1, "")), history.books(id));
            assertEquals(10.0, history.percentiles(id).get(0).get("passive-ack.corrected").p50());
        }
    }

    @Test
    void aBookWithoutATradeKeepsNoRatioAndItsWarningsALineEach() throws Exception
    {
        try (HistoryDatabase history = open())
        {
            final long id = history.record(RecordedFolder.read(run("no-trade", String.format(BOOK, "", 0,
                "\"no trade: none of the 40 aggressive orders executed\", \"a thin book\""))), "run", Map.of());

            final StepBook book = history.books(id).get(0);
            assertNull(book.orderToTrade(), "no ratio stands for no trade");
            assertEquals("no trade: none of the 40 aggressive orders executed\na thin book", book.warnings());
        }
    }

    @Test
    void aRunOfAnotherFlowKeepsNoBook() throws Exception
    {
        try (HistoryDatabase history = open())
        {
            final long id = history.record(RecordedFolder.read(run("plain", "")), "run", Map.of());

            assertEquals(List.of(), history.books(id));
        }
    }

    @Test
    void aHistoryWrittenBeforeBooksWereKeptStaysReadableAndTakesThem() throws Exception
    {
        final Path file = dir.resolve("old.db");
        try (Connection old = DriverManager.getConnection("jdbc:sqlite:" + file);
            Statement statement = old.createStatement())
        {
            statement.execute("CREATE TABLE sonde_run (id BIGINT PRIMARY KEY, kind VARCHAR(16) NOT NULL, " +
                "scenario TEXT NOT NULL, started_at BIGINT NOT NULL, recorded_at BIGINT NOT NULL, " +
                "target TEXT NOT NULL, command_line TEXT NOT NULL)");
            statement.execute("INSERT INTO sonde_run VALUES (1, 'run', 'run --rate 1k', 1, 2, 'x', '[\"run\"]')");
        }

        try (HistoryDatabase history = HistoryDatabase.open(HistoryLocation.resolve(file.toString())))
        {
            assertEquals(List.of(), history.books(1));
            final long id = history.record(RecordedFolder.read(run("book", String.format(BOOK,
                "\"orderToTrade\": 24.6, ", 68, ""))), "run --flow book", Map.of());
            assertEquals(2, id);
            assertEquals(24.6, history.books(id).get(0).orderToTrade());
        }
    }

    private Path run(final String name, final String members) throws Exception
    {
        return RunFolders.summaryOnly(dir.resolve(name), members);
    }

    private HistoryDatabase open()
    {
        return HistoryDatabase.open(HistoryLocation.resolve(dir.resolve("history.db").toString()));
    }
}
