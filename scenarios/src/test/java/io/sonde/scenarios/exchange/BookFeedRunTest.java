package io.sonde.scenarios.exchange;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The equity-book scenario read on the bundled exchange's UDP feed: the depth the feed shows is the depth asked for,
 * and every passive order's add and every trade is timed from its order's intended start, each action apart.
 */
@Timeout(180)
class BookFeedRunTest
{
    private static final Path EQUITY_BOOK = Path.of("..", "docs", "scenarios", "equity-book.yaml");

    @Test
    void theFeedShowsTheBooksDepthAndTimesEachPassiveAddAndEachTrade(@TempDir final Path dir) throws Exception
    {
        final Path out = dir.resolve("run");

        final CliHarness cli = CliHarness.runMechanics("run", "--embedded", "--scenario", EQUITY_BOOK.toString(),
            "--market-data", "udp", "--idle", "spin-window", "--rate", "500", "--warmup", "2s", "--duration", "5s",
            "--timeout", "10s", "--out", out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("  feed (udp): depth "), cli.out);
        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        final JsonNode book = summary.get("book");
        final JsonNode feed = book.get("feed");
        assertTrue(feed.get("samples").asInt() >= 4, "each second of the measured window sampled: " + feed);
        assertEquals(4, feed.get("depth").size(), feed.toString());
        double levels = 0;
        for (final JsonNode symbol : feed.get("depth"))
        {
            levels += symbol.get("bids").asDouble() + symbol.get("offers").asDouble();
            assertTrue(symbol.get("bidsAtStart").asInt() > 0 && symbol.get("offersAtStart").asInt() > 0,
                "the warm-up built both sides of " + symbol);
        }
        assertEquals(10, levels / 8, 1, "the depth the feed shows is the scenario's within 10 %: " + feed);
        assertTrue(book.get("warnings").isEmpty(), book.toString());

        final long passiveSeen = feed.get("passiveSeen").asLong();
        final long tradesSeen = feed.get("tradesSeen").asLong();
        assertTrue(passiveSeen > 0 && passiveSeen <= book.get("passive").asLong(), book.toString());
        assertTrue(tradesSeen > 0 && tradesSeen <= book.get("trades").asLong(), book.toString());
        assertTrue(tradesSeen >= 0.9 * book.get("trades").asLong(), "nearly every trade seen on the feed: " + book);
        assertEquals(passiveSeen, feed.get("passiveToTick").get("count").asLong());
        assertEquals(tradesSeen, feed.get("tradeToTick").get("count").asLong());
        assertTrue(feed.get("passiveToTick").get("p50").asDouble() > 0, feed.toString());
        final String log = Files.readString(out.resolve("run.hlog"));
        assertTrue(log.contains("Tag=passive-to-tick.corrected") && log.contains("Tag=trade-to-tick.corrected"),
            "each action's series in the interval log");
    }
}
