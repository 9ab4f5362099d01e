package io.sonde.loadgen.runner;

import io.sonde.loadgen.record.IntervalSnapshot;
import org.HdrHistogram.Histogram;

import java.util.List;

/**
 * Told about every logging interval as it closes, e.g. to print a progress line. Both methods run on the
 * reporting side (the interval thread, or the thread closing the run for the last interval), never on the load
 * thread.
 */
@FunctionalInterface
public interface IntervalListener
{
    IntervalListener NONE = snapshot -> {};

    void onInterval(IntervalSnapshot snapshot);

    /**
     * Told just before {@link #onInterval(IntervalSnapshot)}, for listeners that need more than the snapshot
     * (a live metrics endpoint): each series' histogram of the interval, tagged as in the interval log (the run's
     * and every stage's, measured and warm-up, then the hiccup series), and the run's counters, which their
     * single writer publishes with ordered stores. The histograms are recycled for the next interval: read them
     * during the call and keep none.
     *
     * @param intervals the interval histograms, in nanoseconds.
     * @param counters  the run's outcome and event counters so far.
     */
    default void onIntervalHistograms(final List<Histogram> intervals, final RunCounters counters)
    {
    }
}
