package io.sonde.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Serves {@code /metrics} (Prometheus text format) and {@code /health} on one daemon thread of its own,
 * bound to loopback unless configured otherwise: a scrape never runs on, or waits for, the thread it measures.
 * The probe serves its meters through it; {@code sonde run} and {@code sonde sweep} their live meters
 * ({@link io.sonde.metrics.live.LiveMetrics}).
 */
public final class MetricsServer implements AutoCloseable
{
    private static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    private final HttpServer server;
    private final ExecutorService executor;

    /**
     * @param scrape the Prometheus text exposition, asked for on every scrape (e.g. a registry's {@code scrape}).
     * @param health the health answer: its HTTP status and a JSON body.
     */
    public MetricsServer(
        final String bindAddress, final int port, final Supplier<String> scrape, final Supplier<Health> health)
    {
        try
        {
            server = HttpServer.create(new InetSocketAddress(bindAddress, port), 16);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot serve metrics on " + bindAddress + ":" + port + ": " +
                ex.getMessage(), ex);
        }
        executor = Executors.newSingleThreadExecutor(runnable ->
        {
            final Thread thread = new Thread(runnable, "sonde-metrics");
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        server.createContext("/metrics", exchange -> answer(exchange, 200, PROMETHEUS_TEXT, scrape.get()));
        server.createContext("/health", exchange ->
        {
            final Health answer = health.get();
            answer(exchange, answer.up() ? 200 : 503, "application/json", answer.json());
        });
        server.start();
    }

    /**
     * @return the port actually bound (useful when 0 asked for a free one).
     */
    public int port()
    {
        return server.getAddress().getPort();
    }

    public void close()
    {
        server.stop(0);
        executor.shutdownNow();
    }

    private static void answer(final HttpExchange exchange, final int status, final String type, final String body)
        throws IOException
    {
        final byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody())
        {
            out.write(bytes);
        }
    }

    /**
     * @param up   whether the process serving is doing its job (the probe: its loop is alive and a session is
     *             logged on).
     * @param json the details, for people and dashboards.
     */
    public record Health(boolean up, String json)
    {
    }
}
