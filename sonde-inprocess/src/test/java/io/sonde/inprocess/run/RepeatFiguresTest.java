package io.sonde.inprocess.run;

import io.sonde.api.Check;
import io.sonde.api.RepeatedRun;
import io.sonde.loadgen.record.IntervalLog;
import io.sonde.loadgen.record.RequestSeries;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each run of a repeat is read from its own log, and runs whose own intervals share no value are called out: the
 * host changed between them. The logs here are written as a run writes them, from latencies of known distributions.
 */
class RepeatFiguresTest
{
    private static final int INTERVALS = 20;
    private static final int PER_INTERVAL = 500;
    private static final long START_MS = 1_700_000_000_000L;
    private static final int PAIRS = 100;

    @TempDir
    Path dir;

    /**
     * Runs of one distribution agree as a rule, not always ({@link #pairsOfOneDistributionAreRarelyToldApart}), which
     * is why it is a warning and not a failure. These three agree.
     */
    @Test
    void runsOfOneDistributionAgreeAndEachHasItsOwnFigures()
    {
        final List<Path> logs = List.of(log("run.hlog", 1000, 100), log("run-2.hlog", 1001, 100),
            log("run-3.hlog", 1002, 100));

        final RepeatFigures figures = RepeatFigures.of("", logs);

        assertEquals(List.of(), figures.checks(), "no warning");
        assertEquals(List.of("run.hlog", "run-2.hlog", "run-3.hlog"),
            figures.runs().stream().map(RepeatedRun::intervalLog).toList());
        for (final RepeatedRun run : figures.runs())
        {
            assertEquals((long)INTERVALS * PER_INTERVAL, run.count());
            assertTrue(run.interval(50).orElseThrow().supported(), run.toString());
            assertTrue(run.interval(50).orElseThrow().lower() <= run.p50() &&
                run.p50() <= run.interval(50).orElseThrow().upper(), run.toString());
            assertTrue(run.p99() > run.p50(), run.toString());
        }
    }

    /**
     * 100 pairs of runs of one distribution, each 20 intervals: 4 are told apart at p50 or p99 by chance, more than
     * the one in 200 of a single comparison, because two percentiles are compared and intervals from 20 intervals are
     * a little narrow (docs/measuring.md, "Runs back to back"). The logs are seeded, so the count is exact.
     */
    @Test
    void pairsOfOneDistributionAreRarelyToldApart()
    {
        int toldApart = 0;
        for (int pair = 0; pair < PAIRS; pair++)
        {
            final List<Path> logs = List.of(log("a" + pair + ".hlog", 1000 + pair * 3, 100),
                log("b" + pair + ".hlog", 1000 + pair * 3 + 1, 100));
            toldApart += RepeatFigures.of("", logs).checks().size();
        }

        assertEquals(4, toldApart, "of " + PAIRS + " pairs");
    }

    @Test
    void runsWhoseIntervalsShareNoValueSayTheHostChangedBetweenThemWithTheirFigures()
    {
        final List<Path> logs = List.of(log("run.hlog", 1, 100), log("run-2.hlog", 2, 300));

        final RepeatFigures figures = RepeatFigures.of("step-01-1000: ", logs);

        assertEquals(1, figures.checks().size(), figures.checks().toString());
        final Check check = figures.checks().get(0);
        assertEquals(Check.Outcome.WARNING, check.outcome());
        assertEquals(RepeatFigures.GROUP, check.group());
        assertEquals("step-01-1000: " + RepeatFigures.NAME, check.name());
        assertTrue(check.detail().startsWith("the host changed between runs: p50 "), check.detail());
        assertTrue(check.detail().contains(" in run 1, ") && check.detail().contains(" in run 2"), check.detail());
        assertTrue(check.detail().contains("; p99 "), "both percentiles disagree: " + check.detail());
        assertTrue(check.detail().contains("taskset"), "and it says what to do: " + check.detail());
    }

    @Test
    void aRunMeasuredOnceHasNoRunsOfItsOwn()
    {
        final RepeatFigures figures = RepeatFigures.of("", List.of(log("run.hlog", 1, 100)));

        assertEquals(List.of(), figures.runs());
        assertEquals(List.of(), figures.checks());
    }

    /**
     * @return a run's log of {@link #INTERVALS} measured 1 s intervals of latencies {@code floorMicros} plus an
     *         exponential tail of mean 20 µs.
     */
    private Path log(final String name, final long seed, final double floorMicros)
    {
        final Path file = dir.resolve(name);
        final SplittableRandom random = new SplittableRandom(seed);
        try (IntervalLog log = new IntervalLog(file, START_MS, "test"))
        {
            for (int i = 0; i < INTERVALS; i++)
            {
                final Histogram interval = new Histogram(3);
                interval.setTag(RequestSeries.CORRECTED);
                interval.setStartTimeStamp(START_MS + i * 1000L);
                interval.setEndTimeStamp(START_MS + (i + 1) * 1000L);
                for (int j = 0; j < PER_INTERVAL; j++)
                {
                    interval.recordValue(Math.round((floorMicros - 20 * Math.log(1 - random.nextDouble())) * 1000));
                }
                log.write(interval);
            }
        }
        return file;
    }
}
