package io.sonde.loadgen.confidence;

/**
 * How many consecutive intervals make one block, chosen from the autocorrelation of the intervals themselves.
 * <p>
 * What a percentile's uncertainty depends on is the share of each interval's samples at or below it (its
 * sample quantile moves with the mean of that share). Bursts shorter than an interval stay inside one interval,
 * so intervals drawn one at a time keep them whole; only a share that stays high or low across several
 * intervals (a host slow for seconds) needs longer blocks. So the series read is that share, interval by interval,
 * less its run's mean (runs pooled are not one series), and the length is Politis and White's automatic choice for
 * the circular block bootstrap (2004, with Patton, Politis and White's correction of 2009):
 * <ol>
 *     <li>When the share's autocorrelation at lag 1 is below {@code 2 √(log10 n / n)} for {@code n} intervals,
 *     the intervals are blocks of one. Most runs stop here: at 60 intervals a correlation must exceed 0.34 to be
 *     told from noise, and a longer block chosen from noise costs blocks for nothing.</li>
 *     <li>{@code m}: the first lag after which {@value #QUIET_LAGS} lags in a row are below that bound (at
 *     least 1).</li>
 *     <li>{@code g} and {@code G}: the autocovariances up to lag {@code 2m}, summed with the flat-top window, plain
 *     (at least the variance, so that negative correlations cannot shrink it towards 0 and the length beyond any
 *     sense) and weighted by their lag.</li>
 *     <li>the length: {@code (2 G² / (4/3 g²))^(1/3) n^(1/3)}, rounded up, between 1 and the longest run.</li>
 * </ol>
 */
final class BlockLength
{
    static final int QUIET_LAGS = 5;
    private static final double CIRCULAR_FACTOR = 4.0 / 3.0;
    /**
     * A share the same in every interval (a scripted stall, the same each second) still leaves rounding in its
     * demeaned values, whose "correlation" is then anything; a spread under 1e-12, far below one sample in a
     * billion, is no spread.
     */
    private static final double CONSTANT_VARIANCE = 1e-24;

    private BlockLength()
    {
    }

    /**
     * @param row the grid row of the percentile's estimate.
     * @return the block length, from 1 up to the longest run's length.
     */
    static int choose(final IntervalHistograms histograms, final int row)
    {
        final int intervals = histograms.intervals();
        final double[] share = demeanedShares(histograms, row);
        int longest = 0;
        for (int run = 0; run < histograms.runs(); run++)
        {
            longest = Math.max(longest, histograms.runLength(run));
        }
        final int maxLag = longest - 1;
        final double variance = autocovariance(histograms, share, 0);
        if (maxLag < 1 || variance <= CONSTANT_VARIANCE)
        {
            return 1;
        }
        final double quiet = 2 * Math.sqrt(Math.log10(intervals) / intervals);
        if (autocovariance(histograms, share, 1) / variance < quiet)
        {
            return 1;
        }
        final int lastCorrelated = Math.max(1, lastCorrelatedLag(histograms, share, variance, quiet, maxLag));
        final int window = Math.min(2 * lastCorrelated, maxLag);
        double sum = variance;
        double weighted = 0;
        for (int lag = 1; lag <= window; lag++)
        {
            final double weight = flatTop((double)lag / window);
            final double covariance = autocovariance(histograms, share, lag);
            sum += 2 * weight * covariance;
            weighted += 2 * weight * lag * covariance;
        }
        sum = Math.max(sum, variance);
        final double length = Math.cbrt(2 * weighted * weighted / (CIRCULAR_FACTOR * sum * sum)) *
            Math.cbrt(intervals);
        return (int)Math.max(1, Math.min(longest, Math.ceil(length)));
    }

    private static int lastCorrelatedLag(
        final IntervalHistograms histograms, final double[] share, final double variance, final double quiet,
        final int maxLag)
    {
        int quietInRow = 0;
        for (int lag = 1; lag <= maxLag; lag++)
        {
            if (Math.abs(autocovariance(histograms, share, lag) / variance) < quiet)
            {
                quietInRow++;
                if (quietInRow == QUIET_LAGS)
                {
                    return lag - QUIET_LAGS;
                }
            }
            else
            {
                quietInRow = 0;
            }
        }
        return maxLag - quietInRow;
    }

    private static double flatTop(final double t)
    {
        return t <= 0.5 ? 1 : 2 * (1 - t);
    }

    private static double[] demeanedShares(final IntervalHistograms histograms, final int row)
    {
        final double[] share = new double[histograms.intervals()];
        for (int run = 0; run < histograms.runs(); run++)
        {
            final int start = histograms.runStart(run);
            final int end = start + histograms.runLength(run);
            double sum = 0;
            int counted = 0;
            for (int i = start; i < end; i++)
            {
                if (histograms.total(i) > 0)
                {
                    share[i] = (double)histograms.atOrBelow(row, i) / histograms.total(i);
                    sum += share[i];
                    counted++;
                }
            }
            final double mean = counted == 0 ? 0 : sum / counted;
            for (int i = start; i < end; i++)
            {
                share[i] = histograms.total(i) > 0 ? share[i] - mean : 0;
            }
        }
        return share;
    }

    private static double autocovariance(final IntervalHistograms histograms, final double[] share, final int lag)
    {
        double sum = 0;
        for (int run = 0; run < histograms.runs(); run++)
        {
            final int start = histograms.runStart(run);
            final int end = start + histograms.runLength(run);
            for (int i = start; i + lag < end; i++)
            {
                sum += share[i] * share[i + lag];
            }
        }
        return sum / share.length;
    }
}
