package io.sonde.loadgen.sweep;

import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.api.Percentiles;
import io.sonde.api.StepProbability;
import io.sonde.loadgen.result.HistogramPercentiles;
import io.sonde.loadgen.runner.RunResult;

import java.util.Optional;

/**
 * What a sweep needs to judge one step.
 *
 * @param targetRate   offered rate per second.
 * @param achievedRate rate actually sent in the measurement window.
 * @param corrected    latency from intended start, µs.
 * @param lateness     how late Sonde sent, µs.
 * @param hiccup       Sonde's own stalls during the step, µs.
 * @param sloMet       whether every latency objective held.
 * @param pushedBack   whether the transport refused sends or the in-flight window filled: the system (or
 *                     the transport's own machinery) held Sonde back, so lateness is not Sonde's alone.
 * @param cutShort     a stop (Ctrl-C, SIGTERM) ended the step before its measurement window did.
 * @param meetsObjectives how likely the step was to meet its latency objectives ({@link StepObjectives}); empty
 *                        when not measured, and then the knee goes by {@code sloMet} alone.
 */
public record StepMeasurement(
    double targetRate,
    double achievedRate,
    Percentiles corrected,
    Percentiles lateness,
    Percentiles hiccup,
    boolean sloMet,
    boolean pushedBack,
    boolean cutShort,
    Optional<StepProbability> meetsObjectives)
{
    /**
     * A step whose probability of meeting its objectives was not measured.
     */
    public StepMeasurement(
        final double targetRate,
        final double achievedRate,
        final Percentiles corrected,
        final Percentiles lateness,
        final Percentiles hiccup,
        final boolean sloMet,
        final boolean pushedBack,
        final boolean cutShort)
    {
        this(targetRate, achievedRate, corrected, lateness, hiccup, sloMet, pushedBack, cutShort, Optional.empty());
    }

    public static StepMeasurement of(final RunResult result, final boolean sloMet)
    {
        return new StepMeasurement(
            result.targetRatePerSecond(),
            result.achievedRatePerSecond(),
            HistogramPercentiles.of(result.totals().get(RequestSeries.CORRECTED)),
            HistogramPercentiles.of(result.totals().get(RequestSeries.LATENESS)),
            HistogramPercentiles.of(result.totals().get(HiccupMeter.TAG)),
            sloMet,
            result.backPressureEvents() + result.windowFullEvents() > 0,
            result.cutShort());
    }
}
