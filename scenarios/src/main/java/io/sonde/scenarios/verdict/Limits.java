package io.sonde.scenarios.verdict;

import io.sonde.loadgen.sweep.SweepCriteria;
import io.sonde.scenarios.cli.Slo;

import java.util.List;

/**
 * Everything one measured run is judged on.
 *
 * @param slo              objectives on the corrected lifecycle latency.
 * @param criteria         the rate it must send, and when Sonde itself fell behind.
 * @param maxErrorFraction the share of lifecycles that may fail.
 */
public record Limits(List<Slo> slo, SweepCriteria criteria, double maxErrorFraction)
{
    public Limits
    {
        slo = List.copyOf(slo);
    }
}
