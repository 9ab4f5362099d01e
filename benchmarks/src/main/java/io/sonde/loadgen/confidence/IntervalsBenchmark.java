package io.sonde.loadgen.confidence;

import io.sonde.api.Hop;
import io.sonde.api.Percentiles;
import io.sonde.api.RunSummary;
import io.sonde.api.RunReport;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.report.SummaryIntervals;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Every confidence interval of a 10-minute run at 10k/s, from its {@code run.hlog}: what the engine computes after
 * such a run before it writes its summary ({@link SummaryIntervals}), which must take at most 2 s and 200 MB of heap.
 * <p>
 * Not a JMH benchmark: one operation takes about a second and allocates by design (the grids), which the hot-path
 * benchmarks' allocation check would refuse, and the heap bound is shown by running it in a heap of that size.
 * It writes a log of 600 one-second intervals to a temporary file once: {@value #FULL_SERIES} series of 10,000
 * latencies an interval with p50, p90, p99, p99.9 and p99.99 each (corrected, uncorrected and the new-ack stage's
 * two), and {@value #HOP_SERIES} hops with p50, p99 and p99.9 each, the latencies bursty (a two-state chain, as in
 * {@code SimulatedCoverageTest}). Then each repetition puts the intervals on a summary of those series as a run
 * does, reading the log once; it prints each repetition's time and the peak heap used.
 * <pre>
 * ./mvnw -B -q -DskipTests -pl benchmarks -am package
 * java -Xmx200m -cp benchmarks/target/benchmarks.jar io.sonde.loadgen.confidence.IntervalsBenchmark [REPETITIONS]
 * </pre>
 */
public final class IntervalsBenchmark
{
    static final int FULL_SERIES = 4;
    static final int HOP_SERIES = 8;
    private static final int INTERVALS = 600;
    private static final int PER_INTERVAL = 10_000;
    private static final List<String> FULL_TAGS =
        List.of("corrected", "uncorrected", "new-ack.corrected", "new-ack.uncorrected");
    private static final long INTERVAL_MILLIS = 1000;
    private static final double MILLIS_PER_NANO = 1e-6;
    private static final double BYTES_PER_MB = 1024 * 1024;

    private IntervalsBenchmark()
    {
    }

    /**
     * @param args the number of repetitions, 5 unless given.
     */
    public static void main(final String[] args) throws IOException
    {
        final int repetitions = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        final PrintStream out = System.out;
        final Path log = Files.createTempFile("sonde-intervals-benchmark", ".hlog");
        try
        {
            writeLog(log);
            out.printf(Locale.ROOT, "%d intervals × %d series of %,d samples (%.1f MB of log); heap limit %.0f MB%n",
                INTERVALS, FULL_SERIES + HOP_SERIES, PER_INTERVAL, Files.size(log) / BYTES_PER_MB,
                Runtime.getRuntime().maxMemory() / BYTES_PER_MB);
            for (int repetition = 1; repetition <= repetitions; repetition++)
            {
                System.gc();
                resetPeaks();
                final long start = System.nanoTime();
                final int intervals = everyInterval(log);
                final long elapsed = System.nanoTime() - start;
                out.printf(Locale.ROOT, "repetition %d: %d intervals in %.0f ms, peak heap used %.0f MB%n",
                    repetition, intervals, elapsed * MILLIS_PER_NANO, peakHeap() / BYTES_PER_MB);
            }
        }
        finally
        {
            Files.delete(log);
        }
    }

    /**
     * @return how many percentiles were given an interval.
     */
    static int everyInterval(final Path log)
    {
        final Percentiles figures = new Percentiles(1, 1, 1, 1, 1, 1, 1);
        final List<Hop> hops = new ArrayList<>();
        for (int hop = FULL_SERIES; hop < FULL_SERIES + HOP_SERIES; hop++)
        {
            hops.add(new Hop("hop-" + hop, 1, 1, 1, 1, 1, 1, 0, 0));
        }
        final RunSummary summary = new RunSummary("run", 0, 0, 0, 0, 0, 0, 0, 0, 0, false, figures, figures, null,
            null, null, 0, 0, 0, 0, null, null, null, null, null, null, 0, 0,
            Map.of("new-ack", new RunReport.Stage(figures, figures, figures)), hops, null, null, null, null, null,
            null, 0, null, null, null, null, null, null);
        final RunSummary withIntervals = SummaryIntervals.of(summary, List.of(log));
        int intervals = withIntervals.corrected().intervals().size() + withIntervals.uncorrected().intervals().size();
        for (final RunReport.Stage stage : withIntervals.stages().values())
        {
            intervals += stage.corrected().intervals().size() + stage.uncorrected().intervals().size();
        }
        for (final Hop hop : withIntervals.hops())
        {
            intervals += hop.intervals().size();
        }
        return intervals;
    }

    private static void writeLog(final Path log) throws IOException
    {
        final SplittableRandom random = new SplittableRandom(41);
        final Histogram[] histograms = new Histogram[FULL_SERIES + HOP_SERIES];
        final boolean[] slow = new boolean[histograms.length];
        final String[] tags = new String[histograms.length];
        for (int s = 0; s < histograms.length; s++)
        {
            histograms[s] = new Histogram(3);
            tags[s] = s < FULL_SERIES ? FULL_TAGS.get(s) : HopSeries.TAG_PREFIX + "hop-" + s;
        }
        try (PrintStream stream = new PrintStream(Files.newOutputStream(log), false, "US-ASCII"))
        {
            final HistogramLogWriter writer = new HistogramLogWriter(stream);
            writer.outputLogFormatVersion();
            writer.outputStartTime(0);
            for (int interval = 0; interval < INTERVALS; interval++)
            {
                for (int s = 0; s < histograms.length; s++)
                {
                    final double scale = s < FULL_SERIES ? 1 : 0.1;
                    for (int i = 0; i < PER_INTERVAL; i++)
                    {
                        final double mean = (slow[s] ? 500 : 50) * scale;
                        final double micros = 10 * scale - mean * Math.log(1 - random.nextDouble());
                        histograms[s].recordValue(Math.round(micros * 1000));
                        slow[s] = random.nextDouble() < (slow[s] ? 1 - 1.0 / 50 : 1.0 / 500);
                    }
                    histograms[s].setTag(tags[s]);
                    histograms[s].setStartTimeStamp(interval * INTERVAL_MILLIS);
                    histograms[s].setEndTimeStamp((interval + 1) * INTERVAL_MILLIS);
                    writer.outputIntervalHistogram(histograms[s]);
                    histograms[s].reset();
                }
            }
        }
    }

    private static void resetPeaks()
    {
        for (final MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans())
        {
            if (pool.getType() == MemoryType.HEAP)
            {
                pool.resetPeakUsage();
            }
        }
    }

    private static long peakHeap()
    {
        long peak = 0;
        for (final MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans())
        {
            if (pool.getType() == MemoryType.HEAP)
            {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak;
    }
}
