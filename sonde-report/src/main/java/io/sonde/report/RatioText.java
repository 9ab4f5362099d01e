package io.sonde.report;

import io.sonde.loadgen.confidence.RatioInterval;

import java.util.Locale;

/**
 * A ratio B ÷ A with its 95 % interval as a comparison prints it, {@code ×1.12 (1.05–1.20)}, and what the interval
 * says: B {@value #SLOWER} or {@value #FASTER} than A beyond the noise when the whole interval lies above or below
 * 1, {@value #WITHIN_NOISE} when it holds 1. A ratio whose samples cannot support an interval prints what they
 * lack, never a bare number.
 */
final class RatioText
{
    /** The whole interval lies above 1: B's latency is higher beyond the noise of both. */
    static final String SLOWER = "slower";
    /** The whole interval lies below 1. */
    static final String FASTER = "faster";
    /** The interval holds 1: the two differ no more than their own noise. */
    static final String WITHIN_NOISE = "within-noise";
    /** Too few samples, or blocks, in A or B for an interval. */
    static final String UNSUPPORTED = "unsupported";

    private RatioText()
    {
    }

    /**
     * @return {@value #SLOWER}, {@value #FASTER} or {@value #WITHIN_NOISE}, for a supported ratio.
     */
    static String difference(final RatioInterval ratio)
    {
        return ratio.above(1) ? SLOWER : ratio.upper() < 1 ? FASTER : WITHIN_NOISE;
    }

    /**
     * @return {@code ×1.12 (1.05–1.20)}, or what the samples lack, e.g. {@code A: p99.99: 5,000 samples, needs ≥
     *         100,000}.
     */
    static String of(final ReportComparison.Interval interval)
    {
        if (interval.lower() == null)
        {
            return interval.shortfall();
        }
        return String.format(Locale.ROOT, "×%.2f (%.2f–%.2f)", interval.ratio(), interval.lower(), interval.upper());
    }

    /**
     * @return what the interval says in words: {@code slower, beyond the noise}, {@code within the noise}; empty
     *         for an unsupported one, whose shortfall says it all.
     */
    static String verdict(final ReportComparison.Interval interval)
    {
        return switch (interval.difference())
        {
            case SLOWER -> "slower, beyond the noise";
            case FASTER -> "faster, beyond the noise";
            case WITHIN_NOISE -> "within the noise";
            default -> "";
        };
    }

    /**
     * @return a maximum's ratio, which no resample can give an interval: {@code ×1.40 (no interval for max)}.
     */
    static String maximum(final double ratio)
    {
        return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "×%.2f (no interval for max)", ratio);
    }
}
