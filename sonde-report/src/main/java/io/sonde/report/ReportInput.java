package io.sonde.report;

import io.sonde.api.ResultMetadata;
import io.sonde.api.RunReport;
import io.sonde.api.SweepReport;
import io.sonde.loadgen.record.HopsByLatencyCsv;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The results a report reads: one or more run or sweep folders, read through the API's {@link RunReport} and
 * {@link SweepReport}. Steps at the same rate from different folders (several generators driving one system) are
 * merged into one row by adding their histograms and counts.
 *
 * @param label    how the report names this input ("A", "B" in a comparison, or the folders).
 * @param rows     one per rate (or message size), rising.
 * @param knee     the highest rate (or, in a size sweep, message size) every generator met, or null.
 * @param metadata the first input's configuration disclosure (host, JVM, command) by dotted name; empty when none
 *                 of the inputs recorded one.
 * @param kind     {@value #SWEEP} or {@value #RUN}.
 */
public record ReportInput(String label, List<ReportRow> rows, Double knee, Map<String, String> metadata, String kind)
{
    /** A {@code sonde sweep} folder. */
    public static final String SWEEP = "sweep";
    /** A {@code sonde run} folder, or one step of a sweep. */
    public static final String RUN = "run";

    private static final Map<String, String> KIND_NAMES = Map.of(SWEEP, "a sweep", RUN, "a run");

    /**
     * @param folders run or sweep folders, all of one kind.
     * @throws ReportException when a folder is missing, empty, or holds neither a sweep nor a run, or they are not
     *                         all of one kind.
     */
    public static ReportInput read(final String label, final List<Path> folders)
    {
        final Map<Double, ReportRow> rows = new TreeMap<>();
        Map<String, String> metadata = Map.of();
        String kind = null;
        for (final Path folder : folders)
        {
            final String folderKind = kind(folder);
            if (kind != null && !kind.equals(folderKind))
            {
                throw new ReportException(folders.get(0) + " is " + KIND_NAMES.get(kind) + " and " + folder +
                    " is " + KIND_NAMES.get(folderKind) + ": only results of one kind merge, as generators of one " +
                    "system (report them apart, or side by side with --compare)");
            }
            kind = folderKind;
            if (SWEEP.equals(kind))
            {
                final SweepReport sweep = read(() -> SweepReport.read(folder));
                if (metadata.isEmpty())
                {
                    metadata = sweep.metadata().map(ResultMetadata::disclosure).orElse(Map.of());
                }
                readSweep(sweep, rows);
            }
            else
            {
                final RunReport run = run(folder);
                if (metadata.isEmpty())
                {
                    metadata = run.metadata().map(ResultMetadata::disclosure).orElse(Map.of());
                }
                addStep(run, null, null, rows);
            }
        }
        return new ReportInput(label, List.copyOf(rows.values()), SWEEP.equals(kind) ? knee(rows) : null, metadata,
            kind);
    }

    /**
     * @return what {@code folder} holds: {@link #SWEEP}, or else {@link #RUN}, whose reading says when it holds none.
     * @throws ReportException when it does not exist.
     */
    private static String kind(final Path folder)
    {
        if (!Files.isDirectory(folder))
        {
            throw new ReportException("result folder " + folder + " does not exist");
        }
        return Files.isRegularFile(folder.resolve(SweepReport.SWEEP_FILE)) ? SWEEP : RUN;
    }

    /**
     * @throws ReportException unless the folder holds a run's summary ({@code sonde replay} and
     *                         {@code sonde calibrate} write summaries of other kinds).
     */
    private static RunReport run(final Path folder)
    {
        if (Files.isRegularFile(folder.resolve(RunReport.SUMMARY_FILE)))
        {
            final RunReport run = read(() -> RunReport.read(folder));
            if (run.kind().equals("run"))
            {
                return run;
            }
        }
        throw new ReportException("result folder " + folder + " holds neither sweep.json nor a run's " +
            "summary.json (is it a 'sonde run' or 'sonde sweep' output folder?)");
    }

    private static void readSweep(final SweepReport sweep, final Map<Double, ReportRow> rows)
    {
        if (sweep.steps().isEmpty())
        {
            throw new ReportException("sweep " + sweep.folder() + " has no steps");
        }
        final FloorCurves floors = FloorCurves.read(sweep.floor().orElse(null));
        for (final SweepReport.Step step : sweep.steps())
        {
            final Integer size = step.messageSize().isPresent() ? step.messageSize().getAsInt() : null;
            final ReportRow row = addStep(step.run(), step.stepVerdict().label(), size, rows);
            row.floorP99(step.floorP99());
            row.fixFloorP99(step.fixFloorP99());
            row.floorCurves(floors.nearest(row.rate()));
        }
    }

    private static ReportRow addStep(
        final RunReport run, final String verdict, final Integer size, final Map<Double, ReportRow> rows)
    {
        final double rate = run.targetRate();
        final ReportRow row = rows.computeIfAbsent(size != null ? size : rate, key -> new ReportRow(rate, size));
        row.addGenerator(run.achievedRate(), run.outcomes().sent(),
            run.outcomes().rejected() + run.outcomes().timedOut(), verdict);
        run.failures().forEach(row::addFailure);
        run.intervalLogs().forEach(row.log()::add);
        final Path hopsByLatency = run.folder().resolve(HopsByLatencyCsv.FILE_NAME);
        if (Files.isRegularFile(hopsByLatency))
        {
            row.addHopsByLatency(hopsByLatency);
        }
        return row;
    }

    /**
     * @return the result the API read, or the API's reason it could not, as a report's error.
     */
    private static <T> T read(final Supplier<T> reader)
    {
        try
        {
            return reader.get();
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ReportException(ex.getMessage());
        }
    }

    /**
     * @return the row a report looks at closely: the knee's, else the last.
     */
    public ReportRow focusRow()
    {
        if (knee != null)
        {
            for (final ReportRow row : rows)
            {
                if (row.key() == knee)
                {
                    return row;
                }
            }
        }
        return rows.get(rows.size() - 1);
    }

    private static Double knee(final Map<Double, ReportRow> rows)
    {
        Double knee = null;
        for (final ReportRow row : rows.values())
        {
            if (!row.met())
            {
                break;
            }
            knee = row.key();
        }
        return knee;
    }
}
