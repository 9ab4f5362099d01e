package io.sonde.history;

import io.sonde.api.Slo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs that read market data ({@code --market-data}) in the history: their order-to-tick and counts are kept, an
 * older history without them stays readable, and the regression gate compares order-to-tick for a
 * {@code tick.} objective.
 */
class MarketDataHistoryTest
{
    private static final String MEASURED = "\"marketData\": {\"source\": \"udp://127.0.0.1:4000\", " +
        "\"unavailable\": null, \"expected\": 1000, \"seen\": 997, \"missing\": 3, \"gaps\": 1, " +
        "\"orderToTick\": {\"p50\": 50.0, \"p90\": 80.0, \"p99\": %s, \"p99_9\": 150.0, \"p99_99\": 160.0, " +
        "\"max\": 170.0, \"count\": 997}}";
    private static final String UNAVAILABLE = "\"marketData\": {\"source\": \"fix\", \"unavailable\": " +
        "\"the venue's feed carries no order IDs\"}";

    @TempDir
    Path dir;

    @Test
    void aRunsOrderToTickAndMissingOrdersAreKeptWithItsOtherSeries() throws Exception
    {
        try (HistoryDatabase history = open())
        {
            final long id = history.record(RecordedFolder.read(run("ticks", String.format(MEASURED, "100.0"))),
                "run", Map.of());

            final StepPercentiles step = history.percentiles(id).get(0);
            assertEquals(50.0, step.get(StepMarketData.ORDER_TO_TICK).p50());
            assertEquals(100.0, step.get(StepMarketData.ORDER_TO_TICK).p99());
            assertEquals(150.0, step.get(StepMarketData.ORDER_TO_TICK).p99_9());
            assertEquals(List.of(new StepMarketData("", "udp://127.0.0.1:4000", null, 1000, 997, 3, 1)),
                history.marketData(id));
        }
    }

    @Test
    void aRunWhoseFeedCouldNotBeTimedKeepsWhyAndNoOrderToTick() throws Exception
    {
        try (HistoryDatabase history = open())
        {
            final long id = history.record(RecordedFolder.read(run("unavailable", UNAVAILABLE)), "run", Map.of());

            assertNull(history.percentiles(id).get(0).get(StepMarketData.ORDER_TO_TICK), "no zeros kept");
            assertEquals("the venue's feed carries no order IDs", history.marketData(id).get(0).unavailable());
        }
    }

    @Test
    void aHistoryWrittenBeforeMarketDataWasKeptStaysReadableAndTakesNewRuns() throws Exception
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
            assertEquals("run --rate 1k", history.run(1).orElseThrow().scenario());
            assertEquals(List.of(), history.marketData(1));
            final long id = history.record(RecordedFolder.read(run("new", String.format(MEASURED, "100.0"))), "run",
                Map.of());
            assertEquals(2, id);
            assertEquals(997, history.marketData(id).get(0).seen());
        }
    }

    @Test
    void theRegressionGateComparesOrderToTickForATickObjective() throws Exception
    {
        try (HistoryDatabase history = open())
        {
            final long baseline = history.record(RecordedFolder.read(run("base", String.format(MEASURED, "100.0"))),
                "run", Map.of());
            final RecordedFolder slower = RecordedFolder.read(run("slower", String.format(MEASURED, "300.0")));

            final RegressionReport report = RegressionGate.judge(history, BaselineChoice.parse("last"),
                history.run(baseline).orElseThrow(), slower, Slo.parse("p99=1ms,tick.p99=1ms"), 0.1);

            assertEquals(List.of("p99", "tick.p99"), report.verdicts().stream().map(PercentileVerdict::percentile)
                .toList());
            assertTrue(report.verdicts().get(0).passed(), "order-to-ack did not move");
            final PercentileVerdict tick = report.verdicts().get(1);
            assertEquals(100.0, tick.baselineMicros());
            assertEquals(300.0, tick.newMicros());
            assertFalse(tick.passed());
        }
    }

    @Test
    void aTickObjectiveAgainstABaselineWithoutMarketDataIsNamed() throws Exception
    {
        try (HistoryDatabase history = open())
        {
            final long baseline = history.record(RecordedFolder.read(run("plain", null)), "run", Map.of());
            final RecordedFolder fresh = RecordedFolder.read(run("ticks", String.format(MEASURED, "100.0")));

            final HistoryException error = assertThrows(HistoryException.class, () -> RegressionGate.judge(history,
                BaselineChoice.parse("last"), history.run(baseline).orElseThrow(), fresh, Slo.parse("tick.p99=1ms"),
                0.1));

            assertTrue(error.getMessage().contains("cannot be compared at tick.p99: the baseline has no " +
                "order-to-tick at its run"), error.getMessage());
        }
    }

    /**
     * @param marketData the summary's {@code marketData} member, or null for a run without.
     */
    private Path run(final String name, final String marketData) throws Exception
    {
        return RunFolders.summaryOnly(dir.resolve(name), marketData == null ? "" : marketData);
    }

    private HistoryDatabase open()
    {
        return HistoryDatabase.open(HistoryLocation.resolve(dir.resolve("history.db").toString()));
    }
}
