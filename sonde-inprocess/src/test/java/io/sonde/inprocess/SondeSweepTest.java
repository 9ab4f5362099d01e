package io.sonde.inprocess;

import io.sonde.api.Check;
import io.sonde.api.StepVerdict;
import io.sonde.api.SweepReport;
import io.sonde.api.SweepSpec;
import io.sonde.api.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sweep in this process against a venue that cannot keep up above a rate finds its knee below that rate, stops at
 * the first step past it, and hands back what its folder holds.
 */
@Timeout(240)
class SondeSweepTest
{
    /** The venue's work on each order, on its one thread: it keeps up to about 330 orders a second. */
    private static final Duration PER_ORDER = Duration.ofMillis(3);
    /**
     * Far above what the venue's answers take below its limit, even with this shared host's stalls of up to 100 ms,
     * and far below what they take once it queues for seconds.
     */
    private static final double SLO_P99_MICROS = 500_000;

    @Test
    void aSweepPastWhatTheVenueAnswersStopsAtTheFirstStepThatBreachesWithTheKneeTheStepBefore(
        @TempDir final Path dir) throws Exception
    {
        try (QuickFixJVenue venue = new QuickFixJVenue(PER_ORDER))
        {
            final StringWriter console = new StringWriter();
            final Path out = dir.resolve("sweep");
            final SweepReport report = Sonde.sweep(SweepSpec.builder()
                .target("127.0.0.1", venue.port())
                .rates(100, 600, 1_200)
                .warmup(Duration.ofSeconds(1))
                .stepDuration(Duration.ofSeconds(3))
                .timeout(Duration.ofSeconds(2))
                .slo("p99=500ms")
                // Sonde's own health limits are loosened: this test is of the sweep, not of this shared host's stalls.
                .maxSendLateness(Duration.ofSeconds(1))
                .maxHiccup(Duration.ofSeconds(1))
                .out(out)
                .build(), new PrintWriter(console));

            final String context = report + "\n" + report.checks() + "\n" + console;
            assertEquals(List.of(100.0, 600.0), report.steps().stream().map(SweepReport.Step::rate).toList(),
                "the step past the knee is the last: " + context);
            assertEquals(List.of(StepVerdict.MET, StepVerdict.SLO_BREACHED),
                report.steps().stream().map(SweepReport.Step::stepVerdict).toList(), context);
            assertEquals(OptionalDouble.of(100), report.knee(), context);
            assertEquals(Optional.of(StepVerdict.SLO_BREACHED), report.stopReason(), context);
            assertEquals(Verdict.MISSED, report.verdict(), context);

            final SweepReport.Step met = report.steps().get(0);
            assertTrue(met.run().checks().stream().allMatch(Check::passed), context);
            assertTrue(met.run().corrected().p99() <= SLO_P99_MICROS, context);
            final SweepReport.Step breached = report.steps().get(1);
            assertTrue(breached.run().corrected().p99() > SLO_P99_MICROS,
                "twice what the venue answers queues for the whole step: " + breached.run().corrected());
            assertTrue(breached.run().achievedRate() >= 600 * 0.99, "the rate was sent: " + context);
            assertFalse(breached.run().checks().stream().filter(check -> check.group().equals("slo"))
                .allMatch(Check::passed), context);
            assertTrue(console.toString().contains("[warm-up] warmed the path"), console.toString());
            assertTrue(console.toString().lines().filter(line -> line.startsWith("[warm-up]"))
                .noneMatch(line -> line.contains(" measure ")), "the path's warm-up measures nothing: " + console);
            assertFalse(console.toString().matches("(?s).*\\bPT[0-9].*"), "durations as people write them: " +
                console);

            final SweepReport read = SweepReport.read(out);
            assertEquals(report.toString(), read.toString());
            assertEquals(report.knee(), read.knee());
            assertEquals(report.stopReason(), read.stopReason());
            assertEquals(report.checks(), read.checks());
            assertEquals(report.steps().stream().map(SweepReport.Step::stepVerdict).toList(),
                read.steps().stream().map(SweepReport.Step::stepVerdict).toList());
            assertTrue(Files.isRegularFile(out.resolve("sweep.csv")));
        }
    }
}
