package io.sonde.api;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The result of a sweep, read from its output folder's {@code sweep.json} and each step's {@code summary.json}: every
 * step run, the knee, why the sweep stopped, every step's checks and the verdict, the floor it was compared with and
 * how it was made. The same object whether the sweep ran in this process ({@code io.sonde.inprocess.Sonde.sweep}),
 * from the command line, or in a container; reports and the results history read a sweep through it too. Immutable.
 */
public final class SweepReport
{
    /** The file a sweep writes its summary to, in its output folder. */
    public static final String SWEEP_FILE = "sweep.json";

    private final Path folder;
    private final String target;
    private final OptionalDouble knee;
    private final OptionalInt largestSizeMet;
    private final StepVerdict stopReason;
    private final Path floor;
    private final ResultMetadata metadata;
    private final List<Step> steps;
    private final List<String> slo;

    private SweepReport(final Path folder, final JsonNode sweep)
    {
        this.folder = folder;
        final Path file = folder.resolve(SWEEP_FILE);
        target = sweep.path("target").asText();
        knee = SummaryFiles.optionalDouble(sweep.path("knee"));
        largestSizeMet = SummaryFiles.optionalInt(sweep.path("largestSizeMet"));
        stopReason = sweep.path("stopReason").isTextual() ? StepVerdict.read(sweep.path("stopReason"), file) : null;
        floor = sweep.path("floor").isTextual() ? Path.of(sweep.path("floor").asText()) : null;
        metadata = SummaryFiles.metadata(sweep.path("metadata"));
        slo = SummaryFiles.texts(sweep.path("slo"));
        final List<Step> read = new ArrayList<>();
        for (final JsonNode step : sweep.path("steps"))
        {
            read.add(new Step(step.path("rate").asDouble(), SummaryFiles.optionalInt(step.path("messageSize")),
                StepVerdict.read(step.path("verdict"), file), stepRun(folder.resolve(step.path("folder").asText())),
                SummaryFiles.optionalDouble(step.path("floorP99")),
                SummaryFiles.optionalDouble(step.path("p99RatioToFloor")),
                SummaryFiles.optionalDouble(step.path("fixFloorP99"))));
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
     * @return the objectives each step was held to, as {@code p99=50.0ms}.
     */
    public List<String> slo()
    {
        return slo;
    }

    /**
     * @return the highest rate that kept its rate and objectives; empty when none did, or for a size sweep.
     */
    public OptionalDouble knee()
    {
        return knee;
    }

    /**
     * @return in a size sweep, the largest message size in bytes that met its limits; empty when none did, or for
     *         a rate sweep.
     */
    public OptionalInt largestSizeMet()
    {
        return largestSizeMet;
    }

    /**
     * @return how the step that ended the sweep was judged (e.g. {@link StepVerdict#SLO_BREACHED}); empty when every
     *         planned step met.
     */
    public Optional<StepVerdict> stopReason()
    {
        return Optional.ofNullable(stopReason);
    }

    /**
     * @return the {@code sonde calibrate} folder the steps were compared with ({@code --floor}), as the sweep named
     *         it; empty without one.
     */
    public Optional<Path> floor()
    {
        return Optional.ofNullable(floor);
    }

    /**
     * @return when and how the sweep was made (its start, command line, host and JVM); empty when its
     *         {@code sweep.json} holds no metadata.
     */
    public Optional<ResultMetadata> metadata()
    {
        return Optional.ofNullable(metadata);
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
        return "SweepReport[" + verdict() + ", knee " + (knee.isPresent() ? knee.getAsDouble() : "none") + ", " +
            steps.size() + " step(s), " + folder + "]";
    }

    private static RunReport stepRun(final Path stepFolder)
    {
        if (!Files.isRegularFile(stepFolder.resolve(RunReport.SUMMARY_FILE)))
        {
            throw new IllegalArgumentException("sweep step folder " + stepFolder + " has no " + RunReport.SUMMARY_FILE);
        }
        return RunReport.read(stepFolder);
    }

    /**
     * One step of a sweep. Its own folder, inside the sweep's, is {@code run().folder()}.
     *
     * @param rate            offered lifecycles per second.
     * @param messageSize     in a size sweep, the NewOrderSingle size in bytes; empty in a rate sweep.
     * @param stepVerdict     how the sweep judged the step.
     * @param run             the step's own run: percentiles, stages, failures, checks and interval logs.
     * @param floorP99        the calibrate floor's corrected p99 at the nearest calibrated rate, µs; empty without
     *                        {@code --floor}.
     * @param p99RatioToFloor corrected p99 against that floor's; empty without a floor.
     * @param fixFloorP99     Sonde's own FIX floor's corrected p99 at the nearest calibrated rate, µs; empty when the
     *                        calibrate folder has none, or without a floor.
     */
    public record Step(
        double rate,
        OptionalInt messageSize,
        StepVerdict stepVerdict,
        RunReport run,
        OptionalDouble floorP99,
        OptionalDouble p99RatioToFloor,
        OptionalDouble fixFloorP99)
    {
    }

    /**
     * How a sweep judged one step. Anything but {@link #MET} ends the sweep (unless it was told not to stop).
     */
    public enum StepVerdict
    {
        /** The target rate was sent and every objective held. */
        MET,
        /** Sonde could not keep its own schedule: says nothing about the system under test, never its knee. */
        GENERATOR_LIMITED,
        /** Less than the tolerated share of the target rate was sent. */
        RATE_MISSED,
        /** The rate was sent but an objective, or the error rate, failed. */
        SLO_BREACHED,
        /** A stop (Ctrl-C, SIGTERM) ended the step before its measured window did: neither met nor missed. */
        CUT_SHORT;

        /**
         * @return as {@code sweep.json}'s {@code stopReason} and the reports spell it, e.g. {@code slo-breached}.
         */
        public String label()
        {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /**
         * @param node a step's {@code verdict} ({@code SLO_BREACHED}) or the sweep's {@code stopReason}
         *             ({@code slo-breached}).
         * @throws IllegalArgumentException naming the file and the verdicts there are.
         */
        static StepVerdict read(final JsonNode node, final Path file)
        {
            final String text = node.asText();
            for (final StepVerdict verdict : values())
            {
                if (verdict.name().equals(text) || verdict.label().equals(text))
                {
                    return verdict;
                }
            }
            throw new IllegalArgumentException(file + " has a step verdict '" + text + "', none of " +
                List.of(values()));
        }
    }
}
