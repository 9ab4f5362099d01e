package io.sonde.scenarios.exchange;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The equity-book scenario against the bundled exchange: the book is built in the warm-up, the ratios asked for
 * are achieved, every action's stage is timed, and the run leaves nothing resting.
 */
@Timeout(180)
class BookRunTest
{
    private static final Path EQUITY_BOOK = Path.of("..", "docs", "scenarios", "equity-book.yaml");

    @Test
    void theEquityBookAchievesItsOrderToTradeRatioAndLeavesNothingResting(@TempDir final Path dir) throws Exception
    {
        final Path out = dir.resolve("run");

        final CliHarness cli = CliHarness.runMechanics("run", "--embedded", "--scenario", EQUITY_BOOK.toString(),
            "--idle", "spin-window", "--rate", "500", "--warmup", "2s", "--duration", "5s", "--timeout", "10s",
            "--out", out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("book: depth 10 a side (80 orders resting when built, "), cli.out);
        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        final JsonNode book = summary.get("book");
        assertEquals(25, book.get("orderToTrade").asDouble(), 2.5, book.toString());
        assertEquals(0.8, book.get("cancelShare").asDouble(), 0.08, book.toString());
        assertEquals(summary.get("sent").asLong(), book.get("passive").asLong() + book.get("aggressive").asLong() +
            book.get("cancels").asLong() + book.get("replaces").asLong(), "every request is one action");
        assertTrue(book.get("warnings").isEmpty(), book.toString());
        assertTrue(book.get("restingAtStart").asInt() > 0, "the warm-up built the book: " + book);
        for (final String stage : List.of("passive-ack", "aggressive-fill", "cancel"))
        {
            assertTrue(summary.get("stages").get(stage).get("corrected").get("count").asLong() > 0, stage);
        }

        final JsonNode closeOut = book.get("closeOut");
        assertTrue(closeOut.get("resting").asLong() > 0, "a book rested at the end: " + closeOut);
        assertEquals(closeOut.get("resting").asLong(), closeOut.get("cancelled").asLong() +
            closeOut.get("refused").asLong(), closeOut.toString());
        assertEquals(0, closeOut.get("left").asLong(), closeOut.toString());
        assertEquals(0, summary.get("exchange").get("openOrders").asLong(), "the exchange's own count");
    }
}
