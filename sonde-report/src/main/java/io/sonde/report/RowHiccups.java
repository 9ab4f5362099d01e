package io.sonde.report;

import io.sonde.loadgen.record.RequestSeries;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.result.HistogramPercentiles;

import java.util.ArrayList;
import java.util.List;

/**
 * Every component's hiccups during one step, on the step's own stretch of the wall clock: Sonde's, then those of
 * the logs given with {@code --hiccups}.
 *
 * @param step        the step's label.
 * @param components  each component's hiccup percentiles over the step, µs.
 * @param coincidences the step's latency spikes that a component's stall coincides with.
 */
public record RowHiccups(String step, List<Component> components, List<Coincidences.Coincidence> coincidences)
{
    /**
     * @param name     the component.
     * @param hiccups  its hiccups over the step, µs.
     */
    public record Component(String name, Percentiles hiccups)
    {
    }

    public static RowHiccups of(final ReportRow row, final List<HiccupLog> others)
    {
        final List<HiccupLog> all = new ArrayList<>();
        all.add(HiccupLog.ofRun(row.log()));
        all.addAll(others);
        final List<RecordedLog.Interval> intervals = row.log().intervals(RequestSeries.CORRECTED);
        final List<Component> components = new ArrayList<>();
        if (!intervals.isEmpty())
        {
            final long fromMs = row.log().epochMs(intervals.get(0).startSeconds());
            final long toMs = row.log().epochMs(intervals.get(intervals.size() - 1).endSeconds());
            for (final HiccupLog log : all)
            {
                components.add(new Component(log.component(), HistogramPercentiles.of(log.within(fromMs, toMs))));
            }
        }
        return new RowHiccups(row.label(), List.copyOf(components), Coincidences.find(row, all));
    }
}
