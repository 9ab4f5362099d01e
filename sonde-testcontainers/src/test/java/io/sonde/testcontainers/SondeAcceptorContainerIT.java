package io.sonde.testcontainers;

import io.sonde.api.IdleMode;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.api.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.Network;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reference acceptor's container in real Docker, standing in for a gateway that a load container drives on
 * their own network.
 */
@Timeout(300)
class SondeAcceptorContainerIT
{
    private static final double RATE = 200;
    private static final Duration DURATION = Duration.ofSeconds(3);

    @Test
    void itStartsOnceTheAcceptorPrintsReadyAndServesItsFixPortOnTheHost() throws IOException
    {
        try (SondeAcceptorContainer acceptor = new SondeAcceptorContainer().withImagePullPolicy(image -> false))
        {
            acceptor.start();

            assertTrue(acceptor.getLogs().contains("sonde acceptor: READY on 0.0.0.0:9878"), acceptor.getLogs());
            try (Socket socket = new Socket())
            {
                socket.connect(new InetSocketAddress(acceptor.fixHost(), acceptor.fixPort()), 5_000);
                assertTrue(socket.isConnected());
            }
        }
    }

    @Test
    void aLoadContainerOnItsNetworkSendsAtTheRateAskedAndGetsAVerdict(@TempDir final Path dir)
    {
        try (Network network = Network.newNetwork();
            SondeAcceptorContainer gateway = new SondeAcceptorContainer()
                .withImagePullPolicy(image -> false)
                .withNetwork(network)
                .withNetworkAliases("gateway"))
        {
            gateway.start();
            assertEquals("gateway:" + SondeAcceptorContainer.FIX_PORT, gateway.networkEndpoint());
            final RunSpec spec = RunSpec.builder()
                .target("gateway", SondeAcceptorContainer.FIX_PORT)
                .targetCompId(gateway.targetCompId())
                .sessions(1)
                .rate(RATE)
                .warmup(Duration.ofSeconds(1))
                .duration(DURATION)
                // Two containers share this host's cores: busy threads that back off leave room for the acceptor.
                .idle(IdleMode.BACKOFF)
                .build();
            try (SondeLoadContainer load = SondeLoadContainer.run(spec)
                .withImagePullPolicy(image -> false)
                .withNetwork(network)
                .withResultsOn(dir.resolve("run")))
            {
                load.start();

                final RunReport report = load.runReport();
                System.out.println("sonde run against the acceptor's container: " + report + "\n" + report.checks());
                final double expected = RATE * DURATION.toSeconds();
                assertEquals(expected, report.outcomes().sent(), expected * 0.1, "sent at " + RATE + "/s for " +
                    DURATION.toSeconds() + " s: " + report.outcomes());
                assertEquals(report.outcomes().sent(), report.outcomes().acknowledged(), report.outcomes().toString());
                assertNotEquals(Verdict.VOID, report.verdict(), report.checks().toString());
                assertEquals("gateway:9878", report.target());
            }
        }
    }
}
