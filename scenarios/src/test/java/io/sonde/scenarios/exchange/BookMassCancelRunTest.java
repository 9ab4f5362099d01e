package io.sonde.scenarios.exchange;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The equity-book scenario against the bundled exchange, which takes an OrderMassCancelRequest: the run ends with
 * one mass cancel per session, which cancels every resting order by itself, and the exchange's own count of open
 * orders is 0. {@code --mass-cancel off} closes the same book one by one.
 */
@Timeout(180)
class BookMassCancelRunTest
{
    private static final Path EQUITY_BOOK = Path.of("..", "docs", "scenarios", "equity-book.yaml");

    @Test
    void theBundledExchangesBookIsClosedByMassCancelLeavingNoOpenOrder(@TempDir final Path dir) throws Exception
    {
        final JsonNode summary = run(dir.resolve("run"), "auto");

        final JsonNode closeOut = summary.get("book").get("closeOut");
        assertEquals("mass", closeOut.get("method").asText(), closeOut.toString());
        assertTrue(closeOut.get("resting").asLong() > 0, "a book rested at the end: " + closeOut);
        assertEquals(closeOut.get("resting").asLong(), closeOut.get("cancelled").asLong(), closeOut.toString());
        assertEquals(0, closeOut.get("left").asLong(), closeOut.toString());
        assertEquals(0, summary.get("exchange").get("openOrders").asLong(), "the exchange's own count");
        assertTrue(summary.get("book").get("warnings").isEmpty(), summary.get("book").toString());
    }

    @Test
    void withMassCancelOffTheSameBookIsClosedOneByOne(@TempDir final Path dir) throws Exception
    {
        final JsonNode summary = run(dir.resolve("run"), "off");

        final JsonNode closeOut = summary.get("book").get("closeOut");
        assertEquals("one-by-one", closeOut.get("method").asText(), closeOut.toString());
        assertEquals(0, closeOut.get("left").asLong(), closeOut.toString());
        assertEquals(0, summary.get("exchange").get("openOrders").asLong(), "the exchange's own count");
    }

    private static JsonNode run(final Path out, final String massCancel) throws Exception
    {
        final CliHarness cli = CliHarness.runMechanics("run", "--embedded", "--scenario", EQUITY_BOOK.toString(),
            "--idle", "spin-window", "--rate", "500", "--warmup", "2s", "--duration", "3s", "--timeout", "10s",
            "--mass-cancel", massCancel, "--out", out.toString());
        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains(" cancelled (" + ("off".equals(massCancel) ? "one-by-one" : "mass") + "), "),
            cli.out);
        return new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    }
}
