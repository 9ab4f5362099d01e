package io.sonde.scenarios.probe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.api.ExitCode;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.probe.ProbeMode;
import io.sonde.probe.order.ProbeCounters.Count;
import io.sonde.probe.safety.SendVerdict;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The probe against the bundled exchange on loopback, in this JVM: what it measures is what its metrics
 * endpoint says and what its summary says; SLO rules fire and resolve once each; the guard holds.
 */
@Timeout(180)
class ProbeAgainstExchangeTest
{
    @TempDir
    Path folder;

    private EmbeddedExchange exchange;

    @BeforeEach
    void startExchange()
    {
        exchange = EmbeddedExchange.start("127.0.0.1", 0, UserDirectory.open(), null,
            EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false);
    }

    @AfterEach
    void stopExchange()
    {
        exchange.close();
    }

    @Test
    void metricsScrapedOverHttpMatchTheSummaryAndNothingIsLeftOpen() throws Exception
    {
        final Path killSwitch = folder.resolve("stop-probing");
        try (ProbeHarness harness = new ProbeHarness(ProbeHarness.config(folder, exchange.port(),
            "kill.switch=" + killSwitch, "slo.ack=new-ack p99 <= 2s over 10s"), new ProbeMode(0, false, false)))
        {
            harness.await("10 acknowledged probe orders", Duration.ofSeconds(60),
                () -> harness.probe().counters().get(Count.ACKNOWLEDGED) >= 10);

            Files.createFile(killSwitch);
            harness.await("the kill switch to stop sending", Duration.ofSeconds(10),
                () -> harness.probe().counters().refusals(SendVerdict.KILL_SWITCH) > 0 &&
                harness.probe().counters().openOrders() == 0);
            Thread.sleep(1_500);

            final Map<String, Double> metrics = harness.scrape();
            final long sent = harness.probe().counters().get(Count.SENT);
            assertEquals(sent, metrics.get("sonde_probe_orders_total{outcome=\"sent\"}").longValue());
            assertEquals(sent, metrics.get("sonde_probe_orders_total{outcome=\"acknowledged\"}").longValue());
            assertEquals(sent, metrics.get("sonde_probe_orders_total{outcome=\"cancelled\"}").longValue());
            assertEquals(0, metrics.get("sonde_probe_orders_total{outcome=\"timed_out\"}").longValue());
            assertEquals(sent, metrics.get(
                "sonde_probe_latency_samples_total{kind=\"corrected\",stage=\"new-ack\"}").longValue());
            final double p99 = metrics.get(
                "sonde_probe_latency_seconds{kind=\"corrected\",quantile=\"0.99\",stage=\"new-ack\"}");
            assertTrue(p99 > 0 && p99 < 2, "new-ack p99 " + p99 + " s");
            assertTrue(metrics.get("sonde_probe_guard_refusals_total{cap=\"kill_switch\"}") > 0);
            assertEquals(1.0, metrics.get("sonde_probe_sessions_up"));
            assertEquals(0.0, metrics.get("sonde_probe_session_down_seconds"));
            assertEquals(0.0, metrics.get("sonde_probe_consecutive_timeouts"));
            assertEquals(0.0, metrics.get(
                "sonde_probe_slo_firing{objective=\"new-ack p99 <= 2s over 10s\",rule=\"ack\"}"));
            assertTrue(metrics.get("sonde_probe_last_round_trip_timestamp_seconds") > 1.7e9);
            assertEquals(200, harness.get("/health").statusCode());

            assertEquals(ExitCode.PASSED, harness.stop());
            final JsonNode summary =
                new ObjectMapper().readTree(folder.resolve("results/probe-summary.json").toFile());
            assertEquals("met", summary.get("verdict").asText());
            assertEquals(sent, summary.get("counts").get("sent").asLong());
            assertEquals(sent, summary.get("latency_us").get("new-ack.corrected").get("count").asLong());
            assertTrue(summary.get("latency_us").get("new-ack.corrected").get("max").asDouble() > 0);
            assertEquals(sent, hlogCount(folder.resolve("results"), "new-ack.corrected"));
        }
        assertEquals(0, ProbeHarness.openOrdersAt(exchange), "open orders left at the exchange");
    }

