package io.sonde.inprocess.run;

import io.sonde.loadgen.record.SeriesTotals;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.result.HistogramPercentiles;

/**
 * One lifecycle stage of a FIX run (e.g. {@code new-ack}), corrected and uncorrected, in microseconds.
 *
 * @param corrected   from the stage's intended start.
 * @param uncorrected from the stage's actual send.
 * @param lateness    how late the stage's message left.
 */
public record StageSummary(Percentiles corrected, Percentiles uncorrected, Percentiles lateness)
{
    public static StageSummary of(final SeriesTotals totals, final String stage)
    {
        return new StageSummary(
            HistogramPercentiles.of(totals.get(stage + ".corrected")),
            HistogramPercentiles.of(totals.get(stage + ".uncorrected")),
            HistogramPercentiles.of(totals.get(stage + ".lateness")));
    }
}
