package io.sonde.scenarios.container;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.Transferable;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The probe image against the exchange image, both real containers on a network of their own: the probe's
 * metrics endpoint is reachable through its mapped port, counts acknowledged round trips, and a
 * {@code docker stop} leaves no probe order open.
 */
@Timeout(300)
class ProbeContainerIT
{
    private static final int FIX_PORT = 9880;
    private static final int METRICS_PORT = 9464;
    private static final Pattern ACKNOWLEDGED =
        Pattern.compile("sonde_probe_orders_total\\{outcome=\"acknowledged\"} (\\S+)");

    @Test
    void theProbeContainerServesMetricsAndCleansUpWhenStopped() throws Exception
    {
        final String config = Files.readString(Path.of("..", "docker", "probe.properties"))
            .replace("target.host=gateway", "target.host=exchange")
            .replace("rate=1", "rate=4")
            .replace("cap.orders.per.second=2", "cap.orders.per.second=5")
            .replace("interval=10s", "interval=1s");
        try (Network network = Network.newNetwork();
            GenericContainer<?> exchange = new GenericContainer<>(ExchangeContainerIT.IMAGE)
                .withImagePullPolicy(image -> false)
                .withNetwork(network)
                .withNetworkAliases("exchange")
                .withCommand("exchange", "--bind", "0.0.0.0", "--port", Integer.toString(FIX_PORT), "--idle", "backoff")
                .withSharedMemorySize(1L << 30)
                .waitingFor(Wait.forLogMessage(".*sonde exchange: READY.*", 1)
                    .withStartupTimeout(Duration.ofSeconds(120)));
            GenericContainer<?> probe = new GenericContainer<>(ExchangeContainerIT.IMAGE)
                .withImagePullPolicy(image -> false)
                .withNetwork(network)
                .withCopyToContainer(Transferable.of(config), "/etc/sonde/probe.properties")
                .withCommand("probe", "--config", "/etc/sonde/probe.properties")
                .withExposedPorts(METRICS_PORT)
                .withSharedMemorySize(1L << 30)
                .waitingFor(Wait.forLogMessage(".*start-up clean-up done.*", 1)
                    .withStartupTimeout(Duration.ofSeconds(120))))
        {
            exchange.start();
            probe.start();
            final String metricsUrl = "http://" + probe.getHost() + ":" + probe.getMappedPort(METRICS_PORT);
            final HttpClient http = HttpClient.newHttpClient();

            final long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            double acknowledged = 0;
            while (acknowledged < 8 && System.nanoTime() < deadline)
            {
                Thread.sleep(500);
                final Matcher matcher = ACKNOWLEDGED.matcher(get(http, metricsUrl + "/metrics").body());
                acknowledged = matcher.find() ? Double.parseDouble(matcher.group(1)) : 0;
            }
            assertTrue(acknowledged >= 8, "acknowledged round trips seen through the mapped port: " + acknowledged +
                "\n--- probe\n" + probe.getLogs());
            assertEquals(200, get(http, metricsUrl + "/health").statusCode());

            DockerClientFactory.instance().client().stopContainerCmd(probe.getContainerId()).withTimeout(30).exec();
            final String logs = probe.getLogs();
            assertTrue(logs.contains("every probe order is closed"), logs);
        }
    }

    private static HttpResponse<String> get(final HttpClient http, final String url) throws Exception
    {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
            HttpResponse.BodyHandlers.ofString());
    }
}
