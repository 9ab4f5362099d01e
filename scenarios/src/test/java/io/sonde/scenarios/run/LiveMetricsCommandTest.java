package io.sonde.scenarios.run;

import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.AfterAll;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(90)
class LiveMetricsCommandTest
{
    private static final String SENT = "sonde_run_requests_total{outcome=\"sent\"}";
    private static final String ACHIEVED = "sonde_run_rate{kind=\"achieved\"}";

    private static ReferenceAcceptor acceptor;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @BeforeAll
    static void startAcceptor()
    {
        acceptor = new ReferenceAcceptor("pw");
    }

    @AfterAll
    static void stopAcceptor()
    {
        acceptor.close();
    }

    @Test
    void aRunServesItsLiveMetricsWhileItRuns(@TempDir final Path dir) throws Exception
    {
        final Path credentials = Files.writeString(dir.resolve("fix.properties"), "username=sonde\npassword=pw\n");
        final int port = freePort();
        final CompletableFuture<CliHarness> run = CompletableFuture.supplyAsync(() -> CliHarness.runMechanics("run",
            "--target", "127.0.0.1:" + acceptor.port(), "--rate", "500", "--duration", "6s", "--warmup", "1s",
            "--flow", "mix", "--idle", "backoff", "--slo", "p99=10s", "--credentials", credentials.toString(),
            "--metrics-port", Integer.toString(port), "--out", dir.resolve("run").toString()));

        final String first = scrapeOnceMeasuring(port, run);
        TimeUnit.MILLISECONDS.sleep(2_100);
        final String second = scrape(port);

        assertTrue(value(second, SENT) > value(first, SENT), "requests sent keep rising:\n" + first + second);
        assertEquals(500.0, value(second, "sonde_run_rate{kind=\"target\"}"), 1e-9);
        assertTrue(value(second, ACHIEVED) > 100, second);
        assertEquals(0, value(second, "sonde_run_warmup"), second);
        for (final String quantile : new String[] {"0.5", "0.99", "0.999", "1.0"})
        {
            final double lifecycle = value(second, latency("lifecycle", "corrected", quantile));
            assertTrue(lifecycle > 0 && lifecycle < 10, quantile + " of the last interval, in seconds: " + lifecycle);
            assertTrue(value(second, latency("new-ack", "corrected", quantile)) > 0, second);
            assertTrue(value(second, "sonde_run_hiccup_seconds{quantile=\"" + quantile + "\"}") >= 0, second);
        }
        assertTrue(value(second, latency("new-ack", "uncorrected", "0.99")) > 0, second);
        assertTrue(value(second, "sonde_run_intervals_total") >= 3, second);
        assertTrue(second.contains("sonde_run_requests_total{outcome=\"timedOut\"} 0.0"), second);
        assertFalse(second.contains("sonde_run_failures_total"), "no failure kind showed up:\n" + second);

        final CliHarness finished = run.get(60, TimeUnit.SECONDS);
        assertEquals(0, finished.exitCode, finished.toString());
        assertTrue(finished.out.contains("live metrics on http://127.0.0.1:" + port + "/metrics"), finished.out);
        assertThrowsConnect(port);
    }

    @Test
    void aMetricsPortOutOfRangeIsRefusedByName(@TempDir final Path dir)
    {
        final CliHarness cli = CliHarness.runMechanics("run", "--embedded", "--metrics-port", "70000", "--duration",
            "1s",
            "--out", dir.toString());
        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("--metrics-port must be in 0..65535: 70000"), cli.err);
    }

    private String scrapeOnceMeasuring(final int port, final CompletableFuture<CliHarness> run) throws Exception
    {
        while (true)
        {
            assertFalse(run.isDone(), () -> "the run ended before it was scraped measuring: " + run.join());
            try
            {
                final String text = scrape(port);
                if (text.contains(ACHIEVED) && value(text, "sonde_run_warmup") == 0 && value(text, SENT) > 0)
                {
                    return text;
                }
            }
            catch (final ConnectException notYetServing)
            {
                TimeUnit.MILLISECONDS.sleep(50);
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    private String scrape(final int port) throws IOException, InterruptedException
    {
        final HttpResponse<String> response = http.send(HttpRequest.newBuilder(
            URI.create("http://127.0.0.1:" + port + "/metrics")).timeout(Duration.ofSeconds(5)).build(),
            HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode());
        return response.body();
    }

    private void assertThrowsConnect(final int port)
    {
        try
        {
            scrape(port);
        }
        catch (final ConnectException expected)
        {
            return;
        }
        catch (final IOException | InterruptedException ex)
        {
            throw new AssertionError("expected the endpoint closed, got " + ex, ex);
        }
        throw new AssertionError("the endpoint still answers after the run ended");
    }

    private static String latency(final String stage, final String series, final String quantile)
    {
        return "sonde_run_latency_seconds{quantile=\"" + quantile + "\",series=\"" + series + "\",stage=\"" + stage +
            "\"}";
    }

    private static double value(final String scrape, final String sample)
    {
        final Matcher matcher = Pattern.compile("(?m)^" + Pattern.quote(sample) + " (\\S+)$").matcher(scrape);
        assertTrue(matcher.find(), () -> sample + " not in the scrape:\n" + scrape);
        return Double.parseDouble(matcher.group(1));
    }

    private static int freePort() throws IOException
    {
        try (ServerSocket socket = new ServerSocket(0))
        {
            return socket.getLocalPort();
        }
    }
}
