package io.sonde.api;

import com.fasterxml.jackson.annotation.JacksonInject;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The result of a sweep, its output folder's {@code sweep.json} with each step's {@code summary.json}: every step
 * run, the knee, why the sweep stopped, every step's checks and the verdict, the floor it was compared with and how
 * it was made. The engine writes it ({@link #write()}) and everyone reads it ({@link #read}), under the field names
 * of {@code docs/schema/sweep.schema.json}, so it is the same object whether the sweep ran in this process
 * ({@code io.sonde.inprocess.Sonde.sweep}), from the command line, or in a container. Immutable.
 */
@JsonPropertyOrder({ "kind", "target", "flows", "sessions", "slo", "criteria", "steps", "knee", "largestSizeMet",
    "stopReason", "floor", "pathWarmup", "metadata" })
public final class SweepReport
{
    /** The file a sweep writes its summary to, in its output folder. */
    public static final String SWEEP_FILE = "sweep.json";

    @JsonProperty("kind")
    private final String kind = "sweep";
    private final Path folder;
    private final String target;
    private final String flows;
    private final int sessions;
    private final List<String> slo;
    private final Criteria criteria;
    private final List<Step> steps;
    @JsonProperty("knee")
    private final Double knee;
    @JsonProperty("largestSizeMet")
    private final Integer largestSizeMet;
    private final StepVerdict stopReason;
    @JsonProperty("floor")
    private final String floor;
    @JsonProperty("pathWarmup")
    private final String pathWarmup;
    @JsonProperty("metadata")
    private final ResultMetadata metadata;

    /**
     * @param folder         the sweep's output folder; each step's folder is inside it.
     * @param target         the system driven.
     * @param flows          the flow mix.
     * @param sessions       FIX sessions per step.
     * @param slo            the objectives each step was held to, as {@code p99=50.0ms}.
     * @param criteria       how much of its rate a step may miss and Sonde's own limits.
     * @param steps          every step run, in order.
     * @param knee           the highest rate below the first step that missed whose step could be the knee
     *                       ({@link StepProbability#kneeWorthy}); empty when none could, or for a size sweep.
     * @param largestSizeMet in a size sweep, the largest message size that met; empty otherwise.
     * @param stopReason     how the step that ended the sweep was judged; empty when every planned step met.
     * @param floor          the calibrate folder compared with; empty without one.
     * @param pathWarmup     what warmed the path before the first step, in words; empty without a warm-up.
     * @param metadata       how the sweep was made.
     */
    public SweepReport(
        final Path folder,
        final String target,
        final String flows,
        final int sessions,
        final List<String> slo,
        final Criteria criteria,
        final List<Step> steps,
        final OptionalDouble knee,
        final OptionalInt largestSizeMet,
        final Optional<StepVerdict> stopReason,
        final Optional<Path> floor,
        final Optional<String> pathWarmup,
        final ResultMetadata metadata)
    {
        this.folder = folder;
        this.target = target;
        this.flows = flows;
        this.sessions = sessions;
        this.slo = List.copyOf(slo);
        this.criteria = criteria;
        this.steps = List.copyOf(steps);
        this.knee = knee.isPresent() ? knee.getAsDouble() : null;
        this.largestSizeMet = largestSizeMet.isPresent() ? largestSizeMet.getAsInt() : null;
        this.stopReason = stopReason.orElse(null);
        this.floor = floor.map(Path::toString).orElse(null);
        this.pathWarmup = pathWarmup.orElse(null);
        this.metadata = metadata;
    }

    @JsonCreator
    private static SweepReport read(
        @JacksonInject final Path folder,
        @JsonProperty("target") final String target,
        @JsonProperty("flows") final String flows,
        @JsonProperty("sessions") final int sessions,
        @JsonProperty("slo") final List<String> slo,
        @JsonProperty("criteria") final Criteria criteria,
        @JsonProperty("steps") final List<Step> steps,
        @JsonProperty("knee") final Double knee,
        @JsonProperty("largestSizeMet") final Integer largestSizeMet,
        @JsonProperty("stopReason") final String stopReason,
        @JsonProperty("floor") final String floor,
        @JsonProperty("pathWarmup") final String pathWarmup,
        @JsonProperty("metadata") final ResultMetadata metadata)
    {
        final Path file = folder.resolve(SWEEP_FILE);
        return new SweepReport(folder, target == null ? "" : target, flows == null ? "" : flows, sessions,
            slo == null ? List.of() : slo, criteria == null ? new Criteria(0, 0, 0) : criteria,
            steps == null ? List.of() : steps, knee == null ? OptionalDouble.empty() : OptionalDouble.of(knee),
            largestSizeMet == null ? OptionalInt.empty() : OptionalInt.of(largestSizeMet),
            Optional.ofNullable(stopReason).map(text -> StepVerdict.read(text, file)),
            Optional.ofNullable(floor).map(Path::of), Optional.ofNullable(pathWarmup), metadata);
    }

    /**
     * @param folder a sweep's output folder.
     * @return its result.
     * @throws IllegalArgumentException when the folder holds no readable {@code sweep.json}, or a step's folder no
     *                                  {@code summary.json}.
     */
    public static SweepReport read(final Path folder)
    {
        return SummaryFiles.read(folder.resolve(SWEEP_FILE), SweepReport.class, folder);
    }

    /**
     * Write it as {@code sweep.json} in its folder, whole or not at all.
     */
    public void write()
    {
        SummaryFiles.write(folder.resolve(SWEEP_FILE), this);
    }

    /**
     * @return the objectives each step was held to, as {@code p99=50.0ms}.
     */
    @JsonProperty("slo")
    public List<String> slo()
    {
        return slo;
    }

    /**
     * @return how much of its rate a step may miss, and Sonde's own limits.
     */
    @JsonProperty("criteria")
    public Criteria criteria()
    {
        return criteria;
    }

    /**
     * @return the flow mix, e.g. {@code new=100}.
     */
    @JsonProperty("flows")
    public String flows()
    {
        return flows;
    }

    /**
     * @return FIX sessions of each step.
     */
    @JsonProperty("sessions")
    public int sessions()
    {
        return sessions;
    }

    /**
     * @return what warmed the path before the first step, in words; empty without a warm-up.
     */
    public Optional<String> pathWarmup()
    {
        return Optional.ofNullable(pathWarmup);
    }

    @JsonProperty("stopReason")
    private String stopReasonLabel()
    {
        return stopReason == null ? null : stopReason.label();
    }

    /**
     * @return every step run, in order.
     */
    @JsonProperty("steps")
    public List<Step> steps()
    {
        return steps;
    }

    /**
     * @return the highest rate below the first step that missed whose step could be the knee
     *         ({@link StepProbability#kneeWorthy}); empty when none could, or for a size sweep.
     */
    public OptionalDouble knee()
    {
        return knee == null ? OptionalDouble.empty() : OptionalDouble.of(knee);
    }

    /**
     * @return in a size sweep, the largest message size in bytes that met its limits; empty when none did, or for
     *         a rate sweep.
     */
    public OptionalInt largestSizeMet()
    {
        return largestSizeMet == null ? OptionalInt.empty() : OptionalInt.of(largestSizeMet);
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
        return Optional.ofNullable(floor).map(Path::of);
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
     * @return the step just above the knee (or the largest size met): how likely it was to meet the objectives
     *         says how sharp the knee is; the first step without a knee, empty when the knee is the last step run.
     */
    public Optional<Step> aboveKnee()
    {
        int above = 0;
        for (int i = 0; i < steps.size(); i++)
        {
            final Step step = steps.get(i);
            final boolean atKnee = step.messageSize().isPresent() ? largestSizeMet != null &&
                step.messageSize().getAsInt() == largestSizeMet : knee != null && step.rate() == knee;
            above = atKnee ? i + 1 : above;
        }
        return above < steps.size() ? Optional.of(steps.get(above)) : Optional.empty();
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
    @JsonProperty("target")
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
        return "SweepReport[" + verdict() + ", knee " + (knee == null ? "none" : knee) + ", " +
            steps.size() + " step(s), " + folder + "]";
    }

    /**
     * One step of a sweep: one entry of {@code sweep.json}'s {@code steps}, whose figures are its own run's. Its own
     * folder, inside the sweep's, is {@code run().folder()}.
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
     * @param floorRate       the calibrated rate those floors are of; empty without a floor.
     * @param meetsObjectives how likely the step was to meet its latency objectives; empty when none is on the
     *                        corrected latency, or in a sweep written before probabilities.
     */
    @JsonPropertyOrder({ "rate", "messageSize", "achievedRate", "verdict", "meetsObjectives", "corrected",
        "uncorrectedP99", "sendLatenessP99", "hiccupP999", "errors", "floors", "folder" })
    public record Step(
        double rate,
        @JsonIgnore OptionalInt messageSize,
        @JsonProperty("verdict") StepVerdict stepVerdict,
        @JsonIgnore RunReport run,
        @JsonIgnore OptionalDouble floorP99,
        @JsonIgnore OptionalDouble p99RatioToFloor,
        @JsonIgnore OptionalDouble fixFloorP99,
        @JsonIgnore OptionalDouble floorRate,
        @JsonIgnore Optional<StepProbability> meetsObjectives)
    {
        /**
         * @return corrected p99 against Sonde's FIX floor's; empty without one.
         */
        public OptionalDouble p99RatioToFixFloor()
        {
            return fixFloorP99.isEmpty() || fixFloorP99.getAsDouble() <= 0 ? OptionalDouble.empty() :
                OptionalDouble.of(run.corrected().p99() / fixFloorP99.getAsDouble());
        }

        @JsonCreator
        private static Step read(
            @JacksonInject final Path sweepFolder,
            @JsonProperty("rate") final double rate,
            @JsonProperty("messageSize") final Integer messageSize,
            @JsonProperty("verdict") final String verdict,
            @JsonProperty("floorRate") final Double floorRate,
            @JsonProperty("floorP99") final Double floorP99,
            @JsonProperty("p99RatioToFloor") final Double p99RatioToFloor,
            @JsonProperty("fixFloorP99") final Double fixFloorP99,
            @JsonProperty("meetsObjectives") final StepProbability meetsObjectives,
            @JsonProperty("folder") final String folder)
        {
            final Path stepFolder = sweepFolder.resolve(folder == null ? "" : folder);
            if (!Files.isRegularFile(stepFolder.resolve(RunReport.SUMMARY_FILE)))
            {
                throw new IllegalArgumentException("sweep step folder " + stepFolder + " has no " +
                    RunReport.SUMMARY_FILE);
            }
            return new Step(rate, messageSize == null ? OptionalInt.empty() : OptionalInt.of(messageSize),
                StepVerdict.read(verdict, sweepFolder.resolve(SWEEP_FILE)), RunReport.read(stepFolder),
                optional(floorP99), optional(p99RatioToFloor), optional(fixFloorP99), optional(floorRate),
                Optional.ofNullable(meetsObjectives));
        }

        @JsonProperty("messageSize")
        private Integer messageSizeOrNull()
        {
            return messageSize.isPresent() ? messageSize.getAsInt() : null;
        }

        @JsonProperty("achievedRate")
        private double achievedRate()
        {
            return run.achievedRate();
        }

        @JsonProperty("corrected")
        private Percentiles corrected()
        {
            return run.corrected();
        }

        @JsonProperty("uncorrectedP99")
        private double uncorrectedP99()
        {
            return run.uncorrected().p99();
        }

        @JsonProperty("sendLatenessP99")
        private double sendLatenessP99()
        {
            return run.lateness().p99();
        }

        @JsonProperty("hiccupP999")
        private double hiccupP999()
        {
            return run.hiccup().p99_9();
        }

        @JsonProperty("errors")
        private long errors()
        {
            return run.outcomes().rejected() + run.outcomes().timedOut();
        }

        @JsonProperty("meetsObjectives")
        private StepProbability meetsObjectivesOrNull()
        {
            return meetsObjectives.orElse(null);
        }

        @JsonProperty("floors")
        @JsonUnwrapped
        private StepFloors floors()
        {
            return StepFloors.of(this);
        }

        @JsonProperty("folder")
        private String folder()
        {
            return run.folder().getFileName().toString();
        }

        private static OptionalDouble optional(final Double value)
        {
            return value == null ? OptionalDouble.empty() : OptionalDouble.of(value);
        }
    }

    /**
     * How the sweep judged its steps' rate and Sonde's own health.
     *
     * @param maxMissFraction          the share of a step's rate it may miss, 0 to 1.
     * @param maxSendLatenessP99Micros Sonde's send lateness at p99 beyond which a step is generator-limited.
     * @param maxHiccupP999Micros      Sonde's own hiccups at p99.9 beyond which a step is generator-limited.
     */
    @JsonPropertyOrder({ "maxMissFraction", "maxSendLatenessP99Micros", "maxHiccupP999Micros" })
    public record Criteria(double maxMissFraction, double maxSendLatenessP99Micros, double maxHiccupP999Micros)
    {
    }
}
