package io.sonde.inprocess;

import io.sonde.api.CalibrateSpec;
import io.sonde.api.Check;
import io.sonde.api.FloorReport;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.MarketSpec;
import io.sonde.api.MarketSweepSpec;
import io.sonde.api.ReplaySpec;
import io.sonde.api.RunFailedException;
import io.sonde.api.RunOptions;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.api.Slo;
import io.sonde.api.SweepReport;
import io.sonde.api.SweepSpec;
import io.sonde.inprocess.floor.Calibration;
import io.sonde.inprocess.market.MarketSweeps;
import io.sonde.inprocess.market.Markets;
import io.sonde.inprocess.run.Replays;
import io.sonde.fix.client.order.RejectReasons;
import io.sonde.inprocess.run.OutputFolder;
import io.sonde.inprocess.run.ProgressConsole;
import io.sonde.inprocess.run.Runs;
import io.sonde.inprocess.run.StopSignal;
import io.sonde.inprocess.run.Sweeps;
import io.sonde.metrics.live.LiveMetrics;
import io.sonde.report.HiccupLog;
import io.sonde.report.JUnitReport;
import io.sonde.report.ReportFiles;
import io.sonde.report.ReportInput;
import io.sonde.report.SummaryIntervals;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs, sweeps, replays and calibrations in this process, with typed results: the one path the {@code sonde}
 * command line takes too, so the two cannot drift.
 * <pre>{@code
 * RunReport report = Sonde.run(RunSpec.builder()
 *     .target("127.0.0.1", 9880)
 *     .sessions(4)
 *     .rate(5_000)
 *     .duration(Duration.ofSeconds(30))
 *     .slo("p99=2ms")
 *     .build());
 * assertEquals(Verdict.PASSED, report.verdict(), report.checks().toString());
 * }</pre>
 * Each call blocks until the run or sweep has finished and its files are written; the result is read back from
 * them, so it is the same object a container's or another process's run gives. Runs in one JVM should not overlap:
 * each owns busy threads sized to the host's cores.
 */
public final class Sonde
{
    private Sonde()
    {
    }

    /**
     * Run it, printing a progress line every few seconds to standard output.
     *
     * @return the result, read back from the output folder.
     * @throws InvalidOptionException for an option only found wrong once read (a venue profile,
     *                               credentials, the output folder), before anything connects.
     * @throws RunFailedException when the run could not be carried out: the target was
     *                               unreachable or refused the logon.
     */
    public static RunReport run(final RunSpec spec)
    {
        return run(spec, RunOptions.defaults());
    }

    /**
     * Run it, printing a progress line every few seconds to {@code console}.
     *
     * @return the result, read back from the output folder.
     * @throws InvalidOptionException for an option only found wrong once read.
     * @throws RunFailedException when the run could not be carried out.
     */
    public static RunReport run(final RunSpec spec, final PrintWriter console)
    {
        return run(spec, RunOptions.builder().console(console).build());
    }

    /**
     * Run it with the given options: the console, the command line to record, a stop, a live metrics endpoint, a JUnit
     * report of its checks, the history it is recorded into and the regression gate that judges it there.
     *
     * @return the result, read back from the output folder.
     * @throws InvalidOptionException for an option only found wrong once read, or a metrics port that cannot be
     *                               bound.
     * @throws RunFailedException when the run could not be carried out; its {@code summary.json} says why.
     * @throws RuntimeException   sonde-history's {@code HistoryException} when a history that was named cannot be
     *                            used, or the baseline is not in it; the result's files are written.
     */
    public static RunReport run(final RunSpec spec, final RunOptions options)
    {
        final Runs prepared = Runs.prepare(spec);
        options.history().ifPresent(HistoryRecords::check);
        options.onOutputFolder().accept(OutputFolder.prepare(spec.out()));
        try (LiveMetrics live = liveMetrics(options);
            ProgressConsole console = console(options))
        {
            prepared.execute(console, options.commandLine(), live.nextStep(spec.offeredRate()), stopSignal(options));
        }
        catch (final RunFailedException ex)
        {
            options.junitReport().ifPresent(file -> JUnitReport.write(file, "sonde run",
                RunReport.read(spec.out()).checks()));
            throw ex;
        }
        final RunReport report = SummaryIntervals.filled(RunReport.read(spec.out()));
        options.onReport().accept(report);
        final List<Check> regression = recordHistory(options, spec.out(), spec.limits().slo());
        options.junitReport().ifPresent(file -> JUnitReport.write(file, "sonde run",
            concat(report.checks(), regression)));
        return report;
    }

