package io.sonde.probe;

import io.sonde.probe.measure.IntervalCollector;
import io.sonde.probe.order.ProbeCounters;
import io.sonde.probe.slo.SloInputs;

import java.time.Duration;

/**
 * What the SLO rules look at, from where each is kept: latencies from the collector's windows, timeouts and
 * session-down time from the counters the order flow writes. Joined here, so measuring never reads the order flow's
 * state and the order flow never reads the measurements.
 */
final class ProbeSloInputs implements SloInputs
{
    private final IntervalCollector collector;
    private final ProbeCounters counters;

    ProbeSloInputs(final IntervalCollector collector, final ProbeCounters counters)
    {
        this.collector = collector;
        this.counters = counters;
    }

    public double latencyNanos(final String stage, final double percentile, final Duration window)
    {
        return collector.latencyNanos(stage, percentile, window);
    }

    public long consecutiveTimeouts()
    {
        return counters.consecutiveTimeouts();
    }

    public long sessionDownNanos()
    {
        return counters.sessionDownNanos(System.nanoTime());
    }
}
