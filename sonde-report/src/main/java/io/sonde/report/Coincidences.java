package io.sonde.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.time.Latency;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Latency spikes that a component's stall can explain: found fast only when every component's hiccups are on one
 * time axis with the latency.
 * <p>
 * An interval is a <em>spike</em> when its corrected p99 is at least {@value #SPIKE_FACTOR} times the median of
 * the step's interval p99s. A component's hiccup <em>coincides</em> with it when one of the component's intervals
 * overlapping the spike on the wall clock holds a hiccup of at least {@value #MIN_HICCUP_MICROS} µs and at least
 * a quarter of the spike's excess over the median: a stall big enough to account for a real share of it.
 */
public final class Coincidences
{
    static final double SPIKE_FACTOR = 2.0;
    static final double MIN_HICCUP_MICROS = 1_000;
    private static final double SHARE_OF_EXCESS = 0.25;
    private static final double NANOS_PER_MICRO = 1000.0;
    private static final DateTimeFormatter WALL_CLOCK =
        DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ROOT).withZone(ZoneOffset.UTC);

    /**
     * A spike and the stall that coincides with it.
     *
     * @param step            the step's label.
     * @param atMs            the spike interval's start, epoch milliseconds.
     * @param p99Micros       the spike interval's corrected p99.
     * @param medianP99Micros the step's median interval p99.
     * @param component       the component that stalled.
     * @param hiccupMicros    its longest hiccup overlapping the spike.
     */
    public record Coincidence(
        String step, long atMs, double p99Micros, double medianP99Micros, String component, double hiccupMicros)
    {
        /**
         * @return e.g. "p99 spike at 12:00:05.000Z (23.1ms, median 2.10ms) coincides with a 14.0ms hiccup in
         * exchange-member-1".
         */
        @JsonProperty("description")
        public String describe()
        {
            return "p99 spike at " + WALL_CLOCK.format(Instant.ofEpochMilli(atMs)) + "Z (" +
                Latency.formatMicros(p99Micros) + ", median " + Latency.formatMicros(medianP99Micros) +
                ") coincides with a " + Latency.formatMicros(hiccupMicros) + " hiccup in " + component;
        }
    }

    private Coincidences()
    {
    }

    /**
     * @param components every component's hiccups, Sonde's own included.
     */
    public static List<Coincidence> find(final ReportRow row, final List<HiccupLog> components)
    {
        final List<RecordedLog.Interval> intervals = row.log().intervals(RequestSeries.CORRECTED).stream()
            .filter(interval -> interval.histogram().getTotalCount() > 0).toList();
        final List<Coincidence> found = new ArrayList<>();
        if (intervals.isEmpty())
        {
            return found;
        }
        final double median = medianP99Micros(intervals);
        for (final RecordedLog.Interval interval : intervals)
        {
            final double p99 = interval.histogram().getValueAtPercentile(99) / NANOS_PER_MICRO;
            if (p99 < median * SPIKE_FACTOR)
            {
                continue;
            }
            final long fromMs = row.log().epochMs(interval.startSeconds());
            final long toMs = row.log().epochMs(interval.endSeconds());
            final double needed = Math.max(MIN_HICCUP_MICROS, (p99 - median) * SHARE_OF_EXCESS);
            for (final HiccupLog component : components)
            {
                final double hiccup = component.maxWithin(fromMs, toMs) / NANOS_PER_MICRO;
                if (hiccup >= needed)
                {
                    found.add(new Coincidence(row.label(), fromMs, p99, median, component.component(), hiccup));
                }
            }
        }
        return found;
    }

    private static double medianP99Micros(final List<RecordedLog.Interval> intervals)
    {
        final double[] p99s = intervals.stream()
            .mapToDouble(interval -> interval.histogram().getValueAtPercentile(99) / NANOS_PER_MICRO).toArray();
        Arrays.sort(p99s);
        return p99s[p99s.length / 2];
    }
}
