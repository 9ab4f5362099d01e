package io.sonde.scenarios.container;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.sonde.probe.config.MarketDataSettings;
import io.sonde.probe.config.ProbeConfig;
import io.sonde.scenarios.SondeCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docker/compose.yml as a document: the format docker-compose 1.29 reads, enough shared memory for Aeron in
 * every service, a volume per member, and commands the sonde CLI accepts.
 */
class ComposeFileTest
{
    private static final Path COMPOSE = Path.of("..", "docker", "compose.yml");

    @Test
    void theClusterGatewayAndLoadGeneratorAreDescribedWithCommandsTheCliAccepts() throws Exception
    {
        final JsonNode compose = new ObjectMapper(new YAMLFactory()).readTree(COMPOSE.toFile());

        assertEquals("2.4", compose.get("version").asText(), "a format docker-compose 1.29 reads");
        final JsonNode services = compose.get("services");
        for (final String name : List.of("member0", "member1", "member2", "gateway", "loadgen", "probe"))
        {
            final JsonNode service = services.get(name);
            assertEquals("1gb", service.get("shm_size").asText(), name + ": Docker's 64 MB is too small for Aeron");
            new CommandLine(new SondeCommand()).parseArgs(service.get("command").asText().split(" "));
        }
        for (int id = 0; id < 3; id++)
        {
            assertEquals("node" + id + ":/data", services.get("member" + id).get("volumes").get(0).asText());
        }
        assertEquals("service_healthy",
            services.get("gateway").get("depends_on").get("member0").get("condition").asText());
        assertTrue(services.get("loadgen").get("command").asText().contains("--target gateway:9880"));
        final String volumes = services.get("loadgen").get("volumes").toString();
        for (final String component : List.of("member0", "member1", "member2", "gateway"))
        {
            assertTrue(volumes.contains(":/hiccups/" + component + ":ro"), "the sweep reads the " + component +
                "'s hiccups: " + volumes);
        }
    }

    @Test
    void theProbeServiceReadsASafeConfigAndPublishesMetricsOnTheHostsLoopbackOnly() throws Exception
    {
        final JsonNode probe = new ObjectMapper(new YAMLFactory())
            .readTree(COMPOSE.toFile())
            .get("services")
            .get("probe");

        assertEquals("./probe.properties:/etc/sonde/probe.properties:ro", probe.get("volumes").get(0).asText());
        assertEquals("127.0.0.1:9464:9464", probe.get("ports").get(0).asText());
        final ProbeConfig config = ProbeConfig.read(Path.of("..", "docker", "probe.properties"));
        assertEquals("gateway", config.host());
        assertEquals(9464, config.metricsPort());
        assertEquals(5, config.sloRules().size());
        assertEquals(new MarketDataSettings(null, null), config.marketData(), "the gateway serves FIX market data");
    }
}
