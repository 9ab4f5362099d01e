package io.sonde.history;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A market run's latency is tick-to-trade, so the history records it as a market's, and its baseline is only ever
 * another market run: a FIX run named as its baseline is refused, and the other way round.
 */
class MarketHistoryTest
{
    @TempDir
    Path dir;

    @Test
    void aMarketRunIsRecordedAsAMarketsAndARunAsARuns() throws Exception
    {
        assertEquals(RecordedFolder.MARKET, RecordedFolder.read(market("market")).kind());
        assertEquals("run", RecordedFolder.read(RunFolders.summaryOnly(dir.resolve("run"), "")).kind());
    }

    @Test
    void aMarketRunsBaselineIsNeverAFixRun() throws Exception
    {
        try (HistoryDatabase history = HistoryDatabase.open(HistoryLocation.resolve(dir.resolve("h.db").toString())))
        {
            final RecordedFolder run = RecordedFolder.read(RunFolders.summaryOnly(dir.resolve("run"), ""));
            final long runId = history.record(run, "run", Map.of());
            final RecordedFolder market = RecordedFolder.read(market("market"));
            final long marketId = history.record(market, "market", Map.of());

            assertEquals("--baseline " + runId + " is a run (run " + runId + "), this is a market",
                assertThrows(HistoryException.class, () -> BaselineChoice.parse(Long.toString(runId))
                    .find(history, "market", market.kind())).getMessage());
            assertEquals("--baseline " + marketId + " is a market (run " + marketId + "), this is a run",
                assertThrows(HistoryException.class, () -> BaselineChoice.parse(Long.toString(marketId))
                    .find(history, "run", run.kind())).getMessage());
            assertEquals(marketId, BaselineChoice.parse(Long.toString(marketId)).find(history, "market",
                market.kind()).orElseThrow().id());
        }
    }

    private Path market(final String name) throws Exception
    {
        return RunFolders.summaryOnly(dir.resolve(name), "\"kind\": \"market\"");
    }
}
