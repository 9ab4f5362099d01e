package io.sonde.inprocess.floor;

import io.sonde.acceptor.StallCycle;
import io.sonde.api.SelfCheck;
import io.sonde.api.Stall;
import io.sonde.inprocess.run.ProgressConsole;
import io.sonde.loadgen.confidence.BlockBootstrap;
import io.sonde.loadgen.confidence.IntervalHistograms;
import io.sonde.loadgen.confidence.PercentileInterval;
import io.sonde.loadgen.confidence.SampleSupport;
import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.loadgen.record.IntervalSnapshot;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.result.HistogramPercentiles;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.loadgen.runner.RunCounters;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.runner.RunTiming;
import org.HdrHistogram.Histogram;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * {@code sonde calibrate}'s self-check of the measurement on this host: Sonde's FIX client sends 1,000 IOC orders a
 * second, at most {@value #WINDOW} in flight, to the reference acceptor stalled {@code 50ms/1s}, whose true corrected
 * percentiles are known ({@link StallTruth}); the measured p99, p99.9 and maximum are set against them, with the
 * bootstrap's interval of each. A host where any lies further than 5 % from its truth is named: its figures are not
 * to be believed.
 * <p>
 * Why a window: a client that never waits sends every order on time whatever the acceptor does, so latency from the
 * actual send would equal latency from the intended start and a broken correction would pass unseen. With at most
 * {@value #WINDOW} in flight, as a throttled FIX session has, the orders due while a stall holds them are sent late,
 * and only a measurement from each order's intended start counts the wait: the order at p99 is one of those.
 * <p>
 * The series judged is {@code corrected}; a test breaks the correction on purpose by judging {@code uncorrected}.
 */
final class StallSelfCheck
{
    static final Stall STALL = new Stall(Duration.ofMillis(50), Duration.ofSeconds(1));
    static final double RATE = 1_000;
    static final int WINDOW = 8;
    static final double TOLERANCE = 0.05;
    static final String LOG_PREFIX = "self-check-";
    /**
     * 2 s of warm-up (a JIT that has not seen the FIX path yet compiles it there), then 12 s measured: 12,000 orders,
     * enough for p99.9 (10,000) and 12 blocks.
     */
    static final RunTiming TIMING = new RunTiming(TimeUnit.SECONDS.toNanos(2), TimeUnit.SECONDS.toNanos(12),
        TimeUnit.SECONDS.toNanos(5), TimeUnit.SECONDS.toNanos(5));
    private static final double[] PERCENTILES = {99, 99.9, 100};
    private static final double NANOS_PER_MICRO = 1_000.0;

    private final HostIdle idle;
    private final RunTiming timing;
    private final String series;

    /**
     * @param timing warm-up, measurement and timeouts.
     * @param series the series judged: {@link RequestSeries#CORRECTED}, or another to break the check on purpose.
     */
    StallSelfCheck(final HostIdle idle, final RunTiming timing, final String series)
    {
        this.idle = idle;
        this.timing = timing;
        this.series = series;
    }

    /**
     * @return what the stall's own acceptor line says, for the calibration's thread layout and the check's line.
     */
    static String describe()
    {
        return String.format(Locale.ROOT, "the reference acceptor stalled %s, %.0f orders/s, at most %d in flight",
            STALL, RATE, WINDOW);
    }

    /**
     * Start the stalled acceptor, run the orders against it and judge what was measured; the interval log is
     * {@code self-check-1000.hlog}.
     *
     * @throws io.sonde.api.RunFailedException when the session cannot log on.
     */
    SelfCheck measure(final ProgressConsole console, final Path folder)
    {
        console.printf("[self-check] %s: its true p99, p99.9 and max are known%n", describe());
        final Intervals intervals = new Intervals(series);
        final RunResult result;
        try (FixFloor floor = new FixFloor(1, idle, timing, new StallCycle(STALL.length(), STALL.period()), WINDOW,
            LOG_PREFIX))
        {
            result = floor.measureAlignedToStalls(console, folder, RATE,
                String.format(Locale.ROOT, "[self-check %4.0f/s]", RATE), intervals);
        }
        return judge(intervals.measured(), series, hostName(), result.totals().get(HiccupMeter.TAG).getMaxValue());
    }

    /**
     * @param intervals       the measured interval histograms of the series judged, in time order, ns.
     * @param hiccupMaxNanos  the longest stall of this process while they were measured.
     * @return each figure against its truth, and whether the host may be believed.
     */
    static SelfCheck judge(final List<Histogram> intervals, final String series, final String host,
        final long hiccupMaxNanos)
    {
        final Histogram total = new Histogram(3);
        intervals.forEach(total::add);
        final long base = total.getValueAtPercentile(50);
        final StallTruth truth = new StallTruth(STALL, RATE, WINDOW);
        final IntervalHistograms grid = IntervalHistograms.of(intervals);
        final BlockBootstrap bootstrap = new BlockBootstrap();
        final List<SelfCheck.Figure> figures = new ArrayList<>();
        for (final double percentile : PERCENTILES)
        {
            final long truthNanos = truth.latencyNanos(percentile, base);
            figures.add(figure(bootstrap.interval(grid, percentile), truthNanos,
                total.highestEquivalentValue(truthNanos)));
        }
        final boolean passed = figures.stream().allMatch(figure -> figure.within(TOLERANCE));
        return new SelfCheck(STALL.toString(), RATE, WINDOW, host, series, HistogramPercentiles.of(total),
            base / NANOS_PER_MICRO, hiccupMaxNanos / NANOS_PER_MICRO, figures, TOLERANCE, passed);
    }

    /**
     * @param truthBucket the value the histograms record the truth as, which the interval's ends are too: the truth
     *                    lies inside when its bucket does, as the bootstrap's coverage is counted.
     */
    private static SelfCheck.Figure figure(final PercentileInterval interval, final long truthNanos,
        final long truthBucket)
    {
        final double error = (double)(interval.estimate() - truthNanos) / truthNanos;
        final boolean supported = interval.supported();
        return new SelfCheck.Figure(SampleSupport.label(interval.percentile()), truthNanos / NANOS_PER_MICRO,
            interval.estimate() / NANOS_PER_MICRO, error,
            supported ? interval.lower() / NANOS_PER_MICRO : null,
            supported ? interval.upper() / NANOS_PER_MICRO : null,
            supported ? interval.contains(truthBucket) : null,
            interval.shortfall());
    }

    private static String hostName()
    {
        try
        {
            return InetAddress.getLocalHost().getHostName();
        }
        catch (final UnknownHostException ex)
        {
            return "this host (its name is unknown)";
        }
    }

    /**
     * Keeps a copy of each measured interval of one series as it closes, on the reporting thread.
     */
    private static final class Intervals implements IntervalListener
    {
        private final String series;
        private final List<Histogram> measured = Collections.synchronizedList(new ArrayList<>());

        Intervals(final String series)
        {
            this.series = series;
        }

        public void onInterval(final IntervalSnapshot snapshot)
        {
        }

        public void onIntervalHistograms(final List<Histogram> intervals, final RunCounters counters)
        {
            for (final Histogram interval : intervals)
            {
                if (series.equals(interval.getTag()) && interval.getTotalCount() > 0)
                {
                    measured.add(interval.copy());
                }
            }
        }

        List<Histogram> measured()
        {
            return List.copyOf(measured);
        }
    }
}
