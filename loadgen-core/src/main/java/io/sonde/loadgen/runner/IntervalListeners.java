package io.sonde.loadgen.runner;

import io.sonde.loadgen.record.IntervalSnapshot;
import org.HdrHistogram.Histogram;

import java.util.List;

/**
 * Several {@link IntervalListener}s told in turn, so a run can print its progress and feed a metrics endpoint
 * from the one listener its {@link RunConfig} holds.
 */
public final class IntervalListeners implements IntervalListener
{
    private final List<IntervalListener> listeners;

    private IntervalListeners(final List<IntervalListener> listeners)
    {
        this.listeners = listeners;
    }

    /**
     * @return one listener telling each of {@code listeners}, in order.
     */
    public static IntervalListener all(final IntervalListener... listeners)
    {
        return new IntervalListeners(List.of(listeners));
    }

    public void onInterval(final IntervalSnapshot snapshot)
    {
        for (final IntervalListener listener : listeners)
        {
            listener.onInterval(snapshot);
        }
    }

    public void onIntervalHistograms(final List<Histogram> intervals, final RunCounters counters)
    {
        for (final IntervalListener listener : listeners)
        {
            listener.onIntervalHistograms(intervals, counters);
        }
    }
}
