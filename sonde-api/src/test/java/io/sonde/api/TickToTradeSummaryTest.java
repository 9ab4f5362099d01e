package io.sonde.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A market run's {@code tickToTrade} is added to its summary whole and read back through {@link RunReport}; a
 * summary of another kind has none, and what a market run does not have (an echo tag when matching by price, floors
 * without a calibration) is not written.
 */
class TickToTradeSummaryTest
{
    @TempDir
    Path dir;

    @Test
    void aMarketRunsTickToTradeIsWrittenIntoItsSummaryAndReadBack() throws Exception
    {
        final Path summary = summary("market");
        final TickToTrade written = tickToTrade("echo", 58, new TickToTrade.Floors("results/cal", 6.1, 9.8, 11.0, 2.2));

        TickToTradeSummary.addTo(summary, written);

        final RunReport report = RunReport.read(dir);
        assertEquals(Optional.of(written), report.tickToTrade());
        assertEquals("market", report.kind());
        assertEquals(1000, report.outcomes().sent(), "the summary's other fields are kept");
        final String json = Files.readString(summary);
        assertTrue(json.contains("\"echoTag\" : 58"), json);
        assertTrue(json.contains("\"ratioP50\" : 2.2"), json);
    }

    @Test
    void matchingByPriceWritesNoEchoTagAndNoCalibrationNoFloors() throws Exception
    {
        final Path summary = summary("market");

        TickToTradeSummary.addTo(summary, tickToTrade("price", null, null));

        final String json = Files.readString(summary);
        assertFalse(json.contains("echoTag"), json);
        assertFalse(json.contains("floors"), json);
        final TickToTrade read = RunReport.read(dir).tickToTrade().orElseThrow();
        assertEquals(null, read.echoTag());
        assertEquals(List.of("ClOrdID X17: tag 58 absent"), read.withoutTriggerOrders());
    }

    @Test
    void anotherRunHasNone() throws Exception
    {
        summary("run");

        assertEquals(Optional.empty(), RunReport.read(dir).tickToTrade());
    }

    private Path summary(final String kind) throws Exception
    {
        final Path summary = dir.resolve(RunReport.SUMMARY_FILE);
        Files.writeString(summary, "{\"kind\": \"" + kind + "\", \"sent\": 1000, \"acknowledged\": 1000}");
        return summary;
    }

    private static TickToTrade tickToTrade(final String match, final Integer echoTag, final TickToTrade.Floors floors)
    {
        return new TickToTrade(List.of("udp://127.0.0.1:40001", "fix"), match, echoTag, 10_000, 9_998.7, 10, 300_000,
            150_213, 0, 0, 30_000, 29_990, 10, 0, 1, 2, 3, 1, List.of("ClOrdID X17: tag 58 absent"), 1, 1,
            new Percentiles(3.1, 4.0, 9.8, 30.2, 80.0, 210.0, 300_000), floors);
    }
}