    /**
     * Sweep it, printing progress to standard output.
     *
     * @return the result, read back from the output folder.
     * @throws InvalidOptionException for an option only found wrong once read (a venue profile,
     *                               the floor folder), before anything connects.
     * @throws RunFailedException when a step could not be carried out.
     */
    public static SweepReport sweep(final SweepSpec spec)
    {
        return sweep(spec, RunOptions.defaults());
    }

    /**
     * Sweep it, printing progress to {@code console}.
     *
     * @return the result, read back from the output folder.
     * @throws InvalidOptionException for an option only found wrong once read.
     * @throws RunFailedException when a step could not be carried out.
     */
    public static SweepReport sweep(final SweepSpec spec, final PrintWriter console)
    {
        return sweep(spec, RunOptions.builder().console(console).build());
    }

    /**
     * Replay a recorded FIX message log, printing what it holds and a progress line every few seconds to standard
     * output.
     *
     * @return the result, read back from the output folder: a run's, each recorded message a request.
     * @throws InvalidOptionException for an option only found wrong once read (a venue profile, credentials), a log
     *                               that cannot be read or holds nothing to replay, or a warm-up as long as the
     *                               replay, before anything connects.
     * @throws RunFailedException     when the replay could not be carried out: the target was unreachable or
     *                               refused the logon.
     */
    public static RunReport replay(final ReplaySpec spec)
    {
        return replay(spec, RunOptions.defaults());
    }

    /**
     * Replay a recorded FIX message log, printing what it holds and a progress line every few seconds
     * to {@code console}.
     *
     * @return the result, read back from the output folder.
     * @throws InvalidOptionException for an option or a log found wrong before anything connects.
     * @throws RunFailedException     when the replay could not be carried out.
     */
    public static RunReport replay(final ReplaySpec spec, final PrintWriter console)
    {
        return replay(spec, RunOptions.builder().console(console).build());
    }

    /**
     * Replay a recorded FIX message log with the given options, as {@link #run(RunSpec, RunOptions)} runs: the
     * console, the command line to record, a stop, a live metrics endpoint, the output folder callback (told once the
     * log is found replayable), a JUnit report of its checks. A sweep's report does not apply.
     *
     * @return the result, read back from the output folder.
     * @throws InvalidOptionException for an option or a log found wrong before anything connects, or a metrics port
     *                                that cannot be bound.
     * @throws RunFailedException     when the replay could not be carried out; its {@code summary.json} says why.
     */
    public static RunReport replay(final ReplaySpec spec, final RunOptions options)
    {
        final Replays prepared = Replays.prepare(spec);
        try (LiveMetrics live = liveMetrics(options);
            ProgressConsole console = console(options))
        {
            prepared.execute(console, options.commandLine(), live::nextStep, stopSignal(options),
                options.onOutputFolder());
        }
        catch (final RunFailedException ex)
        {
            options.junitReport().ifPresent(file -> JUnitReport.write(file, "sonde replay",
                RunReport.read(spec.out()).checks()));
            throw ex;
        }
        final RunReport report = SummaryIntervals.filled(RunReport.read(spec.out()));
        options.junitReport().ifPresent(file -> JUnitReport.write(file, "sonde replay", report.checks()));
        return report;
    }

    /**
     * Calibrate this host, printing progress to standard output.
     *
     * @return the floors, read back from the output folder.
     * @throws InvalidOptionException when the output folder cannot be made or written.
     * @throws RunFailedException     when a floor could not be measured.
     */
    public static FloorReport calibrate(final CalibrateSpec spec)
    {
        return calibrate(spec, RunOptions.defaults().console());
    }

