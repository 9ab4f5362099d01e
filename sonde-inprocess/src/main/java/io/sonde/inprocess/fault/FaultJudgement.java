package io.sonde.inprocess.fault;

import io.sonde.api.FaultResult;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.result.HistogramPercentiles;
import org.HdrHistogram.Histogram;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * How a run went through its faults: each fault's summary, the corrected latency of every fault's "during"
 * window together, and the records for {@code faults.json}.
 *
 * @param faults  each fault, in the order they were due.
 * @param during  the corrected latency from each fault to its recovery, merged, µs.
 * @param applied what was done, when, to what: {@code faults.json}'s entries.
 * @param orders  the run's whole counts of the orders kept while faults were under way (kept, lost, duplicated,
 *                untracked, statusUnsettled), by name; empty without faults.
 */
public record FaultJudgement(
    List<FaultResult> faults, Percentiles during, List<FaultRecord> applied, Map<String, Long> orders)
{
    /** The judgement of a run without faults. */
    public static final FaultJudgement NONE = new FaultJudgement(List.of(), HistogramPercentiles.of(new Histogram(3)),
        List.of(), Map.of());

    /**
     * @return the slowest recovery, ms; empty when there were no faults or one never recovered.
     */
    public OptionalDouble slowestRecoveryMillis()
    {
        if (faults.isEmpty() || faults.stream().anyMatch(fault -> !fault.recovered()))
        {
            return OptionalDouble.empty();
        }
        return faults.stream().mapToDouble(fault -> fault.recoveryMillis().getAsDouble()).max();
    }
}
