package io.sonde.report;

import io.sonde.api.ConfidenceInterval;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.confidence.SampleSupport;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A percentile on the terminal with its 95 % confidence interval, {@code p99 3.89ms (3.10–4.82)}: the bounds in the
 * estimate's unit, or each with its own where they differ ({@code p99 999µs (950µs–1.02ms)}). A percentile its
 * samples cannot support prints what it lacks, {@code p99.99: 5,000 samples, needs ≥ 100,000}, never a bare number:
 * from its interval's shortfall, or, for figures read without an interval, from their count alone.
 */
public final class IntervalText
{
    /** The percentiles of {@link Percentiles}, in the order a table prints them. */
    public static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};
    /** The widest line a table prints. */
    static final int WIDTH = 120;

    private IntervalText()
    {
    }

    /**
     * @param percentile     one of {@link #PERCENTILES}.
     * @param estimateMicros the figure at it, µs.
     * @param interval       its interval, when the figures have one.
     * @param count          the samples the figure stands on.
     * @return e.g. {@code p99 3.89ms (3.10–4.82)}, or its shortfall; {@code p99 3.89ms} for a figure without an
     *         interval whose samples are enough.
     */
    public static String of(
        final double percentile, final double estimateMicros, final Optional<ConfidenceInterval> interval,
        final long count)
    {
        if (interval.isPresent() && !interval.get().supported())
        {
            return interval.get().shortfall();
        }
        final String tooFew = SampleSupport.samplesShortfall(percentile, count);
        if (interval.isEmpty() && !tooFew.isEmpty())
        {
            return tooFew;
        }
        final String estimate = Latency.formatMicros(estimateMicros);
        return SampleSupport.label(percentile) + " " + estimate +
            interval.map(found -> " " + range(estimate, found)).orElse("");
    }

    /**
     * @return the figures' percentile as {@link #of(double, double, Optional, long)} prints it.
     */
    public static String of(final double percentile, final Percentiles figures)
    {
        return of(percentile, figures.at(percentile), figures.interval(percentile), figures.count());
    }

    /**
     * @param intervals a hop's or the figures' intervals, keyed as {@link Percentiles#intervals()}.
     * @return the percentile of a hop as {@link #of(double, double, Optional, long)} prints it.
     */
    public static String of(
        final double percentile, final double estimateMicros, final Map<String, ConfidenceInterval> intervals,
        final long count)
    {
        return of(percentile, estimateMicros, Optional.ofNullable(intervals.get(ConfidenceInterval.key(percentile))),
            count);
    }

    /**
     * @return whether the percentile prints as a figure (with its interval, or with enough samples for one), not
     *         as its shortfall.
     */
    public static boolean supported(final double percentile, final Percentiles figures)
    {
        return figures.interval(percentile).map(ConfidenceInterval::supported)
            .orElse(SampleSupport.samplesShortfall(percentile, figures.count()).isEmpty());
    }

    /**
     * @return the percentile as a table's cell prints it: {@code -} when its samples cannot support it, its figure
     *         otherwise (the interval goes on the line {@link #printUnder} prints under the row).
     */
    static String cell(final double percentile, final Percentiles figures)
    {
        return supported(percentile, figures) ? Latency.formatMicros(figures.at(percentile)) : "-";
    }

    /**
     * Under a table's row: each percentile with its interval, or what its samples lack, as many to a line as fit in
     * {@value #WIDTH} columns from column {@code indent}; nothing for figures without intervals whose samples support
     * every percentile.
     */
    static void printUnder(final PrintWriter out, final int indent, final Percentiles figures)
    {
        final List<String> percentiles = new ArrayList<>();
        boolean shortOfSamples = false;
        for (final double percentile : PERCENTILES)
        {
            percentiles.add(of(percentile, figures));
            shortOfSamples |= !supported(percentile, figures);
        }
        if (figures.intervals().isEmpty() && !shortOfSamples)
        {
            return;
        }
        flow(percentiles, indent, WIDTH).forEach(line -> out.printf(Locale.ROOT, "%" + indent + "s%s%n", "", line));
    }

    /**
     * @param items  what to print, in order.
     * @param indent the first column the items may take, on every line.
     * @param width  the last column.
     * @return the items two spaces apart, as many to a line as fit between the two columns (a longer one on a line
     *         of its own), each line without the indent.
     */
    static List<String> flow(final List<String> items, final int indent, final int width)
    {
        final List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (final String item : items)
        {
            if (line.length() > 0 && indent + line.length() + 2 + item.length() > width)
            {
                lines.add(line.toString());
                line = new StringBuilder();
            }
            line.append(line.length() > 0 ? "  " : "").append(item);
        }
        if (line.length() > 0)
        {
            lines.add(line.toString());
        }
        return lines;
    }

    /**
     * @return e.g. {@code 3.89ms (3.10–4.82)}: the figure and its interval's ends, in the figure's unit where they
     *         share it ({@code 999µs (950µs–1.02ms)} where they do not).
     */
    static String withRange(final double estimateMicros, final ConfidenceInterval interval)
    {
        final String estimate = Latency.formatMicros(estimateMicros);
        return estimate + " " + range(estimate, interval);
    }

    private static String range(final String estimate, final ConfidenceInterval interval)
    {
        final String lower = Latency.formatMicros(interval.lower());
        final String upper = Latency.formatMicros(interval.upper());
        final String unit = unit(estimate);
        if (unit.equals(unit(lower)) && unit.equals(unit(upper)))
        {
            return "(" + number(lower) + "–" + number(upper) + ")";
        }
        return "(" + lower + "–" + upper + ")";
    }

    private static String unit(final String formatted)
    {
        return formatted.substring(number(formatted).length());
    }

    private static String number(final String formatted)
    {
        int end = 0;
        while (end < formatted.length() && (Character.isDigit(formatted.charAt(end)) || formatted.charAt(end) == '.'))
        {
            end++;
        }
        return formatted.substring(0, end);
    }
}
