package io.sonde.history;

import io.sonde.api.FaultResult;
import io.sonde.api.Percentiles;
import io.sonde.api.ResultMetadata;
import io.sonde.api.RunReport;
import io.sonde.api.SweepReport;
import io.sonde.api.TickToTradeSummary;
import io.sonde.loadgen.record.HopsByLatencyCsv;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * What the history keeps of a run or sweep output folder: its result files and its effective scenario, verbatim
 * (the interval logs hold every interval's histogram in HdrHistogram's compressed encoding, so a report from them
 * is exact), and the percentiles of each step's series, for queries. The result is read through the API's
 * {@link RunReport} and {@link SweepReport}.
 *
 * @param kind        {@code run}, {@code sweep}, {@code market} or {@code market-sweep}: a market's latency is
 *                    tick-to-trade, so its baseline is only ever another market's.
 * @param startedAtMs when it started, epoch milliseconds.
 * @param target      the system it drove.
 * @param commandLine the arguments it was started with.
 * @param files       by path relative to the folder (always with {@code /}): each file's text.
 * @param steps       one per measured step, in order.
 * @param marketData  one per step whose run read market data, in order; empty for runs without.
 * @param faults      each step's faults, in order; empty for runs without a fault schedule.
 * @param books       one per step whose run was of the book flow, in order; empty for runs of other flows.
 */
