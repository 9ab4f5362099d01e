package io.sonde.metrics;

import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MetricsServerTest
{
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void servesTheScrapeAndTheHealthAsTheyAreWhenAsked() throws Exception
    {
        final AtomicBoolean up = new AtomicBoolean(true);
        try (MetricsServer server = new MetricsServer("127.0.0.1", 0, () -> "sonde_test_total 1.0\n",
            () -> new MetricsServer.Health(up.get(), "{\"status\": \"" + (up.get() ? "UP" : "DOWN") + "\"}")))
        {
            final HttpResponse<String> metrics = get(server, "/metrics");
            assertEquals(200, metrics.statusCode());
            assertEquals("sonde_test_total 1.0\n", metrics.body());
            assertTrue(metrics.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"),
                metrics.headers().toString());

            assertEquals(200, get(server, "/health").statusCode());
            up.set(false);
            final HttpResponse<String> down = get(server, "/health");
            assertEquals(503, down.statusCode());
            assertEquals("{\"status\": \"DOWN\"}", down.body());
        }
    }

    @Test
    void aPortInUseIsNamed()
    {
        try (MetricsServer taken = new MetricsServer("127.0.0.1", 0, () -> "", () -> null))
        {
            final UncheckedIOException ex = assertThrows(UncheckedIOException.class,
                () -> new MetricsServer("127.0.0.1", taken.port(), () -> "", () -> null));
            assertTrue(ex.getMessage().contains("127.0.0.1:" + taken.port()), ex.getMessage());
        }
    }

    private HttpResponse<String> get(final MetricsServer server, final String path) throws Exception
    {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).build(),
            HttpResponse.BodyHandlers.ofString());
    }
}
