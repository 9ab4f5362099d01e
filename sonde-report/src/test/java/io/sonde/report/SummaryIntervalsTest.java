package io.sonde.report;

import io.sonde.api.ConfidenceInterval;
import io.sonde.api.FaultKind;
import io.sonde.api.FaultResult;
import io.sonde.api.Hop;
import io.sonde.api.Percentiles;
import io.sonde.api.RunReport;
import io.sonde.api.RunSummary;
import io.sonde.loadgen.record.IntervalLog;
import io.sonde.loadgen.result.HistogramPercentiles;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every latency percentile of a run's summary gets its interval from the folder's interval log, the same each time
 * it is computed: when the engine writes the summary, and when a report reads a folder written before intervals.
 * A log cut short gives intervals that say how many intervals they used, and a fault's windows get theirs from the
 * intervals within each window.
 */
class SummaryIntervalsTest
{
    private static final long START_MS = 1_700_000_000_000L;
    private static final int INTERVALS = 30;
    private static final int PER_INTERVAL = 2_000;

    @TempDir
    Path dir;

    @Test
    void everyLatencyOfTheSummaryGetsItsIntervalAndTheSameFolderGivesTheSameIntervals()
    {
        final Histogram total = writeLog(dir.resolve(RunReport.INTERVAL_LOG), INTERVALS);
        final RunSummary summary = summary(HistogramPercentiles.of(total), List.of());

        final RunSummary withIntervals = SummaryIntervals.of(summary, List.of(dir.resolve(RunReport.INTERVAL_LOG)));

        final Percentiles corrected = withIntervals.corrected();
        assertEquals(List.of("p50", "p90", "p99", "p99_9", "p99_99"), List.copyOf(corrected.intervals().keySet()));
        for (final double percentile : new double[] {50, 90, 99, 99.9})
        {
            final ConfidenceInterval interval = corrected.interval(percentile).orElseThrow();
            assertTrue(interval.supported(), interval.shortfall());
            assertTrue(interval.lower() <= corrected.at(percentile) && corrected.at(percentile) <= interval.upper(),
                percentile + ": " + interval);
            assertEquals(INTERVALS, interval.intervals());
            assertEquals(1, interval.runs());
        }
        assertEquals("p99.99: 60,000 samples, needs ≥ 100,000", corrected.interval(99.99).orElseThrow().shortfall());
        assertFalse(withIntervals.uncorrected().intervals().isEmpty());
        assertTrue(withIntervals.stages().get("new-ack").corrected().interval(99).isPresent());
        assertEquals(Map.of(), withIntervals.stages().get("new-ack").lateness().intervals());
        assertEquals(List.of("p50", "p99", "p99_9"), List.copyOf(withIntervals.hops().get(0).intervals().keySet()));
        assertEquals(withIntervals, SummaryIntervals.of(summary, List.of(dir.resolve(RunReport.INTERVAL_LOG))));
    }

    @Test
    void aFolderWrittenBeforeIntervalsGetsThemFromItsLogWhenAReportReadsIt()
    {
        final Histogram total = writeLog(dir.resolve(RunReport.INTERVAL_LOG), INTERVALS);
        summary(HistogramPercentiles.of(total), List.of()).write(dir.resolve(RunReport.SUMMARY_FILE));

        assertEquals(Map.of(), RunReport.read(dir).corrected().intervals());
        final RunReport filled = SummaryIntervals.filled(RunReport.read(dir));
        assertEquals(SummaryIntervals.of(RunReport.read(dir).summary(), List.of(dir.resolve(RunReport.INTERVAL_LOG))),
            filled.summary());
        assertTrue(filled.corrected().interval(99).orElseThrow().supported());
        final ReportRow row = ReportInput.read("A", List.of(dir)).rows().get(0);
        assertEquals(filled.corrected().intervals(), ReportStats.corrected(row).intervals());
        assertEquals(filled.hops().get(0).intervals(), HopBreakdown.of(row).get(0).intervals());
    }

