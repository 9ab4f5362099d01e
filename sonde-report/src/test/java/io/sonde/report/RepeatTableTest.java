package io.sonde.report;

import io.sonde.api.ConfidenceInterval;
import io.sonde.api.RepeatedRun;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The runs of a repeat print one row each, with each percentile's interval in the value's unit (each end with its own
 * where they differ), and an interval the samples cannot support as none, with the reason under the table.
 */
class RepeatTableTest
{
    @Test
    void eachRunPrintsItsP50AndP99WithTheirIntervalsAndAMissingIntervalSaysWhy()
    {
        final List<RepeatedRun> runs = List.of(
            new RepeatedRun(1, "run.hlog", 40_000, 812, 3_890, Map.of(
                "p50", new ConfidenceInterval(790, 830, 20, 20, 1, ""),
                "p99", new ConfidenceInterval(3_100, 4_820, 20, 20, 1, ""))),
            new RepeatedRun(2, "run-2.hlog", 40_000, 999, 9_100, Map.of(
                "p50", new ConfidenceInterval(950, 1_020, 20, 20, 1, ""),
                "p99", new ConfidenceInterval(9_100, 9_100, 2, 2, 1, "p99: 2 intervals make 2 blocks of 1, needs ≥ " +
                    "10 blocks"))));

        final StringWriter printed = new StringWriter();
        try (PrintWriter out = new PrintWriter(printed))
        {
            RepeatTable.print(out, runs);
        }

        assertEquals(String.join("\n",
            "2 runs after one warm-up, each in its own interval log; the figures below pool them (corrected, 95 % " +
                "intervals):",
            "run   log               count  p50                        p99",
            "1     run.hlog         40,000  812µs (790–830)            3.89ms (3.10–4.82)",
            "2     run-2.hlog       40,000  999µs (950µs–1.02ms)       9.10ms (no interval)",
            "  run 2 p99: 2 intervals make 2 blocks of 1, needs ≥ 10 blocks",
            ""), printed.toString());
    }

    @Test
    void aSweepStepPrintsItsRunsOnOneLine()
    {
        final List<String> notes = new ArrayList<>();

        final String line = RepeatTable.stepLine("1000/s", List.of(
            new RepeatedRun(1, "run.hlog", 10_000, 412, 3_890, Map.of(
                "p50", new ConfidenceInterval(398, 425, 10, 10, 1, ""),
                "p99", new ConfidenceInterval(3_100, 4_820, 10, 10, 1, ""))),
            new RepeatedRun(2, "run-2.hlog", 0, 0, 0, Map.of())), notes);

        assertEquals("   1000/s  run 1 412µs (398–425) / 3.89ms (3.10–4.82); run 2 no sample / no sample", line);
        assertEquals(List.of(), notes);
    }

    @Test
    void aRunMeasuredOncePrintsNothing()
    {
        final StringWriter printed = new StringWriter();
        try (PrintWriter out = new PrintWriter(printed))
        {
            RepeatTable.print(out, List.of());
        }

        assertEquals("", printed.toString());
    }
}
