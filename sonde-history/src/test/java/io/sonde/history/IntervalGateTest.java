package io.sonde.history;

import io.sonde.api.Check;
import io.sonde.api.Slo;
import io.sonde.loadgen.confidence.IntervalHistograms;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The regression gate judges the ratio new ÷ baseline at each percentile by its 95 % interval, resampled from both
 * runs' {@code run.hlog}: a regression only when the whole interval lies above the limit, inconclusive (a warning
 * that says what would settle it) when it holds the limit. Runs are faked as a run writes them
 * ({@link RunFolders}): latencies about 51 µs at p50, and the same shifted by 100 µs for an acceptor answering
 * that much later ({@code sonde acceptor --delay 100us}).
 */
class IntervalGateTest
{
    private static final int INTERVALS = 30;
    private static final int PER_INTERVAL = 400;
    private static final double TOLERANCE = 0.10;
    private static final double DELAY_MICROS = 100;
    private static final String SCENARIO = "run --rate 400";

    @TempDir
    Path dir;

    @Test
    void theSameBuildAsBaselineAndAsNewIsNeverARegression() throws Exception
    {
        for (long seed = 1; seed <= 5; seed++)
        {
            try (HistoryDatabase history = open("same-" + seed))
            {
                final RegressionReport report = judge(history, "base-" + seed,
                    run(seed, 0), "new-" + seed, run(seed + 1000, 0), List.of());

                assertEquals(List.of("p50", "p99", "p99.9"), percentiles(report));
                for (final PercentileVerdict verdict : report.verdicts())
                {
                    assertNotEquals(PercentileVerdict.Outcome.REGRESSION, verdict.verdict(), "seed " + seed + ": " +
                        verdict);
                    assertTrue(verdict.hasInterval(), "seed " + seed + ": " + verdict);
                }
                assertTrue(report.passed());
            }
        }
    }

    @Test
    void anAcceptorAnswering100MicrosecondsLaterIsARegressionAtP50() throws Exception
    {
        try (HistoryDatabase history = open("delayed"))
        {
            final RegressionReport report = judge(history, "base", run(1, 0), "delayed",
                run(2, DELAY_MICROS), List.of());

            final PercentileVerdict p50 = report.verdicts().get(0);
            assertEquals(PercentileVerdict.Outcome.REGRESSION, p50.verdict(), p50.toString());
            assertTrue(p50.ratioLower() > p50.allowedRatio(), "the whole interval lies above the limit: " + p50);
            assertTrue(p50.ratioLower() <= p50.ratio() && p50.ratio() <= p50.ratioUpper(), p50.toString());
            assertFalse(report.passed());
            final Check check = report.checks().get(0);
            assertEquals(Check.Outcome.FAILED, check.outcome());
            assertTrue(check.detail().contains(RegressionReport.ratio(p50)), check.detail());
        }
    }

    @Test
    void onlyTheMeasuredIntervalsAreResampledNotTheWarmUp() throws Exception
    {
        try (HistoryDatabase history = open("warm-up"))
        {
            final RegressionReport report = judge(history, "base", run(1, 0), "new", run(2, 0),
                Slo.parse("max=1s"));
            final StepPercentiles recorded = history.percentiles(1).get(0);

            final PercentileVerdict max = report.verdicts().get(0);
            assertEquals(recorded.get(StepPercentiles.CORRECTED).max(), max.baselineMicros(), 0.001,
                "the measured intervals' maximum, as the summary has it");
            assertTrue(max.baselineMicros() < RunFolders.WARMUP_NANOS / 1000.0, max.toString());
        }
    }

    @Test
    void aSmallDifferenceIsInconclusiveAWarningThatSaysWhatWouldSettleIt() throws Exception
    {
        try (HistoryDatabase history = open("small"))
        {
            final RegressionReport report = judge(history, "base",
                List.of(RunFolders.latencies(1, 12, 100, 0)), "small",
                List.of(RunFolders.latencies(2, 12, 100, 5)), Slo.parse("p50=1s"));

            final PercentileVerdict p50 = report.verdicts().get(0);
            assertEquals(PercentileVerdict.Outcome.INCONCLUSIVE, p50.verdict(), p50.toString());
            assertTrue(p50.passed() && report.passed(), "inconclusive is no failure");
            assertTrue(p50.note().matches(".*holds the limit 1\\.10x; a run about \\d+× as long, or --repeat \\d+, " +
                "would likely settle it"), p50.note());
            final Check check = report.checks().get(0);
            assertEquals(Check.Outcome.WARNING, check.outcome());
            assertTrue(check.detail().startsWith("inconclusive") && check.detail().contains("--repeat"),
                check.detail());
        }
    }

    @Test
    void aBaselineRecordedWithoutItsIntervalLogIsJudgedByTheRatioAloneSayingSo() throws Exception
    {
        try (HistoryDatabase history = open("old"))
        {
            final long baseline = history.record(RecordedFolder.read(RunFolders.summaryOnly(dir.resolve("old"), "")),
                "old", Map.of());
            final RecordedFolder fresh = RecordedFolder.read(RunFolders.withLogs(dir.resolve("new"), run(2, 0)));

            final RegressionReport report = RegressionGate.judge(history, BaselineChoice.parse("last"),
                history.run(baseline).orElseThrow(), fresh, Slo.parse("p50=1s"), TOLERANCE);

            final PercentileVerdict p50 = report.verdicts().get(0);
            assertFalse(p50.hasInterval());
            assertEquals("run " + baseline + " was recorded without the corrected intervals of its run.hlog: no " +
                "interval, judged by the ratio alone, as before intervals", p50.note());
            assertEquals(PercentileVerdict.Outcome.REGRESSION, p50.verdict(), "about 51 µs against its 10 µs");
            assertEquals(p50.newMicros() / 10.0, p50.ratio(), 1e-9);
        }
    }

