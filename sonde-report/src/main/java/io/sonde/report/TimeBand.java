package io.sonde.report;

import io.sonde.loadgen.confidence.BlockBootstrap;
import io.sonde.loadgen.confidence.IntervalHistograms;
import io.sonde.loadgen.confidence.PercentileInterval;
import io.sonde.report.html.SvgPlot;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The 95 % band of a percentile over time: at each interval plotted, the interval of the percentile of the
 * {@value #WINDOW} intervals around it (a moving window, moved inwards at the run's ends so that it always holds
 * {@value #WINDOW} where the run has them), from a {@link BlockBootstrap} over that window alone.
 * <p>
 * Why a window: one interval's percentile is of one second's samples and has no blocks to resample, while the
 * whole run's interval says nothing of when the run was slow. {@value #WINDOW} one-second intervals are enough
 * blocks for an interval ({@link io.sonde.loadgen.confidence.SampleSupport#MIN_BLOCKS} and more) and short enough
 * to follow a stall of seconds. The line still shows each interval's own value, which moves more than the
 * window's: a line outside its band is an interval unlike the seconds around it.
 * <p>
 * Cheap by construction: {@value #RESAMPLES} resamples a window (the band is drawn, not printed; its ends move
 * by about a pixel against 2,000), each window computed once however many points share it, and with the default
 * seed, so a report of the same folder draws the same band. A 10-minute run is 600 windows of {@value #WINDOW}.
 */
final class TimeBand
{
    /** How many intervals each point's band is resampled from: the point's and fifteen either side. */
    static final int WINDOW = 31;
    /** How many resamples each window's interval is read from. */
    static final int RESAMPLES = 500;
    private static final double NANOS_PER_MICRO = 1000.0;
    private static final BlockBootstrap BOOTSTRAP = new BlockBootstrap(BlockBootstrap.DEFAULT_SEED, RESAMPLES);

    /**
     * @param stretches the band's stretches: a gap wherever a window could not support the percentile.
     * @param shortfall what the first window without a band lacked, e.g. {@code p99: 420 samples, needs ≥ 1,000};
     *                  empty when every point has its band.
     * @param without   how many points have no band.
     */
    record Band(List<List<SvgPlot.Span>> stretches, String shortfall, int without)
    {
    }

    private TimeBand()
    {
    }

    /**
     * @param intervals  the intervals plotted, one point each, in time order ({@link PlotCurves#fullIntervals}).
     * @param percentile the percentile the line plots.
     */
    static Band of(final List<RecordedLog.Interval> intervals, final double percentile)
    {
        final List<List<SvgPlot.Span>> stretches = new ArrayList<>();
        final Map<Integer, PercentileInterval> windows = new HashMap<>();
        List<SvgPlot.Span> stretch = new ArrayList<>();
        String shortfall = "";
        int without = 0;
        for (int i = 0; i < intervals.size(); i++)
        {
            final int from = Math.max(0, Math.min(i - WINDOW / 2, intervals.size() - WINDOW));
            final PercentileInterval window = windows.computeIfAbsent(from,
                start -> BOOTSTRAP.interval(histograms(intervals, start), percentile));
            if (window.supported())
            {
                stretch.add(new SvgPlot.Span(intervals.get(i).endSeconds(), window.lower() / NANOS_PER_MICRO,
                    window.upper() / NANOS_PER_MICRO));
                continue;
            }
            without++;
            shortfall = shortfall.isEmpty() ? window.shortfall() : shortfall;
            if (!stretch.isEmpty())
            {
                stretches.add(stretch);
                stretch = new ArrayList<>();
            }
        }
        if (!stretch.isEmpty())
        {
            stretches.add(stretch);
        }
        return new Band(stretches, shortfall, without);
    }

    private static IntervalHistograms histograms(final List<RecordedLog.Interval> intervals, final int from)
    {
        final List<Histogram> window = new ArrayList<>(WINDOW);
        for (int i = from; i < Math.min(intervals.size(), from + WINDOW); i++)
        {
            window.add(intervals.get(i).histogram());
        }
        return IntervalHistograms.of(window);
    }
}
