package io.sonde.inprocess.fault;

import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.loadgen.record.IntervalSnapshot;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.loadgen.runner.RunCounters;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * The measured corrected latency interval by interval (1 s by default), kept for judging the faults once the run has
 * ended: each fault's windows before, during and after it, and the interval p99 its recovery waits for. Told on the
 * reporting thread; one copy per interval, never anything per order.
 */
final class FaultWindows implements IntervalListener
{
    private final List<Interval> intervals = new ArrayList<>();

    /**
     * One interval of measured corrected latency.
     *
     * @param startEpochMs when it began.
     * @param endEpochMs   when it ended.
     * @param corrected    its answers' corrected latency, ns.
     * @param hiccupNanos Sonde's own longest stall in it, as the hiccup meter saw it.
     */
    record Interval(long startEpochMs, long endEpochMs, Histogram corrected, long hiccupNanos)
    {
    }

    public void onInterval(final IntervalSnapshot snapshot)
    {
    }

    public synchronized void onIntervalHistograms(final List<Histogram> histograms, final RunCounters counters)
    {
        Histogram corrected = null;
        long hiccupNanos = 0;
        for (final Histogram histogram : histograms)
        {
            if (RequestSeries.CORRECTED.equals(histogram.getTag()))
            {
                corrected = histogram;
            }
            else if (HiccupMeter.TAG.equals(histogram.getTag()))
            {
                hiccupNanos = histogram.getMaxValue();
            }
        }
        if (corrected != null)
        {
            intervals.add(new Interval(corrected.getStartTimeStamp(), corrected.getEndTimeStamp(), corrected.copy(),
                hiccupNanos));
        }
    }

    /**
     * @return the intervals so far, in time order.
     */
    synchronized List<Interval> intervals()
    {
        return List.copyOf(intervals);
    }
}