    @Test
    void aPercentileTheSamplesCannotSupportSaysWhatTheyLackNeverABareInterval() throws Exception
    {
        try (HistoryDatabase history = open("few"))
        {
            final RegressionReport report = judge(history, "base",
                List.of(RunFolders.latencies(1, INTERVALS, 20, 0)), "few",
                List.of(RunFolders.latencies(2, INTERVALS, 20, 0)), List.of());

            final PercentileVerdict p999 = report.verdicts().get(2);
            assertFalse(p999.hasInterval());
            assertEquals("new p99.9: 600 samples, needs ≥ 10,000: no interval, judged by the ratio alone",
                p999.note());
            assertTrue(report.verdicts().get(0).hasInterval(), "600 samples support p50");
        }
    }

    @Test
    void aNewResultMeasuredSeveralTimesUsesItsRunsVariationInPlaceOfTheRecentRuns() throws Exception
    {
        try (HistoryDatabase history = open("repeat"))
        {
            history.record(RecordedFolder.read(RunFolders.withLogs(dir.resolve("older"), List.of(
                RunFolders.latencies(7, INTERVALS, PER_INTERVAL, 200)))), SCENARIO, Map.of());

            final RegressionReport report = judge(history, "base", run(1, 0), "repeated",
                List.of(delayed(2), delayed(3), delayed(4)), Slo.parse("p50=1s"));

            assertEquals(3, report.newRuns());
            assertEquals(List.of(), report.recentRuns(), "no recent runs' spread");
            final PercentileVerdict p50 = report.verdicts().get(0);
            assertEquals(0, p50.spread());
            assertEquals(PercentileVerdict.Outcome.REGRESSION, p50.verdict(), p50.toString());
        }
    }

    @Test
    void pooledRunsOfOneBuildPassAndTheirVariationWidensTheInterval()
    {
        final IntervalHistograms baseline = IntervalHistograms.of(latencies(1, 0));
        final IntervalHistograms steady = IntervalHistograms.ofRuns(List.of(latencies(2, 0), latencies(3, 0),
            latencies(4, 0)));
        final IntervalHistograms hostChanged = IntervalHistograms.ofRuns(List.of(latencies(2, 0), latencies(3, 0),
            latencies(4, 8)));
        final IntervalHistograms delayed = IntervalHistograms.ofRuns(List.of(latencies(2, DELAY_MICROS),
            latencies(3, DELAY_MICROS), latencies(4, DELAY_MICROS)));
        final double allowed = RegressionRule.allowedRatio(TOLERANCE, 0, 0);

        final PercentileVerdict same = RegressionRule.byInterval("", "p50", 50, baseline, steady, 0, 0, allowed);
        final PercentileVerdict changed = RegressionRule.byInterval("", "p50", 50, baseline, hostChanged, 0, 0,
            allowed);
        final PercentileVerdict slower = RegressionRule.byInterval("", "p50", 50, baseline, delayed, 0, 0, allowed);

        assertEquals(PercentileVerdict.Outcome.PASS, same.verdict(), same.toString());
        assertEquals(PercentileVerdict.Outcome.REGRESSION, slower.verdict(), slower.toString());
        assertTrue(changed.ratioUpper() - changed.ratioLower() > same.ratioUpper() - same.ratioLower(),
            "runs that differ widen the interval: " + same + " against " + changed);
    }

    /**
     * Record the baseline under {@code scenario}, then judge the new result against it.
     */
    private RegressionReport judge(
        final HistoryDatabase history,
        final String baselineName,
        final List<List<Histogram>> baseline,
        final String freshName,
        final List<List<Histogram>> fresh,
        final List<Slo> objectives) throws Exception
    {
        final long id = history.record(RecordedFolder.read(RunFolders.withLogs(dir.resolve(baselineName), baseline)),
            SCENARIO, Map.of());
        return RegressionGate.judge(history, BaselineChoice.parse("last"), history.run(id).orElseThrow(),
            RecordedFolder.read(RunFolders.withLogs(dir.resolve(freshName), fresh)), objectives, TOLERANCE);
    }

    private static List<List<Histogram>> run(final long seed, final double shiftMicros)
    {
        return List.of(latencies(seed, shiftMicros));
    }

    private static List<Histogram> delayed(final long seed)
    {
        return latencies(seed, DELAY_MICROS);
    }

    private static List<Histogram> latencies(final long seed, final double shiftMicros)
    {
        return RunFolders.latencies(seed, INTERVALS, PER_INTERVAL, shiftMicros);
    }

    private static List<String> percentiles(final RegressionReport report)
    {
        return report.verdicts().stream().map(PercentileVerdict::percentile).toList();
    }

    private HistoryDatabase open(final String name)
    {
        return HistoryDatabase.open(HistoryLocation.resolve(dir.resolve(name + ".db").toString()));
    }
}