    /**
     * Calibrate this host, printing progress to {@code console}: the TCP floor, then the UDP floor, then Sonde's
     * own FIX floor, at each rate. A calibration takes the host's cores as a run does: run neither beside it.
     *
     * @return the floors, read back from the output folder.
     * @throws InvalidOptionException when the output folder cannot be made or written.
     * @throws RunFailedException     when a floor could not be measured: the UDP receiver failed, or the FIX
     *                                sessions could not log on to the reference acceptor.
     */
    public static FloorReport calibrate(final CalibrateSpec spec, final PrintWriter console)
    {
        return calibrate(spec, RunOptions.builder().console(console).build());
    }

    /**
     * Calibrate this host with the given options' console and progress; the rest of the options do not apply.
     *
     * @return the floors, read back from the output folder.
     * @throws InvalidOptionException when the output folder cannot be made or written.
     * @throws RunFailedException     when a floor could not be measured.
     */
    public static FloorReport calibrate(final CalibrateSpec spec, final RunOptions options)
    {
        try (ProgressConsole console = console(options))
        {
            return Calibration.execute(spec, console);
        }
    }

    /**
     * Sweep it with the given options; with {@link RunOptions.Builder#htmlReport} its {@code report.html} is written
     * beside {@code sweep.json} once a step has run.
     *
     * @return the result, read back from the output folder.
     * @throws InvalidOptionException for an option only found wrong once read, or a metrics port that cannot be
     *                               bound.
     * @throws RunFailedException when a step could not be carried out.
     * @throws RuntimeException   sonde-history's {@code HistoryException} when a history that was named cannot be
     *                            used, or the baseline is not in it; the result's files are written.
     */
    public static SweepReport sweep(final SweepSpec spec, final RunOptions options)
    {
        final Sweeps prepared = Sweeps.prepare(spec);
        options.history().ifPresent(HistoryRecords::check);
        final Path folder = OutputFolder.prepare(spec.out());
        options.onOutputFolder().accept(folder);
        try (LiveMetrics live = liveMetrics(options);
            ProgressConsole console = console(options))
        {
            prepared.execute(console, options.commandLine(), live::nextStep, stopSignal(options));
        }
        return sweepReport(options, folder, "sonde sweep", spec.limits().slo());
    }

    /**
     * A sweep's report once its steps have run: {@code report.html} if asked, the caller told, the history, the
     * JUnit report.
     */
    private static SweepReport sweepReport(
        final RunOptions options, final Path folder, final String suite, final List<Slo> objectives)
    {
        final SweepReport report = SweepReport.read(folder);
        if (!report.steps().isEmpty())
        {
            options.htmlReport().ifPresent(hiccups -> ReportFiles.write(
                List.of(ReportInput.read(folder.toString(), List.of(folder))), HiccupLog.readFolders(hiccups),
                folder.resolve("report.html")));
        }
        options.onSweepReport().accept(report);
        final List<Check> regression = recordHistory(options, folder, objectives);
        options.junitReport().ifPresent(file -> JUnitReport.write(file, suite, concat(report.checks(), regression)));
        return report;
    }

    /**
     * Be the market of a trading application, printing progress to standard output: see
     * {@link #market(MarketSpec, RunOptions)}.
     */
    public static RunReport market(final MarketSpec spec)
    {
        return market(spec, RunOptions.defaults());
    }

    /**
     * Be the market of a trading application, printing progress to {@code console}.
     */
    public static RunReport market(final MarketSpec spec, final PrintWriter console)
    {
        return market(spec, RunOptions.builder().console(console).build());
    }

    /**
     * Be the market of a trading application ({@code sonde market}): publish the feed, accept its order sessions,
     * and time each trigger's reaction. Once the market listens, {@link RunOptions#onMarketReady()} is told where;
     * the run starts when the application has logged on (and, without a UDP feed, subscribed). The result's
     * latency is tick-to-trade; {@link RunReport#tickToTrade()} holds the rest. Recorded into the history and
     * written as a JUnit report as {@link #run(RunSpec, RunOptions)} does.
     *
     * @return the result, read back from the output folder.
     * @throws InvalidOptionException for an option only found wrong once read (a venue profile, a feed address, the
     *                                floor folder), before anything listens.
     * @throws RunFailedException     when the run could not be carried out: the application never came.
     */
    public static RunReport market(final MarketSpec spec, final RunOptions options)
    {
        final Markets prepared = Markets.prepare(spec);
        options.history().ifPresent(HistoryRecords::check);
        options.onOutputFolder().accept(OutputFolder.prepare(spec.out()));
        try (LiveMetrics live = liveMetrics(options);
            ProgressConsole console = console(options))
        {
            prepared.execute(console, options.commandLine(), live.nextStep(spec.offeredRate()), stopSignal(options),
                options.onMarketReady());
        }
        catch (final RunFailedException ex)
        {
            options.junitReport().ifPresent(file -> JUnitReport.write(file, "sonde market",
                RunReport.read(spec.out()).checks()));
            throw ex;
        }
        final RunReport report = SummaryIntervals.filled(RunReport.read(spec.out()));
        options.onReport().accept(report);
        final List<Check> regression = recordHistory(options, spec.out(), Markets.onCorrected(spec.limits().slo()));
        options.junitReport().ifPresent(file -> JUnitReport.write(file, "sonde market",
            concat(report.checks(), regression)));
        return report;
    }

