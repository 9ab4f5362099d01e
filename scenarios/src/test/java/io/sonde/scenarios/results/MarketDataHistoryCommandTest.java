package io.sonde.scenarios.results;

import io.sonde.history.HistoryDatabase;
import io.sonde.history.HistoryLocation;
import io.sonde.history.RecordedFolder;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code sonde history show} and {@code trend} of runs that read market data, recorded from summary.json
 * fixtures: order-to-tick is one of the step's series and the feed's counts follow it.
 */
class MarketDataHistoryCommandTest
{
    private static final String MARKET_DATA = "\"marketData\": {\"source\": \"udp://127.0.0.1:4000\", " +
        "\"unavailable\": null, \"expected\": 1000, \"seen\": 997, \"missing\": 3, \"gaps\": 1, " +
        "\"orderToTick\": {\"p50\": 50.0, \"p90\": 80.0, \"p99\": %s, \"p99_9\": 150.0, \"p99_99\": 160.0, " +
        "\"max\": 170.0, \"count\": 997}}";

    @TempDir
    Path dir;

    @Test
    void showPrintsOrderToTickAmongTheSeriesAndTheFeedsCounts() throws Exception
    {
        final String history = dir.resolve("history.db").toString();
        final long id = record(history, "one", "120.0");

        final CliHarness cli = CliHarness.run("history", "show", Long.toString(id), "--history", history);

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(Pattern.compile("\\n  order-to-tick.corrected +50(\\.0)?µs +80(\\.0)?µs +120(\\.0)?µs " +
            "+150(\\.0)?µs ").matcher(cli.out).find(), cli.out);
        assertTrue(cli.out.contains("\n  market data udp://127.0.0.1:4000: 997 of 1000 orders on the book seen, " +
            "3 missing, 1 gaps\n"), cli.out);
    }

    @Test
    void trendTakesOrderToTickAsItsSeries() throws Exception
    {
        final String history = dir.resolve("trend.db").toString();
        record(history, "first", "120.0");
        record(history, "second", "240.0");

        final CliHarness cli = CliHarness.run("history", "trend", "--history", history, "--series",
            "order-to-tick.corrected");

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("Trend of order-to-tick.corrected latency"), cli.out);
        assertTrue(Pattern.compile("#1 .* 120(\\.0)?µs .*\\n +#2 .* 240(\\.0)?µs ").matcher(cli.out).find(), cli.out);
    }

    private long record(final String history, final String name, final String tickP99) throws Exception
    {
        final Path run = Files.createDirectories(dir.resolve(name));
        Files.writeString(run.resolve(RecordedFolder.RUN_SUMMARY), "{\"kind\": \"run\", \"metadata\": " +
            "{\"startedAt\": \"2026-01-02T03:04:05Z\", \"commandLine\": [\"run\", \"--market-data\", \"udp\"]}, " +
            "\"target\": \"127.0.0.1:9880\", \"targetRate\": 1000.0, \"corrected\": {\"p50\": 10.0, " +
            "\"p90\": 20.0, \"p99\": 30.0, \"p99_9\": 40.0, \"p99_99\": 50.0, \"max\": 60.0, \"count\": 1000}, " +
            String.format(MARKET_DATA, tickP99) + "}");
        try (HistoryDatabase database = HistoryDatabase.open(HistoryLocation.resolve(history)))
        {
            return database.record(RecordedFolder.read(run), "run --market-data udp", Map.of());
        }
    }
}
