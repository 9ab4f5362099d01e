package io.sonde.fix.client.marketdata;

import io.sonde.md.PriceLevels;

import java.util.Arrays;
import java.util.List;

/**
 * The depth a book run's symbols show on the exchange's feed: the price levels of each side ({@link PriceLevels},
 * kept from the feed's book as it changes), sampled once a second on the thread that reads the feed. The samples of
 * the measured window give each side's mean, and the window's first sample the depth the warm-up built. The window
 * is the order series' (from the measurement's start for {@code measuredNanos}); when a warm-up gate moves its start,
 * the samples taken before the new start are dropped. Nothing is allocated after construction.
 */
public final class FeedDepth
{
    private static final long SECOND_NANOS = 1_000_000_000L;

    private final List<String> symbols;
    private final PriceLevels levels;
    private final long measuredNanos;
    private final long[] sums;
    private final int[] atStart;
    private int samples;
    private long firstSampleNanos;
    private long nextSampleNanos = Long.MIN_VALUE;

    /**
     * @param symbols       the run's symbols.
     * @param depth         the levels per side the book flow keeps, to size the tables.
     * @param measuredNanos how long the measured window lasts.
     */
    public FeedDepth(final List<String> symbols, final int depth, final long measuredNanos)
    {
        this.symbols = List.copyOf(symbols);
        this.levels = new PriceLevels(symbols, Math.max(64, 4 * depth));
        this.measuredNanos = measuredNanos;
        this.sums = new long[2 * symbols.size()];
        this.atStart = new int[2 * symbols.size()];
    }

    /**
     * @return the feed's book by price level, for the book the feed is applied to.
     */
    PriceLevels levels()
    {
        return levels;
    }

    /**
     * Take a sample when a second has passed since the last one.
     *
     * @param window the series whose phase split decides the measured window.
     */
    void sample(final long nowNanos, final BookActionTicks window)
    {
        if (nowNanos - nextSampleNanos < 0 && nextSampleNanos != Long.MIN_VALUE)
        {
            return;
        }
        nextSampleNanos = nowNanos + SECOND_NANOS;
        if (samples > 0 && !window.measures(firstSampleNanos))
        {
            samples = 0;
            Arrays.fill(sums, 0);
        }
        if (!window.measures(nowNanos) || window.measures(nowNanos - measuredNanos))
        {
            return;
        }
        final boolean first = samples == 0;
        if (first)
        {
            firstSampleNanos = nowNanos;
        }
        for (int i = 0; i < sums.length; i++)
        {
            final int sideLevels = levels.levels(i / 2, i % 2 == 0);
            sums[i] += sideLevels;
            if (first)
            {
                atStart[i] = sideLevels;
            }
        }
        samples++;
    }

    public List<String> symbols()
    {
        return symbols;
    }

    /**
     * @return seconds of the measured window sampled.
     */
    public int samples()
    {
        return samples;
    }

    /**
     * @return the mean of the levels the symbol's bids ({@code buy}) or offers showed over the samples; 0 without.
     */
    public double meanLevels(final int symbolIndex, final boolean buy)
    {
        return samples == 0 ? 0 : (double)sums[2 * symbolIndex + (buy ? 0 : 1)] / samples;
    }

    /**
     * @return the levels the side showed at the window's first sample: what the warm-up built.
     */
    public int levelsAtStart(final int symbolIndex, final boolean buy)
    {
        return atStart[2 * symbolIndex + (buy ? 0 : 1)];
    }

    /**
     * @return orders resting on the feed for symbols not the run's: another participant's.
     */
    public long otherSymbols()
    {
        return levels.otherSymbols();
    }
}
