package io.sonde.testcontainers;

import io.sonde.api.IdleMode;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.Network;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run in a container against the exchange's container on their own network, read back as a typed report.
 */
@Timeout(300)
class SondeLoadContainerIT
{
    @Test
    void aRunAgainstTheExchangeOnANetworkHandsBackItsTypedReport(@TempDir final Path dir) throws Exception
    {
        try (Network network = Network.newNetwork();
            SondeExchangeContainer exchange = new SondeExchangeContainer()
                .withImagePullPolicy(image -> false)
                .withNetwork(network)
                .withNetworkAliases("exchange"))
        {
            exchange.start();
            assertEquals("exchange:" + SondeExchangeContainer.FIX_PORT, exchange.networkEndpoint());
            final RunSpec spec = RunSpec.builder()
                .target("exchange", SondeExchangeContainer.FIX_PORT)
                .sessions(1)
                .rate(200)
                .warmup(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(2))
                // Two containers share this host's cores: busy threads that back off leave room for the exchange.
                .idle(IdleMode.BACKOFF)
                .build();
            try (SondeLoadContainer load = SondeLoadContainer.run(spec)
                .withImagePullPolicy(image -> false)
                .withNetwork(network)
                .withResultsOn(dir.resolve("run")))
            {
                load.start();

                final RunReport report = load.runReport();
                System.out.println("sonde run in a container: " + report + "\n" + report.checks());
                assertTrue(report.outcomes().sent() > 0, report.toString());
                assertTrue(report.outcomes().balances(), report.outcomes().toString());
                assertNotNull(report.verdict());
                assertTrue(List.of(0, 1, 3).contains(load.exitCode()), "exit code " + load.exitCode());
                assertEquals(report.verdict().exitCode(), load.exitCode(), report.checks().toString());
                assertEquals("exchange:9880", report.target());
                assertTrue(Files.size(dir.resolve("run").resolve(RunReport.INTERVAL_LOG)) > 0);
            }
        }
    }

    @Test
    void anOptionTheCommandLineRefusesFailsWithTheContainersLogs()
    {
        final RunSpec spec = RunSpec.builder()
            .target("nowhere", 9880)
            .venue(Path.of("/no/such/venue.yaml"))
            .duration(Duration.ofSeconds(1))
            .warmup(Duration.ZERO)
            .build();
        try (SondeLoadContainer load = SondeLoadContainer.run(spec).withImagePullPolicy(image -> false))
        {
            final SondeContainerException ex = assertThrows(SondeContainerException.class, load::start);
            assertTrue(ex.getMessage().contains("exited 2 (bad usage)"), ex.getMessage());
            assertTrue(ex.getMessage().contains("no such file"), "the command line's own words: " + ex.getMessage());
            assertTrue(ex.getMessage().contains("container's logs"), ex.getMessage());
        }
    }

    @Test
    void aRunThatCouldNotLogOnFailsWithTheContainersLogs()
    {
        final RunSpec spec = RunSpec.builder()
            .target("nowhere", 9880)
            .duration(Duration.ofSeconds(1))
            .warmup(Duration.ZERO)
            .build();
        try (SondeLoadContainer load = SondeLoadContainer.run(spec).withImagePullPolicy(image -> false))
        {
            final SondeContainerException ex = assertThrows(SondeContainerException.class, load::start);
            assertEquals(3, load.exitCode(), ex.getMessage());
            assertTrue(ex.getMessage().contains("wrote no result"), ex.getMessage());
            assertTrue(ex.getMessage().contains("could not log on to nowhere:9880"), ex.getMessage());
        }
    }
}
