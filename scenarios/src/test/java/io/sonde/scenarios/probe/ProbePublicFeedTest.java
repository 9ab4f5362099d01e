package io.sonde.scenarios.probe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.api.ExitCode;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.probe.ProbeMode;
import io.sonde.probe.marketdata.ProbeMarketData;
import io.sonde.probe.order.ProbeCounters.Count;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The probe watching the venue's public FIX market data ({@code market.data=fix}): against the bundled exchange,
 * whose gateway serves it, every resting probe order is seen on the feed and timed as order-to-tick, in the
 * metrics, the interval log and the summary; against a venue that does not answer the request, the probe says so
 * once and goes on probing orders, with no public-feed figure presented as measured.
 */
@Timeout(180)
class ProbePublicFeedTest
{
    @TempDir
    Path folder;

    @Test
    void everyRestingProbeOrderIsSeenOnTheExchangesFeedAndTimedAsOrderToTick() throws Exception
    {
        final EmbeddedExchange exchange = EmbeddedExchange.start("127.0.0.1", 0, UserDirectory.open(), null,
            EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false);
        try (ProbeHarness harness = new ProbeHarness(ProbeHarness.config(folder, exchange.port(), "market.data=fix",
            "slo.tick=order-to-tick p99 <= 2s over 10s", "slo.feed=consecutive missing public events <= 0"),
            new ProbeMode(0, false, false)))
        {
            final ProbeMarketData feed = harness.probe().marketData();
            harness.await("5 probe orders seen on the public feed", Duration.ofSeconds(60),
                () -> feed.seen() >= 5 && harness.probe().counters().get(Count.ACKNOWLEDGED) >= 5);
            Thread.sleep(1_200);

            final Map<String, Double> metrics = harness.scrape();
            assertEquals(1.0, metrics.get("sonde_probe_market_data_up"), harness.log());
            assertTrue(metrics.get("sonde_probe_public_events_seen_total") >= 5, metrics.toString());
            assertEquals(0.0, metrics.get("sonde_probe_public_events_missing_total"), harness.log());
            assertEquals(0.0, metrics.get("sonde_probe_consecutive_missing_public_events"));
            assertTrue(metrics.get("sonde_probe_order_to_tick_samples_total{kind=\"corrected\"}") >= 5,
                metrics.toString());
            final double p99 = metrics.get("sonde_probe_order_to_tick_seconds{kind=\"corrected\",quantile=\"0.99\"}");
            assertTrue(p99 > 0 && p99 < 2, "order-to-tick p99 " + p99 + " s");
            assertEquals(0.0, metrics.get("sonde_probe_slo_firing{objective=\"consecutive missing public events " +
                "<= 0\",rule=\"feed\"}"), harness.log());

            assertEquals(ExitCode.PASSED, harness.stop(), harness.log());
            assertNull(feed.unavailable(), harness.log());
            assertEquals(0, feed.missing(), harness.log());
            assertTrue(feed.seen() >= harness.probe().counters().get(Count.ACKNOWLEDGED) - 1,
                "every acknowledged order but at most one stopped in flight was seen: " + harness.log());
            final JsonNode publicFeed = summary().get("public_feed");
            assertEquals(0, publicFeed.get("orders_missing").asLong(), publicFeed.toString());
            assertTrue(publicFeed.get("order_to_tick_us.corrected").get("count").asLong() >= 5, publicFeed.toString());
            assertTrue(publicFeed.get("order_to_tick_us.corrected").get("p99").asDouble() > 0, publicFeed.toString());
            assertTrue(intervalLog().contains("Tag=order-to-tick.corrected"), "the interval log's own tag");
            assertTrue(harness.log().contains("market data: the venue answered the request"), harness.log());
        }
        finally
        {
            exchange.close();
        }
    }

    @Test
    void aVenueThatDoesNotAnswerTheMarketDataRequestIsSaidSoOnceAndItsOrdersAreStillProbed() throws Exception
    {
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(null);
            ProbeHarness harness = new ProbeHarness(ProbeHarness.config(folder, acceptor.port(), "market.data=fix",
                "target.comp.id=" + ReferenceAcceptor.ACCEPTOR_COMP_ID), new ProbeMode(0, false, false)))
        {
            final ProbeMarketData feed = harness.probe().marketData();
            harness.await("the probe to say the venue did not answer", Duration.ofSeconds(60),
                () -> feed.unavailable() != null);
            final long acknowledgedThen = harness.probe().counters().get(Count.ACKNOWLEDGED);
            harness.await("5 more probe orders acknowledged", Duration.ofSeconds(60),
                () -> harness.probe().counters().get(Count.ACKNOWLEDGED) >= acknowledgedThen + 5);
            Thread.sleep(1_200);

            final Map<String, Double> metrics = harness.scrape();
            assertEquals(0.0, metrics.get("sonde_probe_market_data_up"));
            assertEquals(0.0, metrics.get("sonde_probe_public_events_missing_total"), "nothing was awaited");
            assertFalse(metrics.containsKey("sonde_probe_order_to_tick_seconds{kind=\"corrected\"," +
                "quantile=\"0.99\"}") && metrics.get("sonde_probe_order_to_tick_seconds{kind=\"corrected\"," +
                "quantile=\"0.99\"}") == 0, "no zero presented as an order-to-tick");
            assertEquals(ExitCode.PASSED, harness.stop(), harness.log());

            final String log = harness.log();
            assertTrue(feed.unavailable().startsWith("the venue did not answer the market data request"), log);
            assertEquals(1, occurrences(log, "market data: the venue did not answer"), log);
            assertTrue(log.contains("order-to-tick not measured: the venue did not answer"), log);
            final JsonNode publicFeed = summary().get("public_feed");
            assertEquals(feed.unavailable(), publicFeed.get("unavailable").asText());
            assertFalse(publicFeed.has("orders_missing"), "no counts beside an unavailable feed: " + publicFeed);
        }
    }

    private JsonNode summary() throws Exception
    {
        return new ObjectMapper().readTree(folder.resolve("results").resolve("probe-summary.json").toFile());
    }

    private String intervalLog() throws Exception
    {
        try (Stream<Path> files = Files.list(folder.resolve("results")))
        {
            final Path log = files.filter(file -> file.toString().endsWith(".hlog")).findFirst().orElseThrow();
            return Files.readString(log);
        }
    }

    private static int occurrences(final String text, final String part)
    {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1))
        {
            count++;
        }
        return count;
    }
}
