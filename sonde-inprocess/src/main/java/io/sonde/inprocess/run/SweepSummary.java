package io.sonde.inprocess.run;

import io.sonde.loadgen.result.RunMetadata;
import io.sonde.loadgen.sweep.SweepCriteria;
import io.sonde.loadgen.time.Latency;
import io.sonde.api.Slo;

import java.util.List;

/**
 * The {@code sweep.json} of {@code sonde sweep}.
 *
 * @param kind       always "sweep".
 * @param target     the system driven.
 * @param flows      the flow mix.
 * @param sessions   FIX sessions per step.
 * @param slo        the objectives each step was held to.
 * @param criteria   rate-miss tolerance and generator limits.
 * @param steps      every step run, rising rate.
 * @param knee       the highest rate that kept its rate and objectives, or null when none did (or a size sweep).
 * @param largestSizeMet in a size sweep, the largest message size that met, or null.
 * @param stopReason the verdict that ended the sweep, or null when every planned rate met.
 * @param floor      the calibrate folder compared with, or null.
 * @param pathWarmup what warmed the path before the first step (rate, lifecycles, how long), or null for none.
 * @param metadata   host, JVM and command line.
 */
public record SweepSummary(
    String kind,
    String target,
    String flows,
    int sessions,
    List<String> slo,
    SweepCriteria criteria,
    List<SweepStep> steps,
    Double knee,
    Integer largestSizeMet,
    String stopReason,
    String floor,
    String pathWarmup,
    RunMetadata metadata)
{
    static List<String> describe(final List<Slo> objectives)
    {
        return objectives.stream().map(slo -> slo.label() + "=" + Latency.formatMicros(slo.limitMicros())).toList();
    }
}
