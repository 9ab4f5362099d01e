package com.example.trading;

import io.sonde.api.IdleMode;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.api.Verdict;
import io.sonde.testcontainers.SondeAcceptorContainer;
import io.sonde.testcontainers.SondeLoadContainer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.Network;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * (b) Load: a FIX acceptor in its own container, standing in for our gateway's container, driven by Sonde in a
 * second container at 500 orders/s; the test asserts on the rate sent, the latency percentiles and the outcomes.
 */
@Timeout(300)
class GatewayUnderLoadTest
{
    private static final double RATE = 500;
    private static final Duration DURATION = Duration.ofSeconds(5);

    @Test
    void theGatewayKeepsItsTailUnder200msAt500OrdersPerSecond(@TempDir final Path results)
    {
        // Stand-in for our gateway: Sonde's reference acceptor (acknowledges every order), listening on every
        // interface of its container, which the load container reaches by its alias. Started once it prints READY.
        try (Network network = Network.newNetwork();
            SondeAcceptorContainer gateway = new SondeAcceptorContainer()
                .withImagePullPolicy(image -> false)
                .withNetwork(network)
                .withNetworkAliases("gateway")
                .withIdle(IdleMode.BACKOFF))
        {
            gateway.start();

            final RunSpec spec = RunSpec.builder()
                // Resolved inside Docker: the gateway's network alias and its container port.
                .target("gateway", SondeAcceptorContainer.FIX_PORT)
                .targetCompId(gateway.targetCompId())
                .sessions(1)
                .rate(RATE)
                // Long enough for both JVMs to compile the FIX path before anything is measured.
                .warmup(Duration.ofSeconds(3))
                .duration(DURATION)
                // Two containers share the build machine's cores: threads that back off leave room for both.
                .idle(IdleMode.BACKOFF)
                // A shared CI machine stalls Sonde's own process for tens of milliseconds at times; the defaults
                // (20 ms send lateness, 50 ms hiccup) would then call the run void. This test judges the gateway
                // by the percentiles below, so Sonde's own limits are loosened to match.
                .maxSendLateness(Duration.ofMillis(200))
                .maxHiccup(Duration.ofMillis(500))
                .build();
            try (SondeLoadContainer load = SondeLoadContainer.run(spec)
                .withImagePullPolicy(image -> false)
                .withNetwork(network)
                .withResultsOn(results))
            {
                load.start();

                final RunReport report = load.runReport();
                System.out.println(report + "\n" + report.checks());
                // Void: Sonde could not keep to its schedule, so nothing below would say anything about the gateway.
                assertNotEquals(Verdict.VOID, report.verdict(), report.checks().toString());
                final double expected = RATE * DURATION.toSeconds();
                assertEquals(expected, report.outcomes().sent(), expected * 0.1,
                    "sent at " + RATE + "/s for " + DURATION.toSeconds() + " s: " + report.outcomes());
                assertTrue(report.outcomes().balances(), report.outcomes().toString());
                assertTrue(report.outcomes().acknowledged() > 0, report.outcomes().toString());
                // Percentiles are in microseconds; corrected = measured from each order's intended send time.
                assertTrue(report.corrected().p99() < 200_000, "corrected p99 " + report.corrected());
            }
        }
    }
}
