package io.sonde.loadgen.runner;

import io.sonde.api.MeasuredSpan;
import io.sonde.loadgen.idle.CompilerActivity;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.IntervalLogs;
import io.sonde.loadgen.record.IntervalSnapshot;
import io.sonde.loadgen.record.PhasedSeries;
import io.sonde.loadgen.record.SeriesRecorder;
import io.sonde.loadgen.record.SeriesTotals;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Closes an interval every {@code intervalNanos}: takes each series' interval histogram, appends it
 * to the interval log, adds it to the run totals and tells the listener how the interval went.
 * Runs on its own thread so the load thread only ever records.
 * <p>
 * Measured series are logged every interval, empty or not, so gaps in time stay visible; warm-up
 * series and hops only when they hold values, and one that recorded nothing since its last interval is not even
 * taken: with a dozen hops and a warm-up twin of every series, most are idle at any time, and taking one clears
 * its whole counts array on this thread, which shares the host's cores with the threads that own the path. The
 * hiccup series is tagged {@code warmup-hiccup} for intervals that start inside the warm-up.
 * <p>
 * Given this JVM's compiler, it looks at it every interval, and a measured interval during which the compiler was
 * busy is marked in the log by a comment line before its histograms ({@code #[jit busy 3.0-4.0 s of the measured
 * window]}, which log readers skip) and kept for the result: a window the JIT interrupts is never silent.
 * <p>
 * A measured window of several runs ({@link RunConfig#runs}) has its runs' boundaries at equal shares of it, from
 * where the measurement starts once that is settled: at each, the reporter closes the interval there, however short,
 * and goes on in the next run's log ({@link IntervalLogs}). Only the logs are split: the schedule, the series and
 * the totals go on across the boundary as if it were not there.
 */
final class IntervalReporter implements AutoCloseable
{
    private final LoadAgent agent;
    private final RunCounters counters;
    private final List<SeriesRecorder> series = new ArrayList<>();
    private final List<Boolean> loggedWhenEmpty = new ArrayList<>();
    private final Histogram[] intervals;
    private final boolean[] taken;
    private final long[] recordedAtLastTake;
    private final Histogram empty = new Histogram(SeriesRecorder.SIGNIFICANT_DIGITS);
    private final SeriesRecorder runCorrected;
    private final SeriesRecorder warmupCorrected;
    private final SeriesRecorder hiccup;
    private final IntervalLogs log;
    private final int runs;
    private final SeriesTotals totals;
    private final IntervalListener listener;
    private final long intervalNanos;
    private final long startNanos;
    private final long measureNanos;
    private final CompilerActivity compiler;
    private final List<MeasuredSpan> compilerBusy = new ArrayList<>();
    private final Thread thread;
    private Histogram hiccupInterval;
    private long lastTickNanos;
    private long sentSoFar;
    private long errorsSoFar;
    private volatile boolean running = true;

    /**
     * @param allSeries the run's own series first, then any lifecycle stages.
     * @param hops      the hops of a request's path, logged in the intervals where they hold values.
     * @param log       where the intervals go, or null to keep them in memory.
     * @param runs      how many runs the measured window is split into, each its own log.
     * @param compiler  this JVM's compiler, looked at every interval, or null.
     */
    IntervalReporter(
        final LoadAgent agent,
        final List<PhasedSeries> allSeries,
        final List<HopSeries> hops,
        final SeriesRecorder hiccup,
        final IntervalLogs log,
        final int runs,
        final SeriesTotals totals,
        final IntervalListener listener,
        final long intervalNanos,
        final long startNanos,
        final long measureNanos,
        final CompilerActivity compiler)
    {
        this.agent = agent;
        this.counters = agent.counters();
        for (final PhasedSeries phased : allSeries)
        {
            add(phased.measured().corrected(), true);
            add(phased.measured().uncorrected(), true);
            add(phased.measured().lateness(), true);
            add(phased.warmup().corrected(), false);
            add(phased.warmup().uncorrected(), false);
            add(phased.warmup().lateness(), false);
        }
        for (final HopSeries hop : hops)
        {
            add(hop.measured(), false);
            add(hop.warmup(), false);
        }
        this.intervals = new Histogram[series.size()];
        this.taken = new boolean[series.size()];
        this.recordedAtLastTake = new long[series.size()];
        this.runCorrected = allSeries.get(0).measured().corrected();
        this.warmupCorrected = allSeries.get(0).warmup().corrected();
        this.hiccup = hiccup;
        this.log = log;
        this.runs = runs;
        this.totals = totals;
        this.listener = listener;
        this.intervalNanos = intervalNanos;
        this.startNanos = startNanos;
        this.measureNanos = measureNanos;
        this.compiler = compiler;
        this.lastTickNanos = startNanos;
        this.thread = new Thread(this::tickUntilClosed, "sonde-interval");
        this.thread.setDaemon(true);
    }

    void start()
    {
        thread.start();
    }

    /**
     * Stop ticking and close the last, partial interval so nothing recorded is left out.
     */
    public void close()
    {
        running = false;
        LockSupport.unpark(thread);
        try
        {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        tick(System.nanoTime(), true);
    }

    /**
     * @return the measured intervals during which the compiler was busy; read once the reporter is closed.
     */
    List<MeasuredSpan> compilerBusy()
    {
        return List.copyOf(compilerBusy);
    }

    private void add(final SeriesRecorder recorder, final boolean logWhenEmpty)
    {
        series.add(recorder);
        loggedWhenEmpty.add(logWhenEmpty);
    }

    private void tickUntilClosed()
    {
        long nextTickNanos = startNanos + intervalNanos;
        while (running)
        {
            final long boundaryNanos = nextRunStartNanos();
            final long dueNanos = Math.min(nextTickNanos, boundaryNanos);
            final long waitNanos = dueNanos - System.nanoTime();
            if (waitNanos > 0)
            {
                LockSupport.parkNanos(waitNanos);
                continue;
            }
            tick(System.nanoTime(), false);
            if (dueNanos == boundaryNanos)
            {
                log.startNextRun(System.currentTimeMillis());
            }
            if (dueNanos == nextTickNanos)
            {
                nextTickNanos += intervalNanos;
            }
        }
    }

    /**
     * @return where the next run of the measured window starts (System.nanoTime), or {@link Long#MAX_VALUE} when no
     *         other run follows: the last has begun, the start of the measurement may still move, or a stop ended
     *         the schedule (what is left is a drain, no run).
     */
    private long nextRunStartNanos()
    {
        if (log == null || !agent.measureStartSettled() || agent.stopRequested())
        {
            return Long.MAX_VALUE;
        }
        final int started = log.runs();
        return started >= runs ? Long.MAX_VALUE : agent.measureStartNanos() + measureNanos / runs * started;
    }

    private synchronized void tick(final long nowNanos, final boolean last)
    {
        final boolean inWarmup = agent.phaseSeenAt(lastTickNanos) == Phase.WARMUP;
        markCompilerAtWork(nowNanos);
        Histogram corrected = null;
        Histogram warmupCorrectedInterval = null;
        for (int i = 0; i < intervals.length; i++)
        {
            final SeriesRecorder recorder = series.get(i);
            final long recorded = recorder.recordedCount();
            taken[i] = last || loggedWhenEmpty.get(i) || recorded != recordedAtLastTake[i];
            if (!taken[i])
            {
                if (recorder == warmupCorrected)
                {
                    warmupCorrectedInterval = empty;
                }
                continue;
            }
            recordedAtLastTake[i] = recorded;
            intervals[i] = recorder.takeInterval(intervals[i]);
            if (loggedWhenEmpty.get(i) || intervals[i].getTotalCount() > 0)
            {
                record(intervals[i]);
            }
            if (recorder == runCorrected)
            {
                corrected = intervals[i];
            }
            else if (recorder == warmupCorrected)
            {
                warmupCorrectedInterval = intervals[i];
            }
        }
        hiccupInterval = hiccup.takeInterval(hiccupInterval);
        if (inWarmup)
        {
            hiccupInterval.setTag(PhasedSeries.WARMUP_PREFIX + hiccup.tag());
        }
        record(hiccupInterval);

        listener.onIntervalHistograms(histogramsOfInterval(), counters);
        // The interval the warm-up ends in is the warm-up's, and shows the warm-up's answers: the few measured ones
        // answered before it closed are no interval's figures (a single answer's p50 = p99 = max).
        final Histogram shown = inWarmup ? warmupCorrectedInterval : corrected;
        listener.onInterval(snapshot(nowNanos, inWarmup, last, shown));
        lastTickNanos = nowNanos;
    }

    private void markCompilerAtWork(final long nowNanos)
    {
        if (compiler == null || !compiler.busySinceLastLook())
        {
            return;
        }
        final long measureStart = agent.measureStartNanos();
        final double from = Math.max(0, lastTickNanos - measureStart) / 1e9;
        final double to = Math.min(measureNanos, nowNanos - measureStart) / 1e9;
        // An interval belongs to the measured window when most of it does: the one that closes a moment after the
        // warm-up ends is the warm-up's.
        if ((to - from) * 2e9 > nowNanos - lastTickNanos)
        {
            final MeasuredSpan span = new MeasuredSpan(millis(from), millis(to));
            compilerBusy.add(span);
            if (log != null)
            {
                log.comment(String.format(Locale.ROOT, "[jit busy %.1f-%.1f s of the measured window]", from, to));
            }
        }
    }

    private static double millis(final double seconds)
    {
        return Math.round(seconds * 1000) / 1000.0;
    }

    private List<Histogram> histogramsOfInterval()
    {
        final List<Histogram> all = new ArrayList<>(intervals.length + 1);
        for (int i = 0; i < intervals.length; i++)
        {
            if (taken[i])
            {
                all.add(intervals[i]);
            }
        }
        all.add(hiccupInterval);
        return Collections.unmodifiableList(all);
    }

    private void record(final Histogram interval)
    {
        if (log != null)
        {
            log.write(interval);
        }
        totals.add(interval);
    }

    private IntervalSnapshot snapshot(
        final long nowNanos, final boolean inWarmup, final boolean last, final Histogram corrected)
    {
        final long sent = counters.warmup().sent() + counters.measurement().sent();
        final long errors = errorsOf(counters.warmup()) + errorsOf(counters.measurement());
        final IntervalSnapshot snapshot = new IntervalSnapshot(
            (nowNanos - startNanos) / 1e9,
            inWarmup,
            last,
            (nowNanos - lastTickNanos) / 1e9,
            sent - sentSoFar,
            errors - errorsSoFar,
            corrected.getTotalCount(),
            corrected.getValueAtPercentile(50),
            corrected.getValueAtPercentile(99),
            corrected.getMaxValue(),
            hiccupInterval.getMaxValue(),
            log == null ? 1 : log.runs());
        sentSoFar = sent;
        errorsSoFar = errors;
        return snapshot;
    }

    private static long errorsOf(final PhaseCounters phase)
    {
        return phase.rejected() + phase.timedOut();
    }
}
