package io.sonde.report;

import io.sonde.api.FloorChoice;
import io.sonde.api.FloorReport;
import io.sonde.api.ResultMetadata;
import io.sonde.api.RunReport;
import io.sonde.api.SweepReport;
import io.sonde.api.TickToTradeSummary;
import io.sonde.loadgen.record.HopsByLatencyCsv;
import io.sonde.loadgen.record.RequestSeries;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The results a report reads: one or more run or sweep folders, read through the API's {@link RunReport} and
 * {@link SweepReport}, or interval logs alone: a probe's results folder (its daily {@code probe-*.hlog}) or
 * {@code .hlog} files. Steps at the same rate from different folders (several generators driving one system) are
 * merged into one row by adding their histograms and counts; so are interval logs, into one row.
 *
 * @param label    how the report names this input ("A", "B" in a comparison, or the folders).
 * @param rows     one per rate (or message size), rising.
 * @param knee     the highest rate (or, in a size sweep, message size) every generator met, with at least 95 %
 *                 probability where its sweep measured it, below the first that one missed; or null.
 * @param metadata the first input's configuration disclosure (host, JVM, command) by dotted name; empty when none
 *                 of the inputs recorded one.
 * @param kind     {@value #SWEEP}, {@value #RUN}, {@value #MARKET}, {@value #PROBE} or {@value #INTERVAL_LOG}.
 */
public record ReportInput(String label, List<ReportRow> rows, Double knee, Map<String, String> metadata, String kind)
{
    /** A {@code sonde sweep} folder. */
    public static final String SWEEP = "sweep";
    /** A {@code sonde run} folder, or one step of a sweep. */
    public static final String RUN = "run";
    /** A {@code sonde market} folder, whose latency is tick-to-trade. */
    public static final String MARKET = TickToTradeSummary.KIND;
    /** A {@code sonde probe} results folder. */
    public static final String PROBE = "probe";
    /** An {@code .hlog} file on its own. */
    public static final String INTERVAL_LOG = "interval log";

    /**
     * The probe's daily interval logs: {@code probe-2026-11-22.hlog}, and {@code probe-2026-11-22.1.hlog} after a
     * restart on the same day.
     */
    private static final Pattern PROBE_LOG = Pattern.compile("probe-.*\\.hlog");
    private static final Map<String, String> KIND_NAMES = Map.of(SWEEP, "a sweep", RUN, "a run", MARKET,
        "a market run", PROBE, "a probe's results folder", INTERVAL_LOG, "an interval log");

    /**
     * @param folders run or sweep folders, probe results folders or {@code .hlog} files, all of one kind.
     * @throws ReportException when a folder is missing, empty, or holds none of these, or they are not all of one
     *                         kind.
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
            else if (RUN.equals(kind) || MARKET.equals(kind))
            {
                final RunReport run = run(folder);
                if (metadata.isEmpty())
                {
                    metadata = run.metadata().map(ResultMetadata::disclosure).orElse(Map.of());
                }
                addStep(run, null, null, rows);
            }
            else
            {
                addLogs(kind, PROBE.equals(kind) ? probeLogs(folder) : List.of(folder), rows);
            }
        }
        return new ReportInput(label, List.copyOf(rows.values()), SWEEP.equals(kind) ? knee(rows) : null, metadata,
            kind);
    }

    /**
     * @return what {@code path} holds: {@link #SWEEP}, {@link #RUN}, {@link #PROBE} or, for a file,
     *         {@link #INTERVAL_LOG}; a folder that holds none of them is taken for a run, whose reading says so.
     * @throws ReportException when it does not exist.
     */
    private static String kind(final Path path)
    {
        if (Files.isRegularFile(path))
        {
            return INTERVAL_LOG;
        }
        if (!Files.isDirectory(path))
        {
            throw new ReportException("result folder " + path + " does not exist");
        }
        if (Files.isRegularFile(path.resolve(SweepReport.SWEEP_FILE)))
        {
            return SWEEP;
        }
        if (Files.isRegularFile(path.resolve(RunReport.SUMMARY_FILE)) || probeLogs(path).isEmpty())
        {
            return isMarket(path) ? MARKET : RUN;
        }
        return PROBE;
    }

    /**
     * @return whether the folder's summary is a market run's; an unreadable one is left to {@link #run} to name.
     */
    private static boolean isMarket(final Path folder)
    {
        try
        {
            return MARKET.equals(RunReport.read(folder).kind());
        }
        catch (final IllegalArgumentException ex)
        {
            return false;
        }
    }

    /**
     * @return the probe's daily interval logs in {@code folder}, by name.
     */
    private static List<Path> probeLogs(final Path folder)
    {
        try (Stream<Path> files = Files.list(folder))
        {
            return files.filter(file -> PROBE_LOG.matcher(file.getFileName().toString()).matches()).sorted().toList();
        }
        catch (final IOException ex)
        {
            throw new ReportException("cannot list " + folder + ": " + ex.getMessage());
        }
    }

    /**
     * @throws ReportException unless the folder holds a run's or a market run's summary ({@code sonde replay} and
     *                         {@code sonde calibrate} write summaries of other kinds).
     */
    private static RunReport run(final Path folder)
    {
        if (Files.isRegularFile(folder.resolve(RunReport.SUMMARY_FILE)))
        {
            final RunReport run = read(() -> SummaryIntervals.filled(RunReport.read(folder)));
            if (run.kind().equals(RUN) || run.kind().equals(MARKET))
            {
                return run;
            }
        }
        throw new ReportException("result folder " + folder + " holds neither sweep.json nor a run's " +
            "summary.json nor a probe's probe-*.hlog (is it a 'sonde run', 'sonde sweep' or 'sonde probe' output " +
            "folder?)");
    }

    private static void readSweep(final SweepReport sweep, final Map<Double, ReportRow> rows)
    {
        if (sweep.steps().isEmpty())
        {
            throw new ReportException("sweep " + sweep.folder() + " has no steps");
        }
        final FloorCurves floors = FloorCurves.read(sweep.floor().orElse(null));
        final FloorReport floor = readFloor(sweep.floor().orElse(null));
        for (final SweepReport.Step step : sweep.steps())
        {
            final Integer size = step.messageSize().isPresent() ? step.messageSize().getAsInt() : null;
            final ReportRow row = addStep(SummaryIntervals.filled(step.run()), step.stepVerdict().label(), size, rows);
            row.addProbability(step.meetsObjectives());
            row.floorP99(step.floorP99());
            row.fixFloorP99(step.fixFloorP99());
            row.floorCurves(floors.nearest(row.rate()));
            row.floor(floor);
            sweep.floor().ifPresent(folder -> row.floorSource("floor: " + folder + " (the sweep's)"));
        }
    }

    /**
     * Read the rows against the calibration chosen: every row when {@code --floor} named it, else the rows no
     * sweep's own floor covers; a row of interval logs alone offered no rate to look a floor up at.
     *
     * @throws ReportException naming the floor's file when it cannot be read.
     */
    public void readAgainst(final FloorChoice choice)
    {
        final FloorReport floor = readFloor(choice.folder().orElse(null));
        final FloorCurves curves = FloorCurves.read(choice.folder().orElse(null));
        for (final ReportRow row : rows)
        {
            if (!row.fromSummary() || (row.floorSource() != null && !choice.named()))
            {
                continue;
            }
            row.floorSource(choice.describe());
            if (floor != null)
            {
                row.floorP99(p99(floor.nearest(row.rate())));
                row.fixFloorP99(p99(floor.nearestFix(row.rate())));
                row.floorCurves(curves.nearest(row.rate()));
                row.floor(floor);
            }
        }
    }

    /**
     * @return which calibrations the rows are read against and why, once each, or why none; empty when none was
     *         looked for.
     */
    public List<String> floorSources()
    {
        return rows.stream().map(ReportRow::floorSource).filter(Objects::nonNull).distinct().toList();
    }

    /**
     * @return a warning for each row whose p99 is below a floor it is divided by: a floor that cannot be one.
     */
    public List<String> notFloors()
    {
        final List<String> warnings = new ArrayList<>();
        for (final ReportRow row : rows)
        {
            warnings.addAll(FloorLines.notFloors(row.label(), ReportStats.corrected(row).p99(), row.floorP99(),
                row.fixFloorP99()));
        }
        return warnings;
    }

    private static OptionalDouble p99(final Optional<FloorReport.RoundTrip> entry)
    {
        return entry.map(found -> OptionalDouble.of(found.corrected().p99())).orElse(OptionalDouble.empty());
    }

    /**
     * @param folder the calibrate folder a sweep named with {@code --floor}, or null.
     * @return what it measured; null without a floor, or when its folder is no longer there: the sweep.json still
     *         carries the floor's p99 for the tables.
     * @throws ReportException naming the file when its summary.json cannot be read.
     */
    static FloorReport readFloor(final Path folder)
    {
        if (folder == null || !Files.isRegularFile(folder.resolve(FloorReport.SUMMARY_FILE)))
        {
            return null;
        }
        try
        {
            return FloorReport.read(folder);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ReportException("floor " + ex.getMessage());
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
        row.summaryIntervals(run.corrected().intervals(), run.hops().stream()
            .collect(Collectors.toMap(RunReport.Hop::name, RunReport.Hop::intervals, (a, b) -> a)));
        final RecordedLog own = new RecordedLog();
        run.intervalLogs().forEach(own::add);
        row.intervals().addLogs(run.intervalLogs());
        // The measured series is logged from the run's start, warm-up included: its window starts a warm-up later.
        final long measuredStartMs = own.epochMs(0) + Math.round(run.warmupSeconds() * 1000);
        own.measuredFrom(measuredStartMs);
        row.log().add(own);
        run.marketData().ifPresent(row::addMarketData);
        row.addFaults(ReportFault.of(run.faults(), run.folder(), measuredStartMs));
        run.book().ifPresent(row::addBook);
        run.tickToTrade().ifPresent(row::addTickToTrade);
        final Path hopsByLatency = run.folder().resolve(HopsByLatencyCsv.FILE_NAME);
        if (Files.isRegularFile(hopsByLatency))
        {
            row.addHopsByLatency(hopsByLatency);
        }
        return row;
    }

    /**
     * Add interval logs alone, one generator's, to the row of interval logs: no rate was offered and no error is
     * counted in them, and the rate achieved is what they measured over the time they cover.
     */
    private static void addLogs(final String kind, final List<Path> logs, final Map<Double, ReportRow> rows)
    {
        final RecordedLog own = new RecordedLog();
        logs.forEach(own::add);
        final List<RecordedLog.Interval> intervals = own.intervals(RequestSeries.CORRECTED);
        final double seconds = intervals.stream().mapToDouble(RecordedLog.Interval::endSeconds).max().orElse(0) -
            intervals.stream().mapToDouble(RecordedLog.Interval::startSeconds).min().orElse(0);
        final long count = own.total(RequestSeries.CORRECTED).getTotalCount();
        final ReportRow row = rows.computeIfAbsent(0.0, key -> new ReportRow(kind));
        row.addGenerator(seconds > 0 ? count / seconds : 0, count, 0, null);
        row.log().add(own);
        row.intervals().addLogs(logs);
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

    /**
     * @return the highest step, below the first that some generator missed, that every generator met with at least
     *         95 % probability where its sweep measured it (the knee rule of {@code SweepReport.knee()}).
     */
    private static Double knee(final Map<Double, ReportRow> rows)
    {
        Double knee = null;
        for (final ReportRow row : rows.values())
        {
            if (!row.met())
            {
                break;
            }
            knee = row.kneeWorthy() ? Double.valueOf(row.key()) : knee;
        }
        return knee;
    }
}