public record RecordedFolder(
    String kind,
    long startedAtMs,
    String target,
    List<String> commandLine,
    Map<String, String> files,
    List<StepPercentiles> steps,
    List<StepMarketData> marketData,
    List<StepFault> faults,
    List<StepBook> books)
{
    /** A run's summary, in the run's folder and in each step folder of a sweep. */
    public static final String RUN_SUMMARY = RunReport.SUMMARY_FILE;
    /** A sweep's summary. */
    public static final String SWEEP_SUMMARY = SweepReport.SWEEP_FILE;
    /** A run's interval log, in the run's folder and in each step folder of a sweep: what the gate resamples. */
    public static final String INTERVAL_LOG = RunReport.INTERVAL_LOG;
    /** The effective scenario a run or sweep writes beside its results, kept to run it again. */
    public static final String SCENARIO_FILE = "scenario.yaml";
    /** The kind of a market run ({@code sonde market}), whose latency is tick-to-trade. */
    public static final String MARKET = TickToTradeSummary.KIND;
    /** The kind of a market sweep ({@code sonde market-sweep}). */
    public static final String MARKET_SWEEP = "market-sweep";
    private static final List<String> SWEEP_FILES = List.of(SWEEP_SUMMARY, "sweep.csv", SCENARIO_FILE);

    /**
     * @throws HistoryException when the folder holds neither a run's summary.json nor a sweep's sweep.json, or
     *                          one that cannot be read.
     */
    public static RecordedFolder read(final Path folder)
    {
        final Map<String, String> files = new TreeMap<>();
        final List<StepPercentiles> steps = new ArrayList<>();
        final List<StepMarketData> marketData = new ArrayList<>();
        final List<StepFault> faults = new ArrayList<>();
        final List<StepBook> books = new ArrayList<>();
        final String kind;
        final String target;
        final ResultMetadata metadata;
        if (Files.isRegularFile(folder.resolve(SWEEP_SUMMARY)))
        {
            final SweepReport sweep = read(() -> SweepReport.read(folder));
            kind = sweep.steps().stream().anyMatch(step -> MARKET.equals(step.run().kind())) ? MARKET_SWEEP : "sweep";
            for (final String name : SWEEP_FILES)
            {
                keep(folder, name, files);
            }
            for (final SweepReport.Step step : sweep.steps())
            {
                steps.add(keepStep(folder, stepName(folder, step.run()), step.run(), files));
                marketData(stepName(folder, step.run()), step.run(), marketData);
                faults(stepName(folder, step.run()), step.run(), faults);
                book(stepName(folder, step.run()), step.run(), books);
            }
            target = sweep.target();
            metadata = sweep.metadata().orElseThrow(() -> noStartTime(""));
        }
        else if (Files.isRegularFile(folder.resolve(RUN_SUMMARY)))
        {
            final RunReport run = read(() -> RunReport.read(folder));
            kind = MARKET.equals(run.kind()) ? MARKET : "run";
            keep(folder, SCENARIO_FILE, files);
            steps.add(keepStep(folder, "", run, files));
            marketData("", run, marketData);
            faults("", run, faults);
            book("", run, books);
            target = run.target();
            metadata = run.metadata().orElseThrow(() -> noStartTime(""));
        }
        else
        {
            throw new HistoryException("folder " + folder + " holds neither a run's summary.json nor a sweep's " +
                "sweep.json");
        }
        final Instant startedAt = metadata.startedAt()
            .orElseThrow(() -> noStartTime(metadata.disclosure().getOrDefault("startedAt", "")));
        return new RecordedFolder(kind, startedAt.toEpochMilli(), target, metadata.commandLine(), files,
            List.copyOf(steps), List.copyOf(marketData), List.copyOf(faults), List.copyOf(books));
    }

    /**
     * @return whether a result of this kind is a sweep, whose summary is {@link #SWEEP_SUMMARY}.
     */
    static boolean isSweep(final String kind)
    {
        return "sweep".equals(kind) || MARKET_SWEEP.equals(kind);
    }

    /**
     * Keep a step's summary, interval logs and hops by latency (what a report's hops at a percentile are made of),
     * and take its percentiles.
     *
     * @param step the step's folder relative to the result's, with {@code /}: empty for a run.
     */
    private static StepPercentiles keepStep(
        final Path folder, final String step, final RunReport run, final Map<String, String> files)
    {
        final String prefix = step.isEmpty() ? "" : step + "/";
        keep(folder, prefix + RUN_SUMMARY, files);
        keep(folder, prefix + HopsByLatencyCsv.FILE_NAME, files);
        for (final Path log : run.intervalLogs())
        {
            keep(folder, prefix + log.getFileName(), files);
        }
        final Map<String, Percentiles> series = new LinkedHashMap<>();
        series.put("corrected", run.corrected());
        series.put("uncorrected", run.uncorrected());
        series.put("lateness", run.lateness());
        series.put("hiccup", run.hiccup());
        run.stages().forEach((stage, percentiles) ->
        {
            series.put(stage + ".corrected", percentiles.corrected());
            series.put(stage + ".uncorrected", percentiles.uncorrected());
            series.put(stage + ".lateness", percentiles.lateness());
        });
        run.marketData().filter(marketData -> marketData.unavailable().isEmpty())
            .ifPresent(marketData -> series.put(StepMarketData.ORDER_TO_TICK, marketData.orderToTick()));
        return new StepPercentiles(step, run.targetRate(), series);
    }

    private static void faults(final String step, final RunReport run, final List<StepFault> to)
    {
        int index = 0;
        for (final FaultResult fault : run.faults())
        {
            index++;
            to.add(new StepFault(step, index, fault.argument().isEmpty() ? seconds(fault.atSeconds()) + ":" +
                fault.kind().cliName() : seconds(fault.atSeconds()) + ":" + fault.kind().cliName() + ":" +
                fault.argument(), fault.recovered() ? fault.recoveryMillis().getAsDouble() : null, fault.lost(),
                fault.duplicated(), fault.unknown()));
        }
    }

    /**
     * @return a fault's time as the command line writes it: {@code 5s}, {@code 2.5s}.
     */
    private static String seconds(final double seconds)
    {
        return BigDecimal.valueOf(seconds).stripTrailingZeros().toPlainString() + "s";
    }

    private static void marketData(final String step, final RunReport run, final List<StepMarketData> to)
    {
        run.marketData().ifPresent(marketData -> to.add(new StepMarketData(step, marketData.source(),
            marketData.unavailable().orElse(null), marketData.expected(), marketData.seen(), marketData.missing(),
            marketData.gaps())));
    }

    private static void book(final String step, final RunReport run, final List<StepBook> to)
    {
        read(run::book).ifPresent(book -> to.add(new StepBook(step, book.depth(), book.targetOrderToTrade(),
            book.orderToTrade(), book.targetCancelShare(), book.cancelShare(), book.trades(), book.restingAtStart(),
            book.closeOut().resting(), book.closeOut().left(), String.join("\n", book.warnings()))));
    }

    /**
     * @return a sweep step's folder relative to the sweep's, with {@code /} whatever the platform.
     */
    private static String stepName(final Path folder, final RunReport step)
    {
        final List<String> names = new ArrayList<>();
        folder.relativize(step.folder()).forEach(name -> names.add(name.toString()));
        return String.join("/", names);
    }

    /**
     * Keep a file's text when the folder has it.
     */
    private static void keep(final Path folder, final String relative, final Map<String, String> files)
    {
        final Path file = folder.resolve(relative);
        if (Files.isRegularFile(file))
        {
            try
            {
                files.put(relative, Files.readString(file, StandardCharsets.UTF_8));
            }
            catch (final IOException ex)
            {
                throw new HistoryException("cannot read " + file + ": " + ex.getMessage());
            }
        }
    }

    /**
     * @return the result the API read, or the API's reason it could not, as a history error.
     */
    private static <T> T read(final Supplier<T> reader)
    {
        try
        {
            return reader.get();
        }
        catch (final IllegalArgumentException ex)
        {
            throw new HistoryException(ex.getMessage());
        }
    }

    private static HistoryException noStartTime(final String startedAt)
    {
        return new HistoryException("the result's metadata has no start time ('" + startedAt + "')");
    }
}
