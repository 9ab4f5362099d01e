package io.sonde.metrics.live;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.loadgen.record.IntervalSnapshot;
import io.sonde.loadgen.record.PhasedSeries;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.loadgen.runner.PhaseCounters;
import io.sonde.loadgen.runner.RunCounters;
import io.sonde.metrics.WindowView;
import org.HdrHistogram.Histogram;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * The meters of a running {@code sonde run} or {@code sonde sweep} in Prometheus form, fed once per logging
 * interval from the reporting side, never from the load thread:
 * <ul>
 *   <li>{@code sonde_run_latency_seconds{stage,series,quantile}}: percentiles of the last interval for each
 *       stage ({@code lifecycle} for the run's own series, then {@code new-ack}, {@code cancel}, ...) and series
 *       ({@code corrected}, {@code uncorrected}, {@code lateness}); NaN for an interval without samples;</li>
 *   <li>{@code sonde_run_hiccup_seconds{quantile}}: Sonde's own stalls over the last interval;</li>
 *   <li>{@code sonde_run_rate{kind="target"|"achieved"}}: the step's target rate against what the last interval
 *       sent, per second;</li>
 *   <li>{@code sonde_run_requests_total{outcome}} and {@code sonde_run_failures_total{kind}}: counts since the
 *       command started, summed over a sweep's steps so they only ever rise;</li>
 *   <li>{@code sonde_run_step}, {@code sonde_run_warmup}, {@code sonde_run_intervals_total}.</li>
 * </ul>
 * A stage or failure kind gets its meter when it first shows up, so a run without cancels shows no cancel
 * latency rather than a series of NaN.
 */
public final class LiveRunMeters
{
    public static final double[] QUANTILES = {0.5, 0.99, 0.999, 1.0};
    static final String LIFECYCLE = "lifecycle";

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final WindowView window = new WindowView();
    private final IntFunction<String> rejectReasonNames;
    private final Map<String, Boolean> latencyRegistered = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> failures = new ConcurrentHashMap<>();
    private final AtomicLong intervals = new AtomicLong();
    private volatile double targetRate = Double.NaN;
    private volatile double achievedRate = Double.NaN;
    private volatile int step;
    private volatile boolean warmup;

    /**
     * @param rejectReasonNames names the runner's reject reason codes, e.g. the FIX transport's taxonomy.
     */
    public LiveRunMeters(final IntFunction<String> rejectReasonNames)
    {
        this.rejectReasonNames = rejectReasonNames;
        Gauge.builder("sonde.run.rate", () -> targetRate).tag("kind", "target")
            .description("requests per second the current step offers").register(registry);
        Gauge.builder("sonde.run.rate", () -> achievedRate).tag("kind", "achieved")
            .description("requests per second sent during the last interval").register(registry);
        Gauge.builder("sonde.run.step", () -> step)
            .description("the step running: 1 for a run, the step's number in a sweep").register(registry);
        Gauge.builder("sonde.run.warmup", () -> warmup ? 1 : 0)
            .description("1 while the last interval belonged to the warm-up").register(registry);
        FunctionCounter.builder("sonde.run.intervals", intervals, AtomicLong::get)
            .description("logging intervals closed since the command started").register(registry);
        for (final double quantile : QUANTILES)
        {
            Gauge.builder("sonde.run.hiccup", window, w -> w.get(HiccupMeter.TAG, quantile))
                .baseUnit("seconds").tag("quantile", Double.toString(quantile))
                .description("stalls of Sonde's own process over the last interval").register(registry);
        }
        for (final String outcome : List.of("sent", "acknowledged", "rejected", "timedOut"))
        {
            counterOf(outcomes, "sonde.run.requests", "outcome", outcome,
                "requests of every step so far, warm-up included, by outcome");
        }
    }

    /**
     * @return the Prometheus text exposition of every meter.
     */
    public String scrape()
    {
        return registry.scrape();
    }

    /**
     * Start feeding the meters from a new run: a run's only step, or a sweep's next.
     *
     * @param targetRate the step's target rate per second.
     * @return the listener to give the step's run.
     */
    public IntervalListener nextStep(final double targetRate)
    {
        step++;
        this.targetRate = targetRate;
        return new StepListener();
    }

    private synchronized void onHistograms(final List<Histogram> histograms)
    {
        final Map<String, Histogram> latest = new LinkedHashMap<>();
        for (final Histogram histogram : histograms)
        {
            final String tag = histogram.getTag();
            if (histogram.getTotalCount() > 0 && !tag.startsWith(PhasedSeries.WARMUP_PREFIX))
            {
                latest.put(tag, histogram);
            }
        }
        for (final Histogram histogram : histograms)
        {
            final String tag = histogram.getTag();
            if (histogram.getTotalCount() > 0 && tag.startsWith(PhasedSeries.WARMUP_PREFIX))
            {
                latest.putIfAbsent(tag.substring(PhasedSeries.WARMUP_PREFIX.length()), histogram);
            }
        }
        final Map<String, Double> seconds = new HashMap<>();
        latest.forEach((tag, histogram) ->
        {
            if (!HiccupMeter.TAG.equals(tag))
            {
                registerLatency(tag);
            }
            for (final double quantile : QUANTILES)
            {
                final long nanos = quantile >= 1.0 ?
                    histogram.getMaxValue() : histogram.getValueAtPercentile(quantile * 100);
                seconds.put(WindowView.key(tag, quantile), nanos / 1e9);
            }
        });
        window.publish(seconds);
    }

    private void registerLatency(final String tag)
    {
        if (latencyRegistered.putIfAbsent(tag, Boolean.TRUE) != null)
        {
            return;
        }
        final int dot = tag.lastIndexOf('.');
        final String stage = dot < 0 ? LIFECYCLE : tag.substring(0, dot);
        final String series = tag.substring(dot + 1);
        for (final double quantile : QUANTILES)
        {
            Gauge.builder("sonde.run.latency", window, w -> w.get(tag, quantile))
                .baseUnit("seconds").tag("stage", stage).tag("series", series)
                .tag("quantile", Double.toString(quantile))
                .description("latency percentiles over the last interval").register(registry);
        }
    }

    private void add(final Map<String, AtomicLong> counters, final String name, final String tag, final String key,
        final long delta, final String description)
    {
        if (delta != 0 || counters.containsKey(key))
        {
            counterOf(counters, name, tag, key, description).addAndGet(delta);
        }
    }

    private AtomicLong counterOf(final Map<String, AtomicLong> counters, final String name, final String tag,
        final String key, final String description)
    {
        return counters.computeIfAbsent(key, k ->
        {
            final AtomicLong count = new AtomicLong();
            FunctionCounter.builder(name, count, AtomicLong::get).tag(tag, key).description(description)
                .register(registry);
            return count;
        });
    }

    /**
     * One step's listener: its run's counters start at zero, so it adds to the command's totals what they
     * gained since its previous interval.
     */
    private final class StepListener implements IntervalListener
    {
        private final Map<String, Long> seen = new HashMap<>();

        public void onIntervalHistograms(final List<Histogram> histograms, final RunCounters counters)
        {
            onHistograms(histograms);
            final PhaseCounters warm = counters.warmup();
            final PhaseCounters measured = counters.measurement();
            final String requests = "requests of every step so far, warm-up included, by outcome";
            add(outcomes, "sonde.run.requests", "outcome", "sent",
                gained("sent", warm.sent() + measured.sent()), requests);
            add(outcomes, "sonde.run.requests", "outcome", "acknowledged",
                gained("acknowledged", warm.acknowledged() + measured.acknowledged()), requests);
            add(outcomes, "sonde.run.requests", "outcome", "rejected",
                gained("rejected", warm.rejected() + measured.rejected()), requests);
            add(outcomes, "sonde.run.requests", "outcome", "timedOut",
                gained("timedOut", warm.timedOut() + measured.timedOut()), requests);

            final Map<String, Long> kinds = new LinkedHashMap<>();
            for (int code = 0; code <= RunCounters.MAX_REASON_CODE; code++)
            {
                kinds.merge(rejectReasonNames.apply(code), counters.rejectReason(code), Long::sum);
            }
            kinds.put("lateResponse", counters.lateResponses());
            kinds.put("unknownResponse", counters.unknownResponses());
            kinds.put("backPressure", counters.backPressureEvents());
            kinds.put("windowFull", counters.windowFullEvents());
            kinds.forEach((kind, count) -> add(failures, "sonde.run.failures", "kind", kind,
                gained("failure." + kind, count), "rejects by reason and the runner's trouble events, so far"));
        }

        public void onInterval(final IntervalSnapshot snapshot)
        {
            achievedRate = snapshot.sentPerSecond();
            warmup = snapshot.warmup();
            intervals.incrementAndGet();
        }

        private long gained(final String name, final long now)
        {
            final Long before = seen.put(name, now);
            return before == null ? now : now - before;
        }
    }
}
