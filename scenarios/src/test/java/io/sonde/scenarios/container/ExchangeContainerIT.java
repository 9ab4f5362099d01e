package io.sonde.scenarios.container;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.report.HiccupLog;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exchange image in real Docker, driven by {@code sonde run} from this JVM through the mapped port.
 */
@Timeout(300)
class ExchangeContainerIT
{
    static final DockerImageName IMAGE = DockerImageName.parse("sonde:local");
    private static final int FIX_PORT = 9880;

    @Test
    void aRunAgainstTheExchangeContainerBalancesAndWritesItsSummary(@TempDir final Path dir) throws Exception
    {
        try (GenericContainer<?> exchange = new GenericContainer<>(IMAGE)
            .withImagePullPolicy(image -> false)
            .withCommand("exchange", "--bind", "0.0.0.0", "--port", Integer.toString(FIX_PORT), "--idle", "backoff")
            .withExposedPorts(FIX_PORT)
            .withSharedMemorySize(1L << 30)
            .waitingFor(Wait.forLogMessage(".*sonde exchange: READY.*", 1).withStartupTimeout(Duration.ofSeconds(120))))
        {
            exchange.start();
            final Path out = dir.resolve("run");

            final CliHarness cli = CliHarness.runMechanics("run", "--target",
                exchange.getHost() + ":" + exchange.getMappedPort(FIX_PORT), "--sessions", "2", "--rate", "1k",
                "--duration", "3s", "--warmup", "1s", "--flow", "mix", "--tif", "day", "--timeout", "10s",
                "--idle", "backoff", "--out", out.toString());

            assertEquals(0, cli.exitCode, cli + "\n--- exchange\n" + exchange.getLogs());
            final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
            assertEquals(3_000, summary.get("sent").asLong());
            assertEquals(3_000, summary.get("acknowledged").asLong(), "balance through the container");
            final Path hiccups = dir.resolve("exchange.hiccup.hlog");
            exchange.copyFileFromContainer("/data/hiccups/exchange.hiccup.hlog", hiccups.toString());
            assertTrue(HiccupLog.read(hiccups).intervals().size() >= 3,
                "the exchange records its own hiccups under /data, one interval a second");
        }
    }
}
