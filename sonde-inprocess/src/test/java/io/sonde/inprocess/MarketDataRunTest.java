package io.sonde.inprocess;

import io.sonde.api.Flow;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.MarketData;
import io.sonde.api.MarketDataSource;
import io.sonde.api.Percentiles;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.api.TimeInForce;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileNotFoundException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs against the bundled exchange measure order-to-tick on its market data, its UDP feed or its FIX gateway's:
 * every acknowledged order that reached the book is met on the feed, none goes missing, and the API's figures
 * are the ones the run's interval log recorded.
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
        assertRecorded(marketData.orderToTick(), report.intervalLog(), "order-to-tick");
    }

    @Test
    void aFeedWhoseHostDoesNotResolveIsRefusedBeforeAnythingStartsOrIsWritten(@TempDir final Path dir)
    {
        final StringWriter console = new StringWriter();
        final RunSpec spec = RunSpec.builder().embedded(true).marketData(MarketDataSource.parse("udp://nohost:1"))
            .out(dir.resolve("run")).build();

        final InvalidOptionException refused =
            assertThrows(InvalidOptionException.class, () -> Sonde.run(spec, new PrintWriter(console)));

        assertEquals("--market-data 'udp://nohost:1': host 'nohost' cannot be resolved", refused.getMessage());
        assertEquals("", console.toString(), "nothing started");
        assertFalse(Files.exists(dir.resolve("run")), "no output folder left behind");
    }

    @Test
    void anEmbeddedRunOnTheGatewaysFixMarketDataTimesCancelsToo(@TempDir final Path dir) throws Exception
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
        assertRecorded(marketData.orderToTick(), report.intervalLog(), "order-to-tick");
        assertRecorded(marketData.cancelToTick(), report.intervalLog(), "cancel-to-tick");
    }

    /**
     * The figures the API reads from summary.json are those of the measured (not warm-up) corrected series the run
     * recorded interval by interval in its log, added up.
     */
    private static void assertRecorded(final Percentiles figures, final Path intervalLog, final String series)
        throws FileNotFoundException
    {
        final HistogramLogReader reader = new HistogramLogReader(intervalLog.toFile());
        final Histogram recorded = new Histogram(3);
        EncodableHistogram interval;
        while ((interval = reader.nextIntervalHistogram()) != null)
        {
            if ((series + ".corrected").equals(interval.getTag()))
            {
                recorded.add((Histogram)interval);
            }
        }
        final String context = series + " in summary.json " + figures + ", in " + intervalLog + " " +
            recorded.getTotalCount() + " values";
        assertTrue(recorded.getTotalCount() > 0, context);
        assertEquals(recorded.getTotalCount(), figures.count(), context);
        assertEquals(recorded.getValueAtPercentile(50) / 1e3, figures.p50(), 1e-3, context);
        assertEquals(recorded.getValueAtPercentile(99) / 1e3, figures.p99(), 1e-3, context);
        assertEquals(recorded.getMaxValue() / 1e3, figures.max(), 1e-3, context);
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