    @Test
    void aSlowExchangeFiresTheLatencyRuleWithinOneWindowAndRecoveryResolvesIt() throws Exception
    {
        try (DelayingProxy proxy = new DelayingProxy(exchange.port());
            ProbeHarness harness = new ProbeHarness(ProbeHarness.config(folder, proxy.port(),
                "slo.ack=new-ack p50 <= 40ms over 2s", "timeout=3s"), new ProbeMode(0, false, false)))
        {
            final String firing = "sonde_probe_slo_firing{objective=\"new-ack p50 <= 40ms over 2s\",rule=\"ack\"}";
            harness.await("10 acknowledged probe orders", Duration.ofSeconds(60),
                () -> harness.probe().counters().get(Count.ACKNOWLEDGED) >= 10);
            assertEquals(0.0, harness.scrape().get(firing), "met before the exchange slows down");

            proxy.delayToClient(150);
            final long slowedAt = System.nanoTime();
            harness.await("the rule to fire", Duration.ofSeconds(10), () -> metric(harness, firing) == 1.0);
            final double firedAfterSeconds = (System.nanoTime() - slowedAt) / 1e9;
            assertTrue(firedAfterSeconds < 2 + 1.5, "fired " + firedAfterSeconds + " s after the slow-down");

            proxy.delayToClient(0);
            harness.await("the rule to resolve", Duration.ofSeconds(15), () -> metric(harness, firing) == 0.0);
            Thread.sleep(1_500);
            assertEquals(ExitCode.PASSED, harness.stop());

            final String log = harness.log();
            assertEquals(1, occurrences(log, "SLO ack FIRING"), log);
            assertEquals(1, occurrences(log, "SLO ack resolved"), log);
        }
        assertEquals(0, ProbeHarness.openOrdersAt(exchange));
    }

    @Test
    void theOpenOrderCapHoldsWhenAnswersAreSlowerThanTheSchedule() throws Exception
    {
        try (DelayingProxy proxy = new DelayingProxy(exchange.port());
            ProbeHarness harness = new ProbeHarness(ProbeHarness.config(folder, proxy.port(),
                "cap.open.orders=1", "rate=10", "timeout=5s"), new ProbeMode(0, false, false)))
        {
            harness.await("2 acknowledged probe orders", Duration.ofSeconds(60),
                () -> harness.probe().counters().get(Count.ACKNOWLEDGED) >= 2);
            proxy.delayToClient(400);
            harness.await("the open-order cap to refuse sends", Duration.ofSeconds(10),
                () -> harness.probe().counters().refusals(SendVerdict.OPEN_ORDERS_CAP) >= 5);
            assertTrue(harness.probe().counters().openOrders() <= 1);
            assertTrue(ProbeHarness.openOrdersAt(exchange) <= 1, "the exchange never holds more than the cap");
            proxy.delayToClient(0);
            assertEquals(ExitCode.PASSED, harness.stop());
            assertTrue(harness.log().contains("not sending: cap.open.orders 1 reached"), harness.log());
        }
        assertEquals(0, ProbeHarness.openOrdersAt(exchange));
    }

    @Test
    void theProbeSurvivesTheExchangeRestartingWithFreshSequenceNumbers() throws Exception
    {
        final int port = exchange.port();
        try (ProbeHarness harness = new ProbeHarness(ProbeHarness.config(folder, port, "timeout=2s"),
            new ProbeMode(0, false, false)))
        {
            harness.await("5 acknowledged probe orders", Duration.ofSeconds(60),
                () -> harness.probe().counters().get(Count.ACKNOWLEDGED) >= 5);

            exchange.close();
            harness.await("the session to drop", Duration.ofSeconds(30),
                () -> harness.probe().counters().sessionsUp() == 0);
            harness.await("the metrics to count the time it is down", Duration.ofSeconds(10),
                () -> metric(harness, "sonde_probe_session_down_seconds") > 0);
            exchange = EmbeddedExchange.start("127.0.0.1", port, UserDirectory.open(), null,
                EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false);
            final long before = harness.probe().counters().get(Count.ACKNOWLEDGED);
            harness.await("acknowledgements from the restarted exchange", Duration.ofSeconds(60),
                () -> harness.probe().counters().get(Count.ACKNOWLEDGED) >= before + 5);

            assertEquals(ExitCode.PASSED, harness.stop());
            assertTrue(harness.probe().counters().get(Count.SESSION_DISCONNECTS) >= 1);
        }
        assertEquals(0, ProbeHarness.openOrdersAt(exchange));
    }

    private static double metric(final ProbeHarness harness, final String name)
    {
        try
        {
            return harness.scrape().getOrDefault(name, Double.NaN);
        }
        catch (final Exception ex)
        {
            throw new AssertionError(ex);
        }
    }

    private static int occurrences(final String text, final String what)
    {
        int count = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1))
        {
            count++;
        }
        return count;
    }

    private static long hlogCount(final Path results, final String tag) throws Exception
    {
        final File[] logs =
            results.toFile().listFiles((dir, name) -> name.matches("probe-\\d{4}-\\d{2}-\\d{2}.*\\.hlog"));
        assertTrue(logs != null && logs.length == 1, "one daily .hlog in " + results);
        long count = 0;
        final HistogramLogReader reader = new HistogramLogReader(logs[0]);
        Histogram interval;
        while ((interval = (Histogram)reader.nextIntervalHistogram()) != null)
        {
            if (tag.equals(interval.getTag()))
            {
                count += interval.getTotalCount();
            }
        }
        return count;
    }
}