    /**
     * Sweep the market's event rate with the given options ({@code sonde market-sweep}): one market for every step,
     * the application connected throughout, each step's latency tick-to-trade; otherwise as
     * {@link #sweep(SweepSpec, RunOptions)}, {@link RunOptions#onMarketReady()} told once the market listens.
     *
     * @return the result, read back from the output folder.
     * @throws InvalidOptionException for an option only found wrong once read, before anything listens.
     * @throws RunFailedException     when the application never came.
     */
    public static SweepReport marketSweep(final MarketSweepSpec spec, final RunOptions options)
    {
        final MarketSweeps prepared = MarketSweeps.prepare(spec);
        options.history().ifPresent(HistoryRecords::check);
        final Path folder = OutputFolder.prepare(spec.out());
        options.onOutputFolder().accept(folder);
        try (LiveMetrics live = liveMetrics(options);
            ProgressConsole console = console(options))
        {
            prepared.execute(console, options.commandLine(), live::nextStep, stopSignal(options),
                options.onMarketReady());
        }
        return sweepReport(options, folder, "sonde market-sweep", Markets.onCorrected(spec.limits().slo()));
    }

    /**
     * Sweep the market's event rate, printing progress to standard output.
     */
    public static SweepReport marketSweep(final MarketSweepSpec spec)
    {
        return marketSweep(spec, RunOptions.defaults());
    }

    /**
     * Into the history the options name, if any, once the result's files are written and the caller was told of it.
     *
     * @return the regression gate's checks, also handed to {@link RunOptions#onRegressionChecks()}.
     */
    private static List<Check> recordHistory(final RunOptions options, final Path folder, final List<Slo> objectives)
    {
        if (options.history().isEmpty())
        {
            return List.of();
        }
        final List<Check> regression = HistoryRecords.record(options.history().get(), options.console(), folder,
            objectives);
        options.console().flush();
        options.onRegressionChecks().accept(regression);
        return regression;
    }

    private static List<Check> concat(final List<Check> checks, final List<Check> more)
    {
        final List<Check> all = new ArrayList<>(checks);
        all.addAll(more);
        return all;
    }

    /**
     * @return the console the run prints to while it works, as the options ask; closing it erases an in-place line
     *         and leaves the options' console open for the result.
     */
    private static ProgressConsole console(final RunOptions options)
    {
        return ProgressConsole.of(options.console(), options.progress(), options.columns());
    }

    private static StopSignal stopSignal(final RunOptions options)
    {
        final StopSignal stop = new StopSignal();
        options.stop().thenRun(stop::request);
        return stop;
    }

    /**
     * @return the live endpoint the options ask for, said on the console, or {@link LiveMetrics#off()}.
     */
    private static LiveMetrics liveMetrics(final RunOptions options)
    {
        if (options.metricsPort().isEmpty())
        {
            return LiveMetrics.off();
        }
        final String host = options.metricsHost().orElseThrow();
        final LiveMetrics live;
        try
        {
            live = LiveMetrics.serve(host, options.metricsPort().getAsInt(), RejectReasons::name);
        }
        catch (final UncheckedIOException ex)
        {
            throw new InvalidOptionException(ex.getMessage());
        }
        if (options.progress() != RunOptions.Progress.QUIET)
        {
            options.console().printf("live metrics on http://%s:%d/metrics%n", host, live.port());
        }
        return live;
    }
}