    @Test
    void aLogCutShortGivesIntervalsThatSayHowManyIntervalsTheyUsed() throws Exception
    {
        final Path log = dir.resolve(RunReport.INTERVAL_LOG);
        final Histogram total = writeLog(log, INTERVALS);
        final String text = Files.readString(log, StandardCharsets.US_ASCII);
        final int twentyFirst = nthLineOf(text, "corrected", 21);
        Files.writeString(log, text.substring(0, twentyFirst + 40), StandardCharsets.US_ASCII);

        final RunSummary cut = SummaryIntervals.of(summary(HistogramPercentiles.of(total), List.of()), List.of(log));

        assertEquals(20, cut.corrected().interval(50).orElseThrow().intervals());
        assertEquals(20, cut.corrected().interval(50).orElseThrow().blocks());
    }

    @Test
    void aFaultsWindowsGetTheirIntervalsFromTheIntervalsWithinEachWindow()
    {
        final Histogram total = writeLog(dir.resolve(RunReport.INTERVAL_LOG), INTERVALS);
        final Percentiles all = HistogramPercentiles.of(total);
        final FaultResult fault = new FaultResult(10, FaultKind.of("disconnect"), "1", List.of("SONDE1"),
            OptionalInt.empty(), Instant.ofEpochMilli(START_MS + 12_500), OptionalDouble.of(2_000), Optional.empty(),
            1, new FaultResult.InFlightOutcomes(1, 0, 0), 0, List.of(), 0, List.of(), 0,
            new FaultResult.Windows(all, all, all));

        final FaultResult.Windows windows = SummaryIntervals.of(summary(all, List.of(fault)),
            List.of(dir.resolve(RunReport.INTERVAL_LOG))).faults().get(0).windows();

        assertEquals(10, windows.before().interval(50).orElseThrow().intervals());
        assertEquals(3, windows.during().interval(50).orElseThrow().intervals());
        assertEquals(17, windows.after().interval(50).orElseThrow().intervals());
        assertEquals("p50: 3 intervals make 3 blocks of 1, needs ≥ 10 blocks",
            windows.during().interval(50).orElseThrow().shortfall());
    }

    /**
     * A log of one-second intervals starting at {@link #START_MS}, two seconds of warm-up first: latencies of 100 µs
     * plus an exponential tail of mean 50 µs in every measured series.
     *
     * @return the measured corrected latencies added up.
     */
    private static Histogram writeLog(final Path file, final int intervals)
    {
        final SplittableRandom random = new SplittableRandom(42);
        final Histogram total = new Histogram(3);
        try (IntervalLog log = new IntervalLog(file, START_MS, "SummaryIntervalsTest"))
        {
            for (int second = -2; second < intervals; second++)
            {
                final boolean warmup = second < 0;
                for (final String series : List.of("corrected", "uncorrected", "new-ack.corrected", "hop.send"))
                {
                    final Histogram interval = new Histogram(3);
                    interval.setTag(warmup ? "warmup-" + series : series);
                    for (int i = 0; i < PER_INTERVAL; i++)
                    {
                        interval.recordValue(100_000 + (long)(-50_000 * Math.log(1 - random.nextDouble())));
                    }
                    interval.setStartTimeStamp(START_MS + 2_000 + second * 1_000L);
                    interval.setEndTimeStamp(START_MS + 3_000 + second * 1_000L);
                    if (!warmup && series.equals("corrected"))
                    {
                        total.add(interval);
                    }
                    log.write(interval);
                }
            }
        }
        return total;
    }

    private static RunSummary summary(final Percentiles corrected, final List<FaultResult> faults)
    {
        return new RunSummary("run", 0, 0, 0, 0, 0, 0, 1000, 1000, INTERVALS, false, corrected, corrected, corrected,
            null, null, 0, 0, 0, 0, null, null, List.of(RunReport.INTERVAL_LOG), null, "127.0.0.1:9880", "new=100",
            1, 0, Map.of("new-ack", new RunReport.Stage(corrected, corrected, corrected)),
            List.of(new Hop("send", corrected.p50(), corrected.p90(), corrected.p99(), corrected.p99_9(),
                corrected.max(), corrected.count(), 0, 0)), null, null, null, null, null, null, 0, null, null,
            faults, null, List.of(), null);
    }

    private static int nthLineOf(final String text, final String tag, final int n)
    {
        int at = -1;
        for (int found = 0; found < n; found++)
        {
            at = text.indexOf("Tag=" + tag + ",", at + 1);
        }
        return at;
    }
}
