package io.sonde.probe;

import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.metrics.WindowView;
import io.sonde.probe.measure.IntervalCollector;
import io.sonde.probe.measure.ProbeSeries;
import io.sonde.probe.metrics.ProbeMetrics;
import io.sonde.probe.slo.SloEvaluator;
import io.sonde.probe.slo.SloInputs;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Once per interval, on its own thread: collect the histograms, publish the metrics' window and evaluate the
 * SLO rules. A failure in one tick is reported and the next tick runs; the probe thread is never involved.
 */
final class ProbeTicker
{
    /** What the latency metrics look back over: long enough to hold a few probe orders at 1/s. */
    static final Duration METRICS_WINDOW = Duration.ofMinutes(1);
    private static final String[] STAGES =
        {ProbeSeries.NEW_ACK, ProbeSeries.CANCEL, ProbeSeries.LIFECYCLE, ProbeSeries.ORDER_TO_TICK};
    private static final String[] KINDS = {RequestSeries.CORRECTED, RequestSeries.UNCORRECTED};

    private final IntervalCollector collector;
    private final SloInputs sloInputs;
    private final SloEvaluator slo;
    private final Duration interval;
    private final WindowView view = new WindowView();
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(runnable ->
    {
        final Thread thread = new Thread(runnable, "sonde-probe-intervals");
        thread.setDaemon(true);
        return thread;
    });

    ProbeTicker(
        final IntervalCollector collector, final SloInputs sloInputs, final SloEvaluator slo, final Duration interval)
    {
        this.collector = collector;
        this.sloInputs = sloInputs;
        this.slo = slo;
        this.interval = interval;
    }

    WindowView view()
    {
        return view;
    }

    void start()
    {
        executor.scheduleAtFixedRate(this::tick, interval.toNanos(), interval.toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * Stop ticking and wait for a tick in progress, so the caller may use the collector afterwards.
     */
    void stop()
    {
        executor.shutdown();
        try
        {
            executor.awaitTermination(10, TimeUnit.SECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    private void tick()
    {
        try
        {
            collector.collect();
            publish();
            slo.evaluate(sloInputs);
        }
        catch (final RuntimeException ex)
        {
            System.err.println("sonde probe: interval tick failed: " + ex);
        }
    }

    private void publish()
    {
        final Map<String, Double> seconds = new HashMap<>();
        for (final String stage : STAGES)
        {
            if (!collector.measures(stage))
            {
                continue;
            }
            for (final String kind : KINDS)
            {
                final String tag = ProbeSeries.tag(stage, kind);
                put(seconds, tag, collector.histogram(stage, kind, METRICS_WINDOW));
                seconds.put(WindowView.key(tag, WindowView.TOTAL),
                    (double)collector.histogram(stage, kind, null).getTotalCount());
            }
        }
        put(seconds, HiccupMeter.TAG, collector.hiccups(METRICS_WINDOW));
        view.publish(seconds);
    }

    private static void put(final Map<String, Double> seconds, final String tag, final Histogram histogram)
    {
        if (histogram.getTotalCount() == 0)
        {
            return;
        }
        for (final double quantile : ProbeMetrics.QUANTILES)
        {
            seconds.put(WindowView.key(tag, quantile), histogram.getValueAtPercentile(quantile * 100) / 1e9);
        }
    }
}
