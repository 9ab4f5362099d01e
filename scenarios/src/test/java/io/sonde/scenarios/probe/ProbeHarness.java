package io.sonde.scenarios.probe;

import io.sonde.api.ExitCode;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.cluster.ClusterConnection;
import io.sonde.exchange.cluster.StatusQuery;
import io.sonde.fix.client.session.Credentials;
import io.sonde.probe.Probe;
import io.sonde.probe.ProbeMode;
import io.sonde.probe.config.ProbeConfig;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * Runs a probe in this JVM on its own thread, as {@code sonde probe} would, and gives tests its log, its
 * metrics endpoint and a way to stop it.
 */
final class ProbeHarness implements AutoCloseable
{
    private final Probe probe;
    private final StringWriter log = new StringWriter();
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicReference<ExitCode> exitCode = new AtomicReference<>();
    private final Thread thread;
    private final HttpClient http = HttpClient.newHttpClient();

    ProbeHarness(final ProbeConfig config, final ProbeMode mode)
    {
        final PrintWriter out = new PrintWriter(new TeeWriter(log), true);
        probe = new Probe(config, mode, out);
        thread = new Thread(() -> exitCode.set(probe.run(Credentials.NONE, stop::get)), "test-probe");
        thread.start();
    }

    /**
     * A safe probe config against {@code port}, with {@code overrides} applied, written to {@code folder}.
     */
    static ProbeConfig config(final Path folder, final int port, final String... overrides) throws IOException
    {
        return ProbeConfig.read(writeConfig(folder, port, overrides));
    }

    /**
     * Write the config file only, for commands that read (and may refuse) it themselves.
     */
    static Path writeConfig(final Path folder, final int port, final String... overrides) throws IOException
    {
        final Properties properties = new Properties();
        properties.setProperty("target.host", "127.0.0.1");
        properties.setProperty("target.port", Integer.toString(port));
        properties.setProperty("sender.comp.id", "PROBE1");
        properties.setProperty("target.comp.id", "SONDE-EXCH");
        properties.setProperty("symbol", EmbeddedExchange.DEFAULT_SYMBOLS.get(0));
        properties.setProperty("account", "PROBE-TEST");
        properties.setProperty("side", "1");
        properties.setProperty("price", "90.00");
        properties.setProperty("reference.price", "100.00");
        properties.setProperty("rate", "5");
        properties.setProperty("cap.orders.per.second", "10");
        properties.setProperty("cap.open.orders", "5");
        properties.setProperty("cap.orders.per.day", "100000");
        properties.setProperty("timeout", "2s");
        properties.setProperty("interval", "500ms");
        properties.setProperty("metrics.port", "0");
        properties.setProperty("logon.timeout", "10s");
        properties.setProperty("state.dir", folder.resolve("state").toString());
        properties.setProperty("results.dir", folder.resolve("results").toString());
        for (final String override : overrides)
        {
            final int equals = override.indexOf('=');
            properties.setProperty(override.substring(0, equals), override.substring(equals + 1));
        }
        final Path file = folder.resolve("probe.properties");
        try (var writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8))
        {
            properties.store(writer, "test probe");
        }
        return file;
    }

    Probe probe()
    {
        return probe;
    }

    String log()
    {
        return log.toString();
    }

    /**
     * @return the probe's exit code once it has stopped.
     */
    ExitCode stop() throws InterruptedException
    {
        stop.set(true);
        thread.join(TimeUnit.SECONDS.toMillis(60));
        return exitCode.get();
    }

    ExitCode awaitExit(final Duration timeout) throws InterruptedException
    {
        thread.join(timeout.toMillis());
        return exitCode.get();
    }

    void await(final String what, final Duration timeout, final BooleanSupplier condition) throws InterruptedException
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("timed out waiting for " + what + "; probe log:\n" + log());
            }
            Thread.sleep(50);
        }
    }

    HttpResponse<String> get(final String path) throws IOException, InterruptedException
    {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + probe.metricsPort() + path))
            .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * Scrape {@code /metrics} and index every sample by its name and labels, as Prometheus prints them.
     */
    Map<String, Double> scrape() throws IOException, InterruptedException
    {
        final HttpResponse<String> response = get("/metrics");
        if (response.statusCode() != 200)
        {
            throw new AssertionError("/metrics answered " + response.statusCode());
        }
        final Map<String, Double> samples = new HashMap<>();
        for (final String line : response.body().split("\n"))
        {
            if (line.isBlank() || line.startsWith("#"))
            {
                continue;
            }
            final int space = line.lastIndexOf(' ');
            samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
        }
        return samples;
    }

    static long openOrdersAt(final EmbeddedExchange exchange)
    {
        return StatusQuery.ask(ClusterConnection.sameDriver(exchange.node()), 30, TimeUnit.SECONDS).openOrders();
    }

    public void close()
    {
        try
        {
            if (thread.isAlive())
            {
                stop();
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Keeps the probe's log for assertions and shows it in the test output as it happens.
     */
    private static final class TeeWriter extends java.io.Writer
    {
        private final StringWriter copy;

        TeeWriter(final StringWriter copy)
        {
            this.copy = copy;
        }

        public synchronized void write(final char[] chars, final int offset, final int length)
        {
            copy.write(chars, offset, length);
            System.out.print(new String(chars, offset, length));
        }

        public void flush()
        {
            System.out.flush();
        }

        public void close()
        {
        }
    }
}
