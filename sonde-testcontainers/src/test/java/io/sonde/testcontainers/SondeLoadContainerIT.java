package io.sonde.testcontainers;

import io.sonde.api.IdleMode;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.api.StepVerdict;
import io.sonde.api.SweepReport;
import io.sonde.api.SweepSpec;
import io.sonde.api.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.Network;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run or a sweep in a container against a system's container on their own network, read back as a typed report.
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
                // Two containers share this host's cores: busy threads that back off leave room for the exchange,
                // and loose limits keep the host's stalls out of a verdict on a load the exchange keeps up with.
                .idle(IdleMode.BACKOFF)
                .slo("p99=1s")
                .maxSendLateness(Duration.ofSeconds(1))
                .maxHiccup(Duration.ofSeconds(1))
                .maxMissPercent(10)
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
                assertEquals(Verdict.PASSED, report.verdict(), report.checks().toString());
                assertEquals(0, load.exitCode(), "the container exits with its verdict's code: " + report.checks());
                assertEquals("exchange:9880", report.target());
                assertTrue(Files.size(dir.resolve("run").resolve(RunReport.INTERVAL_LOG)) > 0);
            }
        }
    }

    @Test
    void aTwoStepSweepAgainstTheAcceptorOnANetworkHandsBackEveryStepAndTheKnee(@TempDir final Path dir)
    {
        try (Network network = Network.newNetwork();
            SondeAcceptorContainer gateway = new SondeAcceptorContainer()
                .withImagePullPolicy(image -> false)
                .withNetwork(network)
                .withNetworkAliases("gateway"))
        {
            gateway.start();
            final SweepSpec spec = SweepSpec.builder()
                .target("gateway", SondeAcceptorContainer.FIX_PORT)
                .targetCompId(gateway.targetCompId())
                .rates(100, 200)
                .warmup(Duration.ofSeconds(1))
                .stepDuration(Duration.ofSeconds(2))
                // The acceptor keeps up with either rate: loose limits keep this shared host's stalls out of it, and
                // a late last send, which stretches a step's 2 s window, out of its rate.
                .slo("p99=1s")
                .maxSendLateness(Duration.ofSeconds(1))
                .maxHiccup(Duration.ofSeconds(1))
                .maxMissPercent(10)
                .idle(IdleMode.BACKOFF)
                .build();
            final Path results = dir.resolve("sweep");
            try (SondeLoadContainer load = SondeLoadContainer.sweep(spec)
                .withImagePullPolicy(image -> false)
                .withNetwork(network)
                .withResultsOn(results))
            {
                load.start();

                final SweepReport report = load.sweepReport();
                final String context = report + "\n" + report.checks();
                System.out.println("sonde sweep in a container: " + context);
                assertEquals(List.of(100.0, 200.0), report.steps().stream().map(SweepReport.Step::rate).toList(),
                    context);
                assertEquals(List.of(StepVerdict.MET, StepVerdict.MET),
                    report.steps().stream().map(SweepReport.Step::stepVerdict).toList(), context);
                assertEquals(OptionalDouble.of(200), report.knee(), context);
                assertEquals(Optional.empty(), report.stopReason(), "every planned step met: " + context);
                assertEquals(Verdict.PASSED, report.verdict(), context);
                assertEquals(0, load.exitCode(), context);
                assertEquals("gateway:9878", report.target());
                for (final SweepReport.Step step : report.steps())
                {
                    assertEquals(step.rate() * 2, step.run().outcomes().sent(), step.rate() * 2 * 0.1,
                        step.run().outcomes().toString());
                }

                final SweepReport read = SweepReport.read(results);
                assertEquals(report.toString(), read.toString());
                assertEquals(report.checks(), read.checks());
                assertTrue(Files.isRegularFile(results.resolve("sweep.csv")));
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
    void aRunThatCouldNotLogOnHandsBackAVoidReportThatSaysWhy()
    {
        final RunSpec spec = RunSpec.builder()
            .target("nowhere", 9880)
            .duration(Duration.ofSeconds(1))
            .warmup(Duration.ZERO)
            .build();
        try (SondeLoadContainer load = SondeLoadContainer.run(spec).withImagePullPolicy(image -> false))
        {
            load.start();

            final RunReport report = load.runReport();
            assertEquals(3, load.exitCode(), report.checks().toString());
            assertEquals(Verdict.VOID, report.verdict(), report.checks().toString());
            assertEquals(0, report.outcomes().sent());
            assertTrue(report.checks().get(0).detail().contains("could not log on to nowhere:9880"),
                report.checks().toString());
        }
    }
}
