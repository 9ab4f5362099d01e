package io.sonde.api;

import io.sonde.api.inprocess.Sonde;
import io.sonde.fix.client.acceptor.ReferenceAcceptor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every run splits each new order's answer into the hops it crossed, against the bundled exchange (its own stamps)
 * and another venue (its TransactTime and SendingTime), and the hops add up: the sum of their medians is within
 * 10 % of the answers' median.
 */
@Timeout(180)
class HopsTest
{
    private static final double HOP_SUM_TOLERANCE = 0.10;

    @Test
    void anEmbeddedRunSplitsTheExchangeIntoGatewayConsensusAndMatching(@TempDir final Path dir)
    {
        final RunReport report = run(RunSpec.builder().embedded(true), dir);

        assertEquals(List.of("send", "fix-in", "gateway-in", "consensus", "matching", "gateway-out", "fix-out",
            "receive"), names(report));
        assertHopsAddUp(report);
    }

    @Test
    void aRunAgainstAnArtioVenueSplitsTheWireInTheVenueAndTheWireBack(@TempDir final Path dir)
    {
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(null))
        {
            final RunReport report = run(RunSpec.builder().target("127.0.0.1", acceptor.port()), dir);

            assertEquals(List.of("send", "to-venue", "in-venue", "from-venue", "receive"), names(report));
            assertHopsAddUp(report);
        }
    }

    @Test
    void aRunAgainstAQuickFixJVenueSplitsOnItsMicrosecondStamps(@TempDir final Path dir) throws Exception
    {
        try (QuickFixJVenue venue = new QuickFixJVenue())
        {
            final RunReport report = run(RunSpec.builder().target("127.0.0.1", venue.port()), dir);

            assertEquals(List.of("send", "to-venue", "in-venue", "from-venue", "receive"), names(report));
            assertHopsAddUp(report);
        }
    }

    private static RunReport run(final RunSpec.Builder builder, final Path dir)
    {
        final StringWriter console = new StringWriter();
        final RunReport report = Sonde.run(builder
            .rate(500)
            .warmup(Duration.ofSeconds(2))
            .duration(Duration.ofSeconds(4))
            // The hops are under test, not this shared host's stalls.
            .maxSendLateness(Duration.ofSeconds(1))
            .maxHiccup(Duration.ofSeconds(1))
            .maxMissPercent(10)
            .out(dir.resolve("run"))
            .build(), new PrintWriter(console));
        assertEquals(report.outcomes().sent(), report.outcomes().acknowledged(), report.failures() + "\n" + console);
        for (final RunReport.Hop hop : report.hops())
        {
            assertEquals(report.stage("new-ack").corrected().count(), hop.count(), hop.name() + "\n" + console);
        }
        assertEquals(names(report), names(RunReport.read(dir.resolve("run"))), "summary.json holds the hops");
        return report;
    }

    private static void assertHopsAddUp(final RunReport report)
    {
        final double sumOfMedians = report.hops().stream().mapToDouble(RunReport.Hop::p50).sum();
        final double median = report.stage("new-ack").corrected().p50();
        assertTrue(Math.abs(sumOfMedians - median) <= HOP_SUM_TOLERANCE * median,
            "sum of the hops' medians " + sumOfMedians + " µs against the answers' median " + median + " µs: " +
            report.hops());
    }

    private static List<String> names(final RunReport report)
    {
        return report.hops().stream().map(RunReport.Hop::name).toList();
    }
}
