package io.sonde.probe.measure;

import org.HdrHistogram.Histogram;

import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * The interval histograms of one series over the longest window anything asks about, so a percentile over
 * "the last N minutes" is exact: the sum of the intervals that ended inside the window. Used by one thread.
 */
final class HistogramWindow
{
    private final long spanMs;
    private final ArrayDeque<Histogram> intervals = new ArrayDeque<>();
    private final Histogram sum = new Histogram(3);

    HistogramWindow(final long spanMs)
    {
        this.spanMs = spanMs;
    }

    void add(final Histogram interval)
    {
        intervals.addLast(interval.copy());
        while (!intervals.isEmpty() && intervals.peekFirst().getEndTimeStamp() <= interval.getEndTimeStamp() - spanMs)
        {
            intervals.removeFirst();
        }
    }

    /**
     * @return the sum of the intervals that ended within {@code windowMs} of {@code nowMs}; reused on each call.
     */
    Histogram over(final long windowMs, final long nowMs)
    {
        sum.reset();
        final Iterator<Histogram> newestFirst = intervals.descendingIterator();
        while (newestFirst.hasNext())
        {
            final Histogram interval = newestFirst.next();
            if (interval.getEndTimeStamp() <= nowMs - windowMs)
            {
                break;
            }
            sum.add(interval);
        }
        return sum;
    }
}
