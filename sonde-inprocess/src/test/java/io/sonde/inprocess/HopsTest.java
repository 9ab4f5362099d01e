package io.sonde.inprocess;

import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.api.Hop;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.FileNotFoundException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every run splits each new order's answer into the hops it crossed, against the bundled exchange (its own stamps),
 * an Artio venue and a QuickFIX/J venue (their TransactTime and SendingTime), and the hops add up. Answer by answer
 * they add up exactly, so their means add up to the answers' mean, and the hops of the answers at the median add
 * up to the answers' median within 10 %, always.
 * <p>
 * The hops' own medians are not held to the answers' median: an answer is slow in some one hop while the others
 * are fast, so the answers' median lies among answers each slow somewhere, while each hop's median does not. Even
 * on a steady path (the answers' p90 within 3 times their median) they added up to 76 % of it.
 */
@Timeout(180)
class HopsTest
{
    private static final double HOP_SUM_TOLERANCE = 0.10;
    private static final double MEAN_SUM_TOLERANCE = 0.02;
    /**
     * Few answers lie around the 99th percentile of a short run, so the bands taken for them reach further.
     */
    private static final double TAIL_SUM_TOLERANCE = 0.25;

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
            .rate(1000)
            .warmup(Duration.ofSeconds(3))
            .duration(Duration.ofSeconds(4))
            .out(dir.resolve("run"))
            .build(), new PrintWriter(console));
        assertEquals(report.outcomes().sent(), report.outcomes().acknowledged(), report.failures() + "\n" + console);
        for (final Hop hop : report.hops())
        {
            assertEquals(report.stage("new-ack").corrected().count(), hop.count(), hop.name() + "\n" + console);
        }
        assertEquals(names(report), names(RunReport.read(dir.resolve("run"))), "summary.json holds the hops");
        return report;
    }

    private static void assertHopsAddUp(final RunReport report)
    {
        final Map<String, Histogram> totals = totals(report.intervalLog());
        final Histogram answers = totals.get("new-ack.corrected");
        double sumOfMeans = 0;
        for (final Hop hop : report.hops())
        {
            sumOfMeans += totals.get("hop." + hop.name()).getMean();
        }
        assertEquals(answers.getMean(), sumOfMeans, MEAN_SUM_TOLERANCE * answers.getMean(), "means of the hops");

        final double median = report.stage("new-ack").corrected().p50();
        final double p99 = report.stage("new-ack").corrected().p99();
        final double medianAnswersHops = report.hops().stream().mapToDouble(Hop::atP50).sum();
        assertEquals(median, medianAnswersHops, HOP_SUM_TOLERANCE * median,
            "the hops of the answers at the median: " + report.hops());
        final double tailAnswersHops = report.hops().stream().mapToDouble(Hop::atP99).sum();
        assertEquals(p99, tailAnswersHops, TAIL_SUM_TOLERANCE * p99,
            "the hops of the answers at p99: " + report.hops());
    }

    /**
     * @return the measured series of the run's interval log, each added up over the run.
     */
    private static Map<String, Histogram> totals(final Path intervalLog)
    {
        final Map<String, Histogram> totals = new HashMap<>();
        try
        {
            final HistogramLogReader reader = new HistogramLogReader(intervalLog.toFile());
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null)
            {
                final Histogram histogram = (Histogram)interval;
                totals.computeIfAbsent(histogram.getTag(), tag -> new Histogram(3)).add(histogram);
            }
        }
        catch (final FileNotFoundException ex)
        {
            throw new UncheckedIOException(ex);
        }
        return totals;
    }

    private static List<String> names(final RunReport report)
    {
        return report.hops().stream().map(Hop::name).toList();
    }
}
