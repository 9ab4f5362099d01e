package io.sonde.scenarios.probe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.api.ExitCode;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.probe.ProbeMode;
import io.sonde.probe.order.ProbeCounters.Count;
import io.sonde.scenarios.CliHarness;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Grafana dashboard and the Prometheus alert rules of {@code docker/monitoring/} read only metrics Sonde really
 * serves: every metric name in their PromQL appears in a live {@code /metrics}, the probe's (against the bundled
 * exchange on loopback, watching its public FIX market data) or a live run's ({@code --metrics-port}, against the
 * reference acceptor, rejecting some orders so that failures by kind show up).
 */
@Timeout(240)
class MonitoringMetricsTest
{
    private static final Path MONITORING = Path.of("..", "docker", "monitoring");
    private static final Path DASHBOARD = MONITORING.resolve("sonde-dashboard.json");
    private static final Path ALERTS = MONITORING.resolve("alerts.yml");
    /**
     * Prometheus' own series for each target it scrapes.
     */
    private static final Set<String> MADE_BY_PROMETHEUS = Set.of("up");
    private static final Set<String> SERVED = new TreeSet<>();

    @TempDir
    static Path folder;

    @BeforeAll
    static void scrapeTheProbeAndALiveRun() throws Exception
    {
        SERVED.addAll(probeMetricNames());
        SERVED.addAll(liveRunMetricNames());
    }

    @Test
    void everyMetricTheDashboardQueriesIsServed() throws IOException
    {
        final Set<String> named = namesIn(expressions(new ObjectMapper().readTree(DASHBOARD.toFile())));
        assertTrue(named.containsAll(Set.of("sonde_probe_latency_seconds", "sonde_probe_slo_firing",
            "sonde_run_latency_seconds", "sonde_run_failures_total")), "the dashboard's queries: " + named);

        assertEquals(Set.of(), notServed(named), "named in " + DASHBOARD + " but not served; served: " + SERVED);
    }

    @Test
    void everyMetricTheAlertRulesReadIsServed() throws IOException
    {
        final Set<String> named = namesIn(expressions(new ObjectMapper(new YAMLFactory()).readTree(ALERTS.toFile())));
        assertTrue(named.containsAll(Set.of("sonde_probe_latency_seconds", "sonde_probe_consecutive_timeouts",
            "sonde_probe_session_down_seconds", "sonde_probe_orders_total", "sonde_probe_order_to_tick_seconds",
            "sonde_probe_consecutive_missing_public_events", "sonde_probe_market_data_up")),
            "the alert rules' metrics: " + named);

        assertEquals(Set.of(), notServed(named), "named in " + ALERTS + " but not served; served: " + SERVED);
    }

    @Test
    void aMetricSondeDoesNotServeIsCaughtAmongFunctionsLabelsAndKeywords()
    {
        final String query = "sum by (instance, kind) (increase(sonde_probe_made_up_total{kind=~\"a|b\"}" +
            "[$__rate_interval])) > 0.01 * sum without (outcome) (rate(sonde_probe_orders_total [5m] offset 1m))" +
            " and on (job) up == 1 unless absent(sonde_probe_sessions)";

        final Set<String> named = PromQlNames.of(query);

        assertEquals(Set.of("sonde_probe_made_up_total", "sonde_probe_orders_total", "up", "sonde_probe_sessions"),
            named);
        assertEquals(Set.of("sonde_probe_made_up_total"), notServed(named));
    }

    private static Set<String> notServed(final Set<String> named)
    {
        final Set<String> missing = new TreeSet<>(named);
        missing.removeAll(SERVED);
        missing.removeAll(MADE_BY_PROMETHEUS);
        return missing;
    }

    /**
     * Every {@code expr} of the file, wherever it is: a dashboard panel's targets or an alert rule.
     */
    private static List<String> expressions(final JsonNode tree)
    {
        final List<String> found = new ArrayList<>();
        tree.findValues("expr").forEach(expr -> found.add(expr.asText()));
        assertFalse(found.isEmpty(), "no expressions found");
        return found;
    }

    private static Set<String> namesIn(final List<String> expressions)
    {
        final Set<String> names = new TreeSet<>();
        expressions.forEach(expression -> names.addAll(PromQlNames.of(expression)));
        return names;
    }

    private static Set<String> probeMetricNames() throws Exception
    {
        final EmbeddedExchange exchange = EmbeddedExchange.start("127.0.0.1", 0, UserDirectory.open(), null,
            EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false);
        final Path dir = Files.createDirectories(folder.resolve("probe"));
        try (ProbeHarness probe = new ProbeHarness(ProbeHarness.config(dir, exchange.port(),
            "slo.ack=new-ack p99 <= 2s over 10s", "market.data=fix"), new ProbeMode(0, false, false)))
        {
            probe.await("3 acknowledged probe orders, seen on the public feed", Duration.ofSeconds(60),
                () -> probe.probe().counters().get(Count.ACKNOWLEDGED) >= 3 &&
                probe.probe().marketData().seen() >= 3);
            final Set<String> names = new TreeSet<>();
            probe.scrape().keySet().forEach(sample -> names.add(nameOf(sample)));
            assertEquals(ExitCode.PASSED, probe.stop(), probe.log());
            return names;
        }
        finally
        {
            exchange.close();
        }
    }

    private static Set<String> liveRunMetricNames() throws Exception
    {
        final Path dir = Files.createDirectories(folder.resolve("run"));
        final Path credentials = Files.writeString(dir.resolve("fix.properties"), "username=sonde\npassword=pw\n");
        final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor("pw"))
        {
            final int port = freePort();
            final CompletableFuture<CliHarness> run = CompletableFuture.supplyAsync(() -> CliHarness.runMechanics(
                "run", "--target", "127.0.0.1:" + acceptor.port(), "--rate", "200", "--duration", "4s", "--warmup",
                "0s", "--symbols", "SONDE.A," + ReferenceAcceptor.REJECTED_SYMBOL, "--idle", "backoff",
                "--credentials", credentials.toString(), "--metrics-port", Integer.toString(port), "--out",
                dir.resolve("out").toString()));
            final Set<String> names = new TreeSet<>();
            while (!names.contains("sonde_run_failures_total") || !names.contains("sonde_run_latency_seconds"))
            {
                assertFalse(run.isDone(), () -> "the run ended before its failures were scraped: " + names + "\n" +
                    run.join());
                scrape(http, port).lines().filter(line -> !line.isBlank() && !line.startsWith("#"))
                    .forEach(line -> names.add(nameOf(line)));
                TimeUnit.MILLISECONDS.sleep(100);
            }
            final CliHarness finished = run.get(60, TimeUnit.SECONDS);
            assertTrue(finished.out.contains("live metrics on http://127.0.0.1:" + port + "/metrics"),
                finished.toString());
            return names;
        }
    }

    private static String scrape(final HttpClient http, final int port) throws IOException, InterruptedException
    {
        try
        {
            final HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/metrics")).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode());
            return response.body();
        }
        catch (final ConnectException notServingYet)
        {
            return "";
        }
    }

    /**
     * @return the metric name of a sample as Prometheus prints it: {@code name{labels} value} or {@code name value}.
     */
    private static String nameOf(final String sample)
    {
        final int end = sample.indexOf('{') >= 0 ? sample.indexOf('{') : sample.indexOf(' ');
        return end < 0 ? sample : sample.substring(0, end);
    }

    private static int freePort() throws IOException
    {
        try (ServerSocket socket = new ServerSocket(0))
        {
            return socket.getLocalPort();
        }
    }
}
