package io.sonde.loadgen.confidence;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * When a run's samples can support a percentile's interval, and the words that say why not.
 * <ul>
 *     <li><b>Samples</b>: at least {@code 10 / (1 − p)} of them, so that about ten samples lie above the
 *     percentile: 20 for p50, 1,000 for p99, 100,000 for p99.99. With fewer, the percentile is one of the few
 *     largest samples and no resampling can say where the true value lies. The maximum (p100) never has an
 *     interval: a resample cannot go beyond the largest sample seen.</li>
 *     <li><b>Blocks</b>: at least {@value #MIN_BLOCKS} per resample. A bootstrap of fewer blocks sees too few
 *     independent pieces of the run to know its spread: its intervals come out too narrow.</li>
 * </ul>
 */
public final class SampleSupport
{
    /** The fewest blocks a resample may draw for its interval to mean something. */
    public static final int MIN_BLOCKS = 10;
    /** How many samples must lie above a percentile, about, for it to be supported. */
    public static final int SAMPLES_ABOVE = 10;
    private static final double ROUNDING = 1e-6;

    private SampleSupport()
    {
    }

    /**
     * @param percentile in (0, 100].
     * @return the fewest samples that support it: {@code ceil(10 / (1 − p / 100))}; {@link Long#MAX_VALUE} for
     *         the maximum.
     */
    public static long samplesNeeded(final double percentile)
    {
        if (percentile >= 100)
        {
            return Long.MAX_VALUE;
        }
        return (long)Math.ceil(SAMPLES_ABOVE / (1 - percentile / 100) - ROUNDING);
    }

    /**
     * @return the percentile as Sonde prints it: {@code p50}, {@code p99.99}, {@code max}.
     */
    public static String label(final double percentile)
    {
        return percentile >= 100 ? "max" : "p" + BigDecimal.valueOf(percentile).stripTrailingZeros().toPlainString();
    }

    /**
     * @return why the samples cannot support the percentile, e.g. {@code p99.99: 5,000 samples, needs ≥ 100,000}
     *         or {@code p99: 12 intervals make 6 blocks of 2, needs ≥ 10 blocks}; empty when they can.
     */
    static String shortfall(final double percentile, final long samples, final int intervals, final int blocks,
        final int blockLength)
    {
        final String tooFew = samplesShortfall(percentile, samples);
        if (tooFew.isEmpty() && blocks < MIN_BLOCKS)
        {
            return String.format(Locale.ROOT, "%s: %,d intervals make %d blocks of %d, needs ≥ %d blocks",
                label(percentile), intervals, blocks, blockLength, MIN_BLOCKS);
        }
        return tooFew;
    }

    /**
     * The rule on samples alone, for a figure known only by its count (e.g. one read without its interval log).
     *
     * @return why {@code samples} cannot support the percentile, e.g. {@code p99.99: 5,000 samples, needs ≥ 100,000};
     *         empty when they can.
     */
    public static String samplesShortfall(final double percentile, final long samples)
    {
        final String label = label(percentile);
        final long needed = samplesNeeded(percentile);
        if (needed == Long.MAX_VALUE)
        {
            return label + ": no interval, a resample cannot go beyond the largest sample";
        }
        if (samples < needed)
        {
            return String.format(Locale.ROOT, "%s: %,d samples, needs ≥ %,d", label, samples, needed);
        }
        return "";
    }
}
