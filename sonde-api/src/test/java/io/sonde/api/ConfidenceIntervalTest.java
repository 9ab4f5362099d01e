package io.sonde.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each percentile carries its interval in the summary, typed through {@link Percentiles#interval}; a shortfall is
 * written only when there is one, and a summary written before intervals reads with none.
 */
class ConfidenceIntervalTest
{
    private static final ConfidenceInterval P50 = new ConfidenceInterval(9.5, 10.5, 120, 120, 1, "");
    private static final ConfidenceInterval P99_99 =
        new ConfidenceInterval(50, 50, 120, 120, 1, "p99.99: 5,000 samples, needs ≥ 100,000");

    @TempDir
    Path dir;

    @Test
    void aPercentileGivesItsIntervalTypedAndTheMaximumHasNone()
    {
        final Percentiles figures = new Percentiles(10, 20, 30, 40, 50, 60, 5000, intervals());

        assertEquals(Optional.of(P50), figures.interval(50));
        assertEquals(Optional.of(P99_99), figures.interval(99.99));
        assertEquals(Optional.empty(), figures.interval(99));
        assertTrue(P50.supported());
        assertFalse(P99_99.supported());
        assertThrows(IllegalArgumentException.class, () -> figures.interval(100));
    }

    @Test
    void theSummaryWritesEachIntervalWithItsBlocksAndAShortfallOnlyWhereThereIsOne() throws Exception
    {
        final Percentiles figures = new Percentiles(10, 20, 30, 40, 50, 60, 5000, intervals());
        final RunSummary written = new RunSummary("run", 1, 1, 0, 0, 0, 0, 1, 1, 1, false, figures, null, null, null,
            null, 0, 0, 0, 0, null, null, List.of("run.hlog"), null, "t", "new=100", 1, 0, null,
            List.of(new Hop("send", 1, 2, 3, 4, 5, 6, 1, 2, Map.of("p50", P50))), null, null, null, null,
            null, null, 0, null, null, null, null, List.of(), null);

        written.write(dir.resolve(RunReport.SUMMARY_FILE));

        final String json = Files.readString(dir.resolve(RunReport.SUMMARY_FILE));
        assertTrue(json.contains("\"intervals\" : {\n      \"p50\" : {\n        \"lower\" : 9.5,\n" +
            "        \"upper\" : 10.5,\n        \"blocks\" : 120,\n        \"intervals\" : 120,\n" +
            "        \"runs\" : 1\n      },"), json);
        assertTrue(json.contains("\"shortfall\" : \"p99.99: 5,000 samples, needs ≥ 100,000\""), json);
        final RunReport report = RunReport.read(dir);
        assertEquals(figures, report.corrected());
        assertEquals(Optional.of(P50), report.hops().get(0).interval(50));
        assertEquals(Map.of(), report.uncorrected().intervals());
    }

    @Test
    void figuresWrittenBeforeIntervalsReadWithNone()
    {
        assertEquals(new Percentiles(10, 20, 30, 40, 50, 60, 5000, null), new Percentiles(10, 20, 30, 40, 50, 60,
            5000));
        assertEquals(Optional.empty(), new Percentiles(10, 20, 30, 40, 50, 60, 5000).interval(99));
    }

    private static Map<String, ConfidenceInterval> intervals()
    {
        final Map<String, ConfidenceInterval> intervals = new LinkedHashMap<>();
        intervals.put("p50", P50);
        intervals.put("p99_99", P99_99);
        return intervals;
    }
}
