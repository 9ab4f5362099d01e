package io.sonde.loadgen.runner;

import io.sonde.loadgen.record.IntervalLog;
import io.sonde.loadgen.record.IntervalSnapshot;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.record.SeriesRecorder;
import io.sonde.loadgen.record.SeriesTotals;
import org.HdrHistogram.Histogram;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Closes an interval every {@code intervalNanos}: takes each series' interval histogram, appends it
 * to the interval log, adds it to the run totals and tells the listener how the interval went.
 * Runs on its own thread so the load thread only ever records.
 * <p>
 * Warm-up series are logged under their {@code warmup-} tags; the hiccup series is tagged
 * {@code warmup-hiccup} for intervals that start inside the warm-up.
 */
final class IntervalReporter implements AutoCloseable
{
    static final String WARMUP_PREFIX = "warmup-";

    private final LoadAgent agent;
    private final RunCounters counters;
    private final SeriesRecorder[] warmupSeries;
    private final SeriesRecorder[] measuredSeries;
    private final SeriesRecorder hiccup;
    private final IntervalLog log;
    private final SeriesTotals totals;
    private final IntervalListener listener;
    private final long intervalNanos;
    private final long startNanos;
    private final Histogram[] warmupIntervals;
    private final Histogram[] measuredIntervals;
    private final Thread thread;
    private Histogram hiccupInterval;
    private long lastTickNanos;
    private long sentSoFar;
    private long errorsSoFar;
    private volatile boolean running = true;

    IntervalReporter(
        final LoadAgent agent,
        final RequestSeries warmup,
        final RequestSeries measured,
        final SeriesRecorder hiccup,
        final IntervalLog log,
        final SeriesTotals totals,
        final IntervalListener listener,
        final long intervalNanos,
        final long startNanos)
    {
        this.agent = agent;
        this.counters = agent.counters();
        this.warmupSeries = new SeriesRecorder[]{ warmup.corrected(), warmup.uncorrected(), warmup.lateness() };
        this.measuredSeries = new SeriesRecorder[]{ measured.corrected(), measured.uncorrected(), measured.lateness() };
        this.hiccup = hiccup;
        this.log = log;
        this.totals = totals;
        this.listener = listener;
        this.intervalNanos = intervalNanos;
        this.startNanos = startNanos;
        this.lastTickNanos = startNanos;
        this.warmupIntervals = new Histogram[warmupSeries.length];
        this.measuredIntervals = new Histogram[measuredSeries.length];
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

    private void tickUntilClosed()
    {
        long nextTickNanos = startNanos + intervalNanos;
        while (running)
        {
            final long waitNanos = nextTickNanos - System.nanoTime();
            if (waitNanos > 0)
            {
                LockSupport.parkNanos(waitNanos);
                continue;
            }
            tick(System.nanoTime(), false);
            nextTickNanos += intervalNanos;
        }
    }

    private synchronized void tick(final long nowNanos, final boolean last)
    {
        final boolean inWarmup = agent.phaseOf(lastTickNanos) == Phase.WARMUP;
        for (int i = 0; i < warmupSeries.length; i++)
        {
            warmupIntervals[i] = warmupSeries[i].takeInterval(warmupIntervals[i]);
            if (warmupIntervals[i].getTotalCount() > 0)
            {
                record(warmupIntervals[i]);
            }
        }
        for (int i = 0; i < measuredSeries.length; i++)
        {
            measuredIntervals[i] = measuredSeries[i].takeInterval(measuredIntervals[i]);
            record(measuredIntervals[i]);
        }
        hiccupInterval = hiccup.takeInterval(hiccupInterval);
        if (inWarmup)
        {
            hiccupInterval.setTag(WARMUP_PREFIX + hiccup.tag());
        }
        record(hiccupInterval);

        listener.onInterval(snapshot(nowNanos, inWarmup, last));
        lastTickNanos = nowNanos;
    }

    private void record(final Histogram interval)
    {
        if (log != null)
        {
            log.write(interval);
        }
        totals.add(interval);
    }

    private IntervalSnapshot snapshot(final long nowNanos, final boolean inWarmup, final boolean last)
    {
        final long sent = counters.warmup().sent() + counters.measurement().sent();
        final long errors = errorsOf(counters.warmup()) + errorsOf(counters.measurement());
        final Histogram corrected = measuredIntervals[0].getTotalCount() > 0 ? measuredIntervals[0] : warmupIntervals[0];
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
            hiccupInterval.getMaxValue());
        sentSoFar = sent;
        errorsSoFar = errors;
        return snapshot;
    }

    private static long errorsOf(final PhaseCounters phase)
    {
        return phase.rejected() + phase.timedOut();
    }
}
