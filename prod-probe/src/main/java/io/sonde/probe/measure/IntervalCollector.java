package io.sonde.probe.measure;

import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.record.SeriesRecorder;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs once per interval on its own thread, never on the probe's: takes every series' interval histogram,
 * appends it to the day's {@code .hlog}, keeps it in a sliding window for SLO rules and metrics, and adds it
 * to the run's totals. A disk that fails costs the log, not the measurement: windows and totals still get
 * every sample, and the failure is reported once.
 */
public final class IntervalCollector
{
    private final List<SeriesRecorder> recorders;
    private final DailyIntervalLog log;
    private final Map<String, HistogramWindow> windows = new HashMap<>();
    private final Map<String, Histogram> totals = new LinkedHashMap<>();
    private long lastEndMs;
    private String logFailure;

    /**
     * @param longestWindow the longest window any rule or metric looks back over.
     */
    public IntervalCollector(
        final ProbeSeries series,
        final Path resultsFolder,
        final String description,
        final Duration longestWindow)
    {
        this.recorders = series.all();
        this.log = new DailyIntervalLog(resultsFolder, description);
        for (final SeriesRecorder recorder : recorders)
        {
            windows.put(recorder.tag(), new HistogramWindow(longestWindow.toMillis()));
            totals.put(recorder.tag(), new Histogram(3));
        }
    }

    /**
     * Take one interval of every series. Called by the collector thread only.
     *
     * @return the end of the interval, in epoch milliseconds.
     */
    public long collect()
    {
        final List<Histogram> intervals = new ArrayList<>(recorders.size());
        long startMs = Long.MAX_VALUE;
        long endMs = 0;
        for (final SeriesRecorder recorder : recorders)
        {
            final Histogram interval = recorder.takeInterval(null);
            intervals.add(interval);
            startMs = Math.min(startMs, interval.getStartTimeStamp());
            endMs = Math.max(endMs, interval.getEndTimeStamp());
            windows.get(recorder.tag()).add(interval);
            totals.get(recorder.tag()).add(interval);
        }
        writeLog(intervals, startMs, endMs);
        lastEndMs = endMs;
        return endMs;
    }

    /**
     * @return the histogram of {@code stage}'s {@code kind} series over the last {@code window}, or of the whole
     *         run when the window is null; valid until the next call.
     */
    public Histogram histogram(final String stage, final String kind, final Duration window)
    {
        final String tag = ProbeSeries.tag(stage, kind);
        return window == null ? totals.get(tag) : windows.get(tag).over(window.toMillis(), lastEndMs);
    }

    /**
     * @return whether {@code stage}'s series are collected ({@code order-to-tick} only while the venue's market
     *         data is watched).
     */
    public boolean measures(final String stage)
    {
        return windows.containsKey(ProbeSeries.tag(stage, RequestSeries.CORRECTED));
    }

    public Histogram hiccups(final Duration window)
    {
        return windows.get(HiccupMeter.TAG).over(window.toMillis(), lastEndMs);
    }

    /**
     * @return the corrected latency at {@code percentile} over the last {@code window}, in nanoseconds, or NaN
     *         when nothing was measured in it.
     */
    public double latencyNanos(final String stage, final double percentile, final Duration window)
    {
        final Histogram histogram = histogram(stage, RequestSeries.CORRECTED, window);
        return histogram.getTotalCount() == 0 ? Double.NaN : histogram.getValueAtPercentile(percentile);
    }

    public void close()
    {
        try
        {
            log.close();
        }
        catch (final RuntimeException ex)
        {
            reportLogFailure(ex);
        }
    }

    private void writeLog(final List<Histogram> intervals, final long startMs, final long endMs)
    {
        if (logFailure != null)
        {
            return;
        }
        try
        {
            log.write(intervals, startMs, endMs);
        }
        catch (final RuntimeException ex)
        {
            reportLogFailure(ex);
        }
    }

    private void reportLogFailure(final RuntimeException ex)
    {
        if (logFailure == null)
        {
            logFailure = ex.getMessage();
            System.err.println("sonde probe: the interval log stopped (" + logFailure + "); measurement, SLO " +
                "rules and metrics go on without it");
        }
    }
}
