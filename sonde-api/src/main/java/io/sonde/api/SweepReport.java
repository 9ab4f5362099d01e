package io.sonde.api;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The result of a sweep, read from its output folder's {@code sweep.json} and each step's {@code summary.json}: every
 * step run, the knee, why the sweep stopped, every step's checks and the verdict. The same object whether the
 * sweep ran in this process ({@code io.sonde.inprocess.Sonde.sweep}), from the command line, or in a container.
 * Immutable.
 */
public final class SweepReport
{
    /** The file a sweep writes its summary to, in its output folder. */
    public static final String SWEEP_FILE = "sweep.json";

    private final Path folder;
    private final String target;
    private final Double knee;
    private final Integer largestSizeMet;
    private final String stopReason;
    private final List<Step> steps;

    private SweepReport(final Path folder, final JsonNode sweep)
    {
        this.folder = folder;
        target = sweep.path("target").asText();
        knee = SummaryFiles.nullableDouble(sweep.path("knee"));
        largestSizeMet = sweep.path("largestSizeMet").isNumber() ? sweep.path("largestSizeMet").asInt() : null;
        stopReason = sweep.path("stopReason").isTextual() ? sweep.path("stopReason").asText() : null;
        final List<Step> read = new ArrayList<>();
        for (final JsonNode step : sweep.path("steps"))
        {
            // As stopReason is written: slo-breached for the step's SLO_BREACHED.
            read.add(new Step(step.path("rate").asDouble(),
                step.path("messageSize").isNumber() ? step.path("messageSize").asInt() : null,
                step.path("verdict").asText().toLowerCase(Locale.ROOT).replace('_', '-'),
                RunReport.read(folder.resolve(step.path("folder").asText())),
                SummaryFiles.nullableDouble(step.path("p99RatioToFloor"))));
        }
        steps = List.copyOf(read);
    }

    /**
     * @param folder a sweep's output folder.
     * @return its result.
     * @throws IllegalArgumentException when the folder holds no readable {@code sweep.json}, or a step's folder no
     *                                  {@code summary.json}.
     */
    public static SweepReport read(final Path folder)
    {
        return new SweepReport(folder, SummaryFiles.read(folder.resolve(SWEEP_FILE)));
    }

    /**
     * @return every step run, in order.
     */
    public List<Step> steps()
    {
        return steps;
    }

    /**
     * @return the highest rate that kept its rate and objectives; empty when none did, or for a size sweep.
     */
    public OptionalDouble knee()
    {
        return knee == null ? OptionalDouble.empty() : OptionalDouble.of(knee);
    }

    /**
     * @return in a size sweep, the largest message size in bytes that met its limits, or null.
     */
    public Integer largestSizeMet()
    {
        return largestSizeMet;
    }

    /**
     * @return how the step that ended the sweep was judged (e.g. {@code slo-breached}), or null when every planned
     *         step met.
     */
    public String stopReason()
    {
        return stopReason;
    }

    /**
     * @return every step's checks, step after step, each named after its step.
     */
    public List<Check> checks()
    {
        final List<Check> checks = new ArrayList<>();
        steps.forEach(step -> checks.addAll(step.run().checks()));
        return List.copyOf(checks);
    }

    /**
     * @return what every step's checks add up to: a sweep that stopped at its knee has missed.
     */
    public Verdict verdict()
    {
        return Verdict.of(checks());
    }

    /**
     * @return the system driven.
     */
    public String target()
    {
        return target;
    }

    /**
     * @return the output folder.
     */
    public Path folder()
    {
        return folder;
    }

    /**
     * @return the verdict, the knee and the steps in a line.
     */
    public String toString()
    {
        return "SweepReport[" + verdict() + ", knee " + knee + ", " + steps.size() + " step(s), " + folder + "]";
    }

    /**
     * One step of a sweep.
     *
     * @param rate            offered lifecycles per second.
     * @param messageSize     in a size sweep, the NewOrderSingle size in bytes; null in a rate sweep.
     * @param stepVerdict     how the sweep judged the step, e.g. {@code met}, {@code slo-breached},
     *                        {@code generator-limited}.
     * @param run             the step's own run: percentiles, stages, failures and checks.
     * @param p99RatioToFloor corrected p99 against the calibrate floor at that rate, or null without a floor.
     */
    public record Step(double rate, Integer messageSize, String stepVerdict, RunReport run, Double p99RatioToFloor)
    {
    }
}
