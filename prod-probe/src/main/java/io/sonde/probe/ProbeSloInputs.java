package io.sonde.probe;

import io.sonde.probe.marketdata.ProbeMarketData;
import io.sonde.probe.measure.IntervalCollector;
import io.sonde.probe.order.ProbeCounters;
import io.sonde.probe.slo.SloInputs;

import java.time.Duration;

/**
 * What the SLO rules look at, from where each is kept: latencies from the collector's windows, timeouts and
 * session-down time from the counters the order flow writes, missing public events from the market data watch.
 * Joined here, so measuring never reads the order flow's state and the order flow never reads the measurements.
 */
final class ProbeSloInputs implements SloInputs
{
    private final IntervalCollector collector;
    private final ProbeCounters counters;
    private final ProbeMarketData marketData;

    /**
     * @param marketData the watch on the venue's public feed, or null when the probe does not watch it.
     */
    ProbeSloInputs(final IntervalCollector collector, final ProbeCounters counters, final ProbeMarketData marketData)
    {
        this.collector = collector;
        this.counters = counters;
        this.marketData = marketData;
    }

    public double latencyNanos(final String stage, final double percentile, final Duration window)
    {
        return collector.latencyNanos(stage, percentile, window);
    }

    public long consecutiveTimeouts()
    {
        return counters.consecutiveTimeouts();
    }

    public long consecutiveMissingPublicEvents()
    {
        return marketData == null ? 0 : marketData.consecutiveMissing();
    }

    public long sessionDownNanos()
    {
        return counters.sessionDownNanos(System.nanoTime());
    }
}
