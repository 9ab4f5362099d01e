package io.sonde.inprocess.run;

import io.sonde.api.FloorReport;
import io.sonde.api.RunReport;
import io.sonde.api.Slo;
import io.sonde.api.SweepReport;
import io.sonde.loadgen.result.RunMetadata;
import io.sonde.loadgen.sweep.StepMeasurement;
import io.sonde.loadgen.sweep.Sweep;
import io.sonde.loadgen.sweep.SweepCriteria;
import io.sonde.loadgen.time.Latency;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Writes a sweep's {@code sweep.json} and {@code sweep.csv} once its steps have run: each step's verdict, its
 * result read back from its folder, its p99 beside the floor at the nearest calibrated rate, and the knee. A FIX
 * sweep and a market sweep write theirs with this same code.
 */
public final class SweepReports
{
    private SweepReports()
    {
    }

    /**
     * What a sweep ran and how it went.
     *
     * @param folder      the sweep's folder.
     * @param plan        each planned step's value: its rate, or its message size in bytes.
     * @param sizes       each planned step's message size, null entries for a rate sweep.
     * @param outcome     the steps run, their verdicts and the knee.
     * @param stepFolders each step's folder name, in order.
     * @param criteria    the rate and generator criteria each step was judged by.
     * @param target      what it drove, in words.
     * @param flows       what it sent, in words.
     * @param sessions    the sessions it used.
     * @param objectives  each step's objectives.
     * @param floor       the calibration read, or null.
     * @param warmedUp    what the path's warm-up did, or null without one.
     * @param metadata    its command line, start, host and thread layout.
     */
    public record SweepRun(
        Path folder,
        List<Double> plan,
        List<Integer> sizes,
        Sweep.Outcome outcome,
        List<String> stepFolders,
        SweepCriteria criteria,
        String target,
        String flows,
        int sessions,
        List<Slo> objectives,
        FloorReference floor,
        String warmedUp,
        RunMetadata metadata)
    {
    }

    /**
     * @return the sweep's report, written into its folder as {@code sweep.json} and {@code sweep.csv}.
     */
    public static SweepReport write(final SweepRun sweep)
    {
        final List<SweepReport.Step> steps = new ArrayList<>();
        final Sweep.Outcome outcome = sweep.outcome();
        final FloorReference floor = sweep.floor();
        for (int i = 0; i < outcome.steps().size(); i++)
        {
            final StepMeasurement step = outcome.steps().get(i);
            final FloorReport.RoundTrip reference = floor == null ? null : floor.nearest(step.targetRate());
            final FloorReport.RoundTrip fixReference = floor == null ? null : floor.nearestFix(step.targetRate());
            final Integer size = sweep.sizes().get(i);
            steps.add(new SweepReport.Step(step.targetRate(), size == null ? OptionalInt.empty() : OptionalInt.of(size),
                outcome.verdicts().get(i), RunReport.read(sweep.folder().resolve(sweep.stepFolders().get(i))),
                reference == null ? OptionalDouble.empty() : OptionalDouble.of(reference.corrected().p99()),
                ratio(step.corrected().p99(), reference),
                fixReference == null ? OptionalDouble.empty() : OptionalDouble.of(fixReference.corrected().p99()),
                reference == null ? OptionalDouble.empty() : OptionalDouble.of(reference.rate()),
                step.meetsObjectives()));
        }
        final boolean kneeFound = outcome.kneeStep().isPresent();
        final boolean sizeSweep = sweep.sizes().get(0) != null;
        final Integer largestSize = kneeFound ? sweep.sizes().get(outcome.kneeStep().getAsInt()) : null;
        final SweepCriteria criteria = sweep.criteria();
        final SweepReport report = new SweepReport(sweep.folder(), sweep.target(), sweep.flows(), sweep.sessions(),
            describe(sweep.objectives()), new SweepReport.Criteria(criteria.maxMissFraction(),
            criteria.maxSendLatenessP99Micros(), criteria.maxHiccupP999Micros()), steps,
            kneeFound && !sizeSweep ? outcome.knee() : OptionalDouble.empty(),
            largestSize == null ? OptionalInt.empty() : OptionalInt.of(largestSize),
            Optional.ofNullable(outcome.stopReason()), Optional.ofNullable(floor).map(FloorReference::source),
            Optional.ofNullable(sweep.warmedUp()), SummaryFigures.metadata(sweep.metadata()));
        report.write();
        SweepCsv.write(sweep.folder().resolve("sweep.csv"), report);
        return report;
    }

    private static List<String> describe(final List<Slo> objectives)
    {
        return objectives.stream().map(slo -> slo.label() + "=" + Latency.formatMicros(slo.limitMicros())).toList();
    }

    /**
     * @return corrected p99 against the floor's at the nearest calibrated rate; empty without a floor.
     */
    private static OptionalDouble ratio(final double p99, final FloorReport.RoundTrip floor)
    {
        return floor == null || floor.corrected().p99() <= 0 ? OptionalDouble.empty() :
            OptionalDouble.of(p99 / floor.corrected().p99());
    }
}
