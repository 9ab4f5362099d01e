package io.sonde.probe.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.metrics.WindowView;
import io.sonde.probe.marketdata.ProbeMarketData;
import io.sonde.probe.measure.ProbeSeries;
import io.sonde.probe.order.ProbeCounters;
import io.sonde.probe.order.ProbeCounters.Count;
import io.sonde.probe.safety.SendVerdict;
import io.sonde.probe.slo.SloEvaluator;
import io.sonde.probe.slo.SloRule;

import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * The probe's meters in Prometheus form, with conventional names and base units:
 * <ul>
 *   <li>{@code sonde_probe_latency_seconds{stage,kind,quantile}}: percentiles of the last window from the
 *       probe's own HdrHistograms (corrected and uncorrected), and {@code sonde_probe_latency_samples_total};</li>
 *   <li>{@code sonde_probe_orders_total{outcome}} (sent, acknowledged, rejected, timed out, cancelled, filled,
 *       logged by a dry run), {@code sonde_probe_failures_total{kind}} (only what went wrong) and
 *       {@code sonde_probe_cleanup_cancels_total} (cancels of orders left behind);</li>
 *   <li>{@code sonde_probe_guard_refusals_total{cap}}, {@code sonde_probe_open_orders};</li>
 *   <li>{@code sonde_probe_sessions_up}, {@code sonde_probe_sessions},
 *       {@code sonde_probe_last_round_trip_timestamp_seconds};</li>
 *   <li>{@code sonde_probe_consecutive_timeouts} and {@code sonde_probe_session_down_seconds}: what the
 *       {@code consecutive timeouts} and {@code session down} SLO rules judge, for alert rules to compare too;</li>
 *   <li>{@code sonde_probe_hiccup_seconds{quantile}}, {@code sonde_probe_slo_firing{rule,objective}},
 *       {@code sonde_probe_trading_window_open};</li>
 *   <li>while the probe watches the venue's market data: {@code sonde_probe_order_to_tick_seconds{kind,quantile}}
 *       and {@code sonde_probe_order_to_tick_samples_total{kind}} (its orders' first public events, shaped as the
 *       latency above), {@code sonde_probe_public_events_missing_total}, {@code _seen_total} and
 *       {@code _others_total}, {@code sonde_probe_consecutive_missing_public_events} (what the
 *       {@code consecutive missing public events} rule judges) and {@code sonde_probe_market_data_up}.</li>
 * </ul>
 * Every meter reads state the probe publishes; none is updated on the probe's thread.
 */
public final class ProbeMetrics
{
    public static final double[] QUANTILES = {0.5, 0.9, 0.99, 0.999, 1.0};

    private static final List<Count> OUTCOMES = List.of(Count.SENT, Count.ACKNOWLEDGED, Count.REJECTED,
        Count.TIMED_OUT, Count.CANCELLED, Count.FILLED, Count.DRY_RUN);
    private static final String[] STAGES = {ProbeSeries.NEW_ACK, ProbeSeries.CANCEL, ProbeSeries.LIFECYCLE};
    private static final String[] KINDS = {RequestSeries.CORRECTED, RequestSeries.UNCORRECTED};

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final WindowView window;

    public ProbeMetrics(
        final ProbeCounters counters,
        final WindowView window,
        final SloEvaluator slo,
        final int sessions,
        final BooleanSupplier tradingWindowOpen)
    {
        this.window = window;
        registerLatency(window);
        registerOrders(counters);
        Gauge.builder("sonde.probe.open.orders", counters, ProbeCounters::openOrders)
            .description("orders placed and not yet known to be closed").register(registry);
        Gauge.builder("sonde.probe.sessions.up", counters, ProbeCounters::sessionsUp)
            .description("FIX sessions logged on").register(registry);
        Gauge.builder("sonde.probe.sessions", () -> sessions)
            .description("FIX sessions configured").register(registry);
        Gauge.builder("sonde.probe.last.round.trip.timestamp", counters, c -> c.lastRoundTripEpochMs() / 1000.0)
            .baseUnit("seconds").description("when the last probe order completed its round trip (epoch)")
            .register(registry);
        Gauge.builder("sonde.probe.consecutive.timeouts", counters, ProbeCounters::consecutiveTimeouts)
            .description("probe orders in a row that timed out, up to the latest one").register(registry);
        Gauge.builder("sonde.probe.session.down", counters, c -> c.sessionDownNanos(System.nanoTime()) / 1e9)
            .baseUnit("seconds").description("how long a session has been down, 0 while all are up")
            .register(registry);
        Gauge.builder("sonde.probe.trading.window.open", () -> tradingWindowOpen.getAsBoolean() ? 1 : 0)
            .description("1 while the schedule's trading window is open").register(registry);
        for (final double quantile : QUANTILES)
        {
            Gauge.builder("sonde.probe.hiccup", window, w -> w.get(HiccupMeter.TAG, quantile))
                .baseUnit("seconds").tag("quantile", Double.toString(quantile))
                .description("stalls of the probe process itself over the last window").register(registry);
        }
        for (int i = 0; i < slo.rules().size(); i++)
        {
            final SloRule rule = slo.rules().get(i);
            final int index = i;
            Gauge.builder("sonde.probe.slo.firing", () -> slo.isFiring(index) ? 1 : 0)
                .tag("rule", rule.name()).tag("objective", rule.objective())
                .description("1 while the SLO rule is breached").register(registry);
        }
    }

