package io.sonde.report;

import io.sonde.api.ConfidenceInterval;
import io.sonde.api.FaultResult;
import io.sonde.api.Hop;
import io.sonde.api.MarketData;
import io.sonde.api.Percentiles;
import io.sonde.api.RunReport;
import io.sonde.api.RunSummary;
import io.sonde.loadgen.confidence.BlockBootstrap;
import io.sonde.loadgen.confidence.IntervalHistograms;
import io.sonde.loadgen.confidence.IntervalLogSeries;
import io.sonde.loadgen.confidence.PercentileInterval;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.RequestSeries;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Puts a 95 % confidence interval on every latency percentile of a run's summary: corrected and uncorrected, each
 * stage's, order-to-tick and the feed's hops, each hop of the answers (at p50, p99 and p99.9, the hop table's) and
 * each fault's windows. Sonde's own health (send lateness, hiccups) judges Sonde, not the system, and gets none.
 * <p>
 * The one place that computes them: the engine, once a run has ended and its logs are closed, before it writes
 * {@code summary.json}; and a report, or the API, reading a folder written before Sonde put intervals on its
 * percentiles ({@link #filled}). Both read the folder's interval logs once, every series at once
 * ({@link IntervalLogSeries}: the runs of a repeat pooled, a log cut short read up to its cut), and resample with
 * {@code new BlockBootstrap()}, seeded, so the same folder always gives the same intervals. Each series' intervals
 * are computed once, all its percentiles together, and the series in parallel: they share nothing, and each is laid
 * on its grid only while it is resampled, so a long run's dozen series never hold their grids at once.
 */
public final class SummaryIntervals
{
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};
    private static final double[] HOP_PERCENTILES = {50, 99, 99.9};
    private static final double NANOS_PER_MICRO = 1000.0;
    private static final String CORRECTED = "." + RequestSeries.CORRECTED;
    private static final String UNCORRECTED = "." + RequestSeries.UNCORRECTED;
    private static final String ORDER_TO_TICK = "order-to-tick";
    private static final String CANCEL_TO_TICK = "cancel-to-tick";
    private static final String REPLACE_TO_TICK = "replace-to-tick";

    private SummaryIntervals()
    {
    }

    /**
     * @param summary a run's summary.
     * @param logs    its interval logs, in run order; those missing are left out.
     * @return the same summary with the intervals of its latency percentiles; unchanged when no log is there.
     */
    public static RunSummary of(final RunSummary summary, final List<Path> logs)
    {
        final List<Path> present = logs.stream().filter(Files::isRegularFile).toList();
        if (present.isEmpty())
        {
            return summary;
        }
        final IntervalLogSeries series = IntervalLogSeries.read(present, tags(summary)::contains);
        final List<Series> wanted = new ArrayList<>();
        for (final String tag : series.tags())
        {
            wanted.add(new Series(tag, () -> series.get(tag), tag.startsWith(HopSeries.TAG_PREFIX) ?
                HOP_PERCENTILES : PERCENTILES));
        }
        faultWindows(summary.faults(), series, wanted);
        final Map<String, Map<String, ConfidenceInterval>> computed = new ConcurrentHashMap<>();
        wanted.parallelStream().forEach(one -> computed.put(one.key, one.intervals()));
        final Function<String, Map<String, ConfidenceInterval>> of = key -> computed.getOrDefault(key, Map.of());

        final Map<String, RunReport.Stage> stages = new LinkedHashMap<>();
        summary.stages().forEach((name, stage) -> stages.put(name, new RunReport.Stage(
            with(stage.corrected(), of.apply(name + CORRECTED)),
            with(stage.uncorrected(), of.apply(name + UNCORRECTED)), stage.lateness())));
        final List<Hop> hops = summary.hops().stream()
            .map(hop -> hop.withIntervals(of.apply(HopSeries.TAG_PREFIX + hop.name()))).toList();
        final List<FaultResult> faults = new ArrayList<>();
        for (int i = 0; i < summary.faults().size(); i++)
        {
            final FaultResult fault = summary.faults().get(i);
            final FaultResult.Windows figures = fault.windows();
            faults.add(fault.withWindows(new FaultResult.Windows(with(figures.before(), of.apply(i + ".before")),
                with(figures.during(), of.apply(i + ".during")), with(figures.after(), of.apply(i + ".after")))));
        }
        return summary.withLatencies(with(summary.corrected(), of.apply(RequestSeries.CORRECTED)),
            with(summary.uncorrected(), of.apply(RequestSeries.UNCORRECTED)), stages, hops,
            marketData(summary.marketData(), of), faults);
    }

    /**
     * @param run a run as read from its folder.
     * @return the run with the intervals of its percentiles computed from its interval logs when its summary was
     *         written before Sonde put intervals on them; the run as it is otherwise.
     */
    public static RunReport filled(final RunReport run)
    {
        final Percentiles corrected = run.corrected();
        if (corrected.count() == 0 || !corrected.intervals().isEmpty())
        {
            return run;
        }
        return run.withSummary(of(run.summary(), run.intervalLogs()));
    }

    /**
     * @param interval a bootstrap's interval of latencies recorded in nanoseconds.
     * @return the API's interval, in µs as {@link Percentiles} are.
     */
    public static ConfidenceInterval inMicros(final PercentileInterval interval)
    {
        return new ConfidenceInterval(interval.lower() / NANOS_PER_MICRO, interval.upper() / NANOS_PER_MICRO,
            interval.blocks(), interval.intervals(), interval.runs(), interval.shortfall());
    }

    /**
     * Whether an interval belongs to one of a fault's windows: for the window during the fault, an interval that
     * overlaps it, so that the intervals in which it began and recovered count in it; for the windows before and
     * after, an interval wholly inside. A fault's effect is never averaged into its neighbours' windows, and the
     * windows are as fine as the intervals.
     *
     * @param startEpochMs the interval's start.
     * @param endEpochMs   its end.
     * @param fromEpochMs  the window's start.
     * @param toEpochMs    its end.
     * @param during       whether the window is the one during the fault.
     * @return true when the interval counts in the window.
     */
    public static boolean inFaultWindow(
        final long startEpochMs, final long endEpochMs, final long fromEpochMs, final long toEpochMs,
        final boolean during)
    {
        return during ? endEpochMs > fromEpochMs && startEpochMs < toEpochMs :
            startEpochMs >= fromEpochMs && endEpochMs <= toEpochMs;
    }

    /**
     * @return the series of the log whose percentiles the summary reports with intervals: none other is read.
     */
    private static Set<String> tags(final RunSummary summary)
    {
        final Set<String> tags = new HashSet<>(List.of(RequestSeries.CORRECTED, RequestSeries.UNCORRECTED));
        summary.stages().keySet().forEach(stage -> tags.addAll(List.of(stage + CORRECTED, stage + UNCORRECTED)));
        summary.hops().forEach(hop -> tags.add(HopSeries.TAG_PREFIX + hop.name()));
        if (summary.marketData() != null)
        {
            tags.addAll(List.of(ORDER_TO_TICK + CORRECTED, ORDER_TO_TICK + UNCORRECTED, CANCEL_TO_TICK + CORRECTED,
                REPLACE_TO_TICK + CORRECTED));
            summary.marketData().hops().keySet().forEach(hop -> tags.add(HopSeries.FEED_TAG_PREFIX + hop));
        }
        return tags;
    }

    /**
     * Adds the corrected intervals of each fault's windows to {@code wanted}, keyed {@code INDEX.before},
     * {@code INDEX.during} and {@code INDEX.after}, bounded as the fault's judge bounded them: from the previous
     * fault's recovery to this one's start, from its start to its recovery (or the end), and on to the next fault's
     * start (or the end).
     */
    private static void faultWindows(
        final List<FaultResult> faults, final IntervalLogSeries series, final List<Series> wanted)
    {
        if (faults.stream().allMatch(fault -> Instant.EPOCH.equals(fault.wallClockStart())))
        {
            return;
        }
        final IntervalHistograms corrected = series.get(RequestSeries.CORRECTED);
        long previousRecoveryEpochMs = Long.MIN_VALUE;
        for (int i = 0; i < faults.size() && corrected != null; i++)
        {
            final FaultResult fault = faults.get(i);
            if (Instant.EPOCH.equals(fault.wallClockStart()))
            {
                previousRecoveryEpochMs = Long.MAX_VALUE;
                continue;
            }
            final long startEpochMs = fault.wallClockStart().toEpochMilli();
            final long recoveryEpochMs = fault.recoveryMillis().isPresent() ?
                startEpochMs + (long)fault.recoveryMillis().getAsDouble() : Long.MAX_VALUE;
            final long duringEndEpochMs = recoveryEpochMs == Long.MAX_VALUE ? Long.MAX_VALUE :
                Math.max(recoveryEpochMs, startEpochMs + 1);
            final FaultResult next = i + 1 < faults.size() ? faults.get(i + 1) : null;
            final long nextStartEpochMs = next == null || Instant.EPOCH.equals(next.wallClockStart()) ?
                Long.MAX_VALUE : next.wallClockStart().toEpochMilli();
            wanted.add(window(i + ".before", corrected, previousRecoveryEpochMs, startEpochMs, false));
            wanted.add(window(i + ".during", corrected, startEpochMs, duringEndEpochMs, true));
            wanted.add(window(i + ".after", corrected, duringEndEpochMs, nextStartEpochMs, false));
            previousRecoveryEpochMs = recoveryEpochMs;
        }
    }

    private static Series window(
        final String key, final IntervalHistograms corrected, final long fromEpochMs, final long toEpochMs,
        final boolean during)
    {
        return new Series(key, () -> corrected.only(interval -> inFaultWindow(corrected.startEpochMs(interval),
            corrected.endEpochMs(interval), fromEpochMs, toEpochMs, during)), PERCENTILES);
    }

    private static MarketData marketData(
        final MarketData marketData, final Function<String, Map<String, ConfidenceInterval>> of)
    {
        if (marketData == null || marketData.unavailable().isPresent())
        {
            return marketData;
        }
        final Map<String, Percentiles> hops = new LinkedHashMap<>();
        marketData.hops().forEach((name, figures) ->
            hops.put(name, with(figures, of.apply(HopSeries.FEED_TAG_PREFIX + name))));
        return marketData.withFigures(with(marketData.orderToTick(), of.apply(ORDER_TO_TICK + CORRECTED)),
            with(marketData.orderToTickUncorrected(), of.apply(ORDER_TO_TICK + UNCORRECTED)),
            with(marketData.cancelToTick(), of.apply(CANCEL_TO_TICK + CORRECTED)),
            with(marketData.replaceToTick(), of.apply(REPLACE_TO_TICK + CORRECTED)), hops);
    }

    /**
     * @return the figures with these intervals; as they are when there are none (no sample of them in the logs).
     */
    private static Percentiles with(final Percentiles figures, final Map<String, ConfidenceInterval> intervals)
    {
        return intervals.isEmpty() || figures.count() == 0 ? figures : figures.withIntervals(intervals);
    }

    /**
     * One series to resample: a tag of the logs, or a fault's window of the corrected intervals, laid on its grid
     * only while it is resampled.
     */
    private record Series(String key, Supplier<IntervalHistograms> grid, double[] percentiles)
    {
        /**
         * @return each percentile's interval, in µs, keyed as {@link Percentiles#intervals()}; none without
         *         samples.
         */
        Map<String, ConfidenceInterval> intervals()
        {
            final Map<String, ConfidenceInterval> intervals = new LinkedHashMap<>();
            final IntervalHistograms histograms = grid.get();
            if (histograms.totalCount() > 0)
            {
                for (final PercentileInterval interval : new BlockBootstrap().intervals(histograms, percentiles))
                {
                    intervals.put(ConfidenceInterval.key(interval.percentile()), inMicros(interval));
                }
            }
            return intervals;
        }
    }
}
