package io.sonde.inprocess;

import io.sonde.api.Flow;
import io.sonde.api.MarketData;
import io.sonde.api.MarketDataSource;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.api.TimeInForce;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs against the bundled exchange measure order-to-tick on its market data, its UDP feed or its FIX gateway's:
 * every acknowledged order that reached the book is met on the feed, none goes missing, and the figures reach
 * summary.json, the run's log and the API.
 */
@Timeout(180)
class MarketDataRunTest
{
    @Test
    void anEmbeddedRunOnTheUdpFeedMeetsEveryDayOrderOnTheFeed(@TempDir final Path dir) throws Exception
    {
        final StringWriter console = new StringWriter();
        final RunReport report = run(RunSpec.builder().marketData(MarketDataSource.parse("udp"))
            .timeInForce(TimeInForce.DAY), dir, console);
        final MarketData marketData = report.marketData().orElseThrow(() -> new AssertionError(console));

        assertEquals(report.outcomes().acknowledged(), marketData.orderToTick().count(), console.toString());
        assertEquals(0, marketData.missing(), console.toString());
        assertEquals(0, marketData.gaps());
        assertTrue(marketData.messages() > 0);
        assertTrue(report.marketData().equals(RunReport.read(dir.resolve("run")).marketData()));
        assertTrue(Files.readString(report.intervalLog()).contains("order-to-tick.corrected"));
    }

    @Test
    void anEmbeddedRunOnTheGatewaysFixMarketDataTimesCancelsToo(@TempDir final Path dir)
    {
        final StringWriter console = new StringWriter();
        final RunReport report = run(RunSpec.builder().marketData(MarketDataSource.parse("fix"))
            .flow(Flow.NEW_CANCEL), dir, console);
        final MarketData marketData = report.marketData().orElseThrow(() -> new AssertionError(console));

        assertTrue(marketData.unavailable().isEmpty(), marketData.unavailable().toString());
        assertEquals(report.outcomes().acknowledged(), marketData.orderToTick().count(), console.toString());
        // Passive orders of both sides may cross now and then: one filled before its cancel has no cancel to time.
        assertEquals(report.stage("cancel").corrected().count(), marketData.cancelToTick().count(),
            console.toString());
        assertEquals(0, marketData.missing(), console.toString());
    }

    private static RunReport run(final RunSpec.Builder builder, final Path dir, final StringWriter console)
    {
        final RunReport report = Sonde.run(builder
            .embedded(true)
            .sessions(2)
            .rate(500)
            .warmup(Duration.ofSeconds(2))
            .duration(Duration.ofSeconds(3))
            .out(dir.resolve("run"))
            .build(), new PrintWriter(console));
        assertEquals(report.outcomes().sent(), report.outcomes().acknowledged(), report.failures() + "\n" + console);
        return report;
    }
}
