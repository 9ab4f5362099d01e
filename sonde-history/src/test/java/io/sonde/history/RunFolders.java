package io.sonde.history;

import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.loadgen.record.IntervalLog;
import io.sonde.loadgen.record.PhasedSeries;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.result.HistogramPercentiles;
import io.sonde.loadgen.result.SummaryJson;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Run folders as a run leaves them, for the history's tests: a {@code summary.json} and, for the regression gate's
 * intervals, a {@code run.hlog} written by the run's own {@link IntervalLog} as its interval reporter writes it:
 * warm-up intervals tagged {@code warmup-corrected} beside an empty measured {@code corrected} interval, then the
 * measured intervals, each second with a hiccup interval.
 */
final class RunFolders
{
    /** A step's corrected percentiles when a test does not care: p50 10 µs ... max 60 µs, 1,000 samples. */
    static final String CORRECTED = "{\"p50\": 10.0, \"p90\": 20.0, \"p99\": 30.0, \"p99_9\": 40.0, " +
        "\"p99_99\": 50.0, \"max\": 60.0, \"count\": 1000}";
    /** Latencies a test draws: this floor plus an exponential tail, p50 about 51 µs, as the reference acceptor. */
    static final double FLOOR_US = 30;
    static final double TAIL_MEAN_US = 30;
    /** Warm-up latencies, far slower than the measured ones, so that a gate reading them would see it. */
    static final long WARMUP_NANOS = 20_000_000;

    private static final long START_MS = 1_767_323_045_000L;
    private static final long INTERVAL_MS = 1000;
    private static final int WARMUP_INTERVALS = 2;
    private static final double NANOS_PER_MICRO = 1000;

    private RunFolders()
    {
    }

    /**
     * A run's folder holding only its summary, with the {@link #CORRECTED} percentiles.
     *
     * @param members more members of the summary, e.g. {@code "faults": [...]}, or empty.
     */
    static Path summaryOnly(final Path folder, final String members) throws IOException
    {
        return summary(folder, CORRECTED, members);
    }

    /**
     * A run's folder as a run at 1 s intervals leaves it: its summary, whose corrected percentiles are those of
     * the measured intervals, and its {@code run.hlog}.
     *
     * @param runs each run's measured intervals: one for a run; several write {@code run.hlog}, {@code run-2.hlog}...
     *             (a repeat's runs, each its own log), all named in the summary.
     */
    static Path withLogs(final Path folder, final List<List<Histogram>> runs) throws IOException
    {
        Files.createDirectories(folder);
        final Histogram total = new Histogram(3);
        final List<String> logs = new ArrayList<>();
        for (int run = 0; run < runs.size(); run++)
        {
            final String name = run == 0 ? RecordedFolder.INTERVAL_LOG : "run-" + (run + 1) + ".hlog";
            writeLog(folder.resolve(name), runs.get(run));
            runs.get(run).forEach(total::add);
            logs.add("\"" + name + "\"");
        }
        return summary(folder, SummaryJson.mapper().writeValueAsString(HistogramPercentiles.of(total)),
            "\"intervalLogs\": " + logs);
    }

    /**
     * @param shiftMicros added to every latency, e.g. an acceptor answering 100 µs later.
     * @return one run's intervals of {@code perInterval} latencies each, {@link #FLOOR_US} plus an exponential tail
     *         of mean {@link #TAIL_MEAN_US}, plus the shift.
     */
    static List<Histogram> latencies(final long seed, final int intervals, final int perInterval,
        final double shiftMicros)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final List<Histogram> histograms = new ArrayList<>(intervals);
        for (int interval = 0; interval < intervals; interval++)
        {
            final Histogram histogram = new Histogram(3);
            for (int i = 0; i < perInterval; i++)
            {
                final double micros = FLOOR_US + shiftMicros - TAIL_MEAN_US * Math.log(1 - random.nextDouble());
                histogram.recordValue(Math.round(micros * NANOS_PER_MICRO));
            }
            histograms.add(histogram);
        }
        return histograms;
    }

    private static void writeLog(final Path file, final List<Histogram> measured)
    {
        try (IntervalLog log = new IntervalLog(file, START_MS, "sonde run"))
        {
            long at = START_MS;
            for (int i = 0; i < WARMUP_INTERVALS; i++)
            {
                final Histogram warmup = new Histogram(3);
                warmup.recordValue(WARMUP_NANOS);
                write(log, warmup, PhasedSeries.WARMUP_PREFIX + RequestSeries.CORRECTED, at);
                write(log, new Histogram(3), RequestSeries.CORRECTED, at);
                write(log, new Histogram(3), PhasedSeries.WARMUP_PREFIX + HiccupMeter.TAG, at);
                at += INTERVAL_MS;
            }
            for (final Histogram interval : measured)
            {
                write(log, interval.copy(), RequestSeries.CORRECTED, at);
                write(log, new Histogram(3), HiccupMeter.TAG, at);
                at += INTERVAL_MS;
            }
        }
    }

    private static void write(final IntervalLog log, final Histogram interval, final String tag, final long at)
    {
        interval.setTag(tag);
        interval.setStartTimeStamp(at);
        interval.setEndTimeStamp(at + INTERVAL_MS);
        log.write(interval);
    }

    private static Path summary(final Path folder, final String corrected, final String members) throws IOException
    {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve(RecordedFolder.RUN_SUMMARY), "{\"metadata\": {\"startedAt\": " +
            "\"2026-01-02T03:04:05Z\", \"commandLine\": [\"run\"]}, \"target\": \"127.0.0.1:9880\", " +
            "\"targetRate\": 1000.0, \"corrected\": " + corrected + (members.isEmpty() ? "" : ", " + members) + "}");
        return folder;
    }
}