    /**
     * Serve the public feed's meters too, when the probe watches it.
     *
     * @param marketData the watch, or null when the probe does not watch the venue's market data.
     */
    public ProbeMetrics watchingPublicFeed(final ProbeMarketData marketData)
    {
        if (marketData == null)
        {
            return this;
        }
        for (final String kind : KINDS)
        {
            final String tag = ProbeSeries.tag(ProbeSeries.ORDER_TO_TICK, kind);
            for (final double quantile : QUANTILES)
            {
                Gauge.builder("sonde.probe.order.to.tick", window, w -> w.get(tag, quantile))
                    .baseUnit("seconds").tag("kind", kind).tag("quantile", Double.toString(quantile))
                    .description("from a probe order's intended send to its first public event, over the last " +
                        "window").register(registry);
            }
            FunctionCounter.builder("sonde.probe.order.to.tick.samples", window, w -> w.get(tag, WindowView.TOTAL))
                .tag("kind", kind).description("probe orders whose first public event was timed").register(registry);
        }
        FunctionCounter.builder("sonde.probe.public.events.missing", marketData, ProbeMarketData::missing)
            .description("probe orders the book should have shown whose public event did not come in time")
            .register(registry);
        FunctionCounter.builder("sonde.probe.public.events.seen", marketData, ProbeMarketData::seen)
            .description("probe orders whose public event came").register(registry);
        FunctionCounter.builder("sonde.probe.public.events.others", marketData, ProbeMarketData::others)
            .description("public events of no probe order").register(registry);
        Gauge.builder("sonde.probe.consecutive.missing.public.events", marketData, ProbeMarketData::consecutiveMissing)
            .description("probe orders in a row whose public event did not come, up to the latest one")
            .register(registry);
        Gauge.builder("sonde.probe.market.data.up", marketData, m -> m.up() ? 1 : 0)
            .description("1 while the venue answers the probe's market data request on a session that is up")
            .register(registry);
        return this;
    }

    /**
     * @return the Prometheus text exposition of every meter.
     */
    public String scrape()
    {
        return registry.scrape();
    }

    private void registerLatency(final WindowView window)
    {
        for (final String stage : STAGES)
        {
            for (final String kind : KINDS)
            {
                final String tag = ProbeSeries.tag(stage, kind);
                for (final double quantile : QUANTILES)
                {
                    Gauge.builder("sonde.probe.latency", window, w -> w.get(tag, quantile))
                        .baseUnit("seconds").tag("stage", stage).tag("kind", kind)
                        .tag("quantile", Double.toString(quantile))
                        .description("probe latency percentiles over the last window").register(registry);
                }
                FunctionCounter.builder("sonde.probe.latency.samples", window, w -> w.get(tag, WindowView.TOTAL))
                    .tag("stage", stage).tag("kind", kind)
                    .description("latency samples recorded since the probe started").register(registry);
            }
        }
    }

    private void registerOrders(final ProbeCounters counters)
    {
        for (final Count count : Count.values())
        {
            if (count == Count.CLEANUP_CANCELS)
            {
                FunctionCounter.builder("sonde.probe.cleanup.cancels", counters, c -> c.get(count))
                    .description(count.description()).register(registry);
                continue;
            }
            final String name = OUTCOMES.contains(count) ? "sonde.probe.orders" : "sonde.probe.failures";
            FunctionCounter.builder(name, counters, c -> c.get(count))
                .tag(OUTCOMES.contains(count) ? "outcome" : "kind", count.name().toLowerCase(Locale.ROOT))
                .description(count.description()).register(registry);
        }
        for (final SendVerdict verdict : SendVerdict.values())
        {
            if (verdict != SendVerdict.ALLOWED && verdict != SendVerdict.OUTSIDE_WINDOW)
            {
                FunctionCounter.builder("sonde.probe.guard.refusals", counters, c -> c.refusals(verdict))
                    .tag("cap", verdict.name().toLowerCase(Locale.ROOT))
                    .description("probe orders the safety guard did not let go").register(registry);
            }
        }
    }
}
