package io.sonde.inprocess.run;

import io.sonde.api.Check;
import io.sonde.api.ConfidenceInterval;
import io.sonde.api.RepeatedRun;
import io.sonde.loadgen.confidence.BlockBootstrap;
import io.sonde.loadgen.confidence.IntervalHistograms;
import io.sonde.loadgen.confidence.IntervalLogSeries;
import io.sonde.loadgen.confidence.PercentileInterval;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.time.Latency;
import io.sonde.report.SummaryIntervals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The runs of a repeated measurement ({@code --repeat}) one by one: each run's corrected p50 and p99 with their 95 %
 * intervals, read from that run's own interval log with the seeded {@link BlockBootstrap} (each run alone, as
 * {@link BlockBootstrap#eachRun} reads them), and a warning when they disagree
 * ({@link BlockBootstrap#runsDisagree}): the host changed between runs. Computed after the run, off the load thread.
 * The pooled figures and their intervals are the summary's own, from every log at once.
 *
 * @param runs   each run, in run order; empty for a run measured once.
 * @param checks the warning that the runs disagree, or none.
 */
record RepeatFigures(List<RepeatedRun> runs, List<Check> checks)
{
    /** The group of the check that the runs agree. */
    static final String GROUP = "repeat";
    /** What that check checks. */
    static final String NAME = "the runs against each other";
    private static final RepeatFigures NONE = new RepeatFigures(List.of(), List.of());
    private static final double[] PERCENTILES = {50, 99};
    private static final double NANOS_PER_MICRO = 1000.0;
    private static final BlockBootstrap BOOTSTRAP = new BlockBootstrap();

    /**
     * @param label prefixes the check's name: a sweep step's, or empty for a run.
     * @param logs  the interval logs of the measured runs, in run order.
     * @return each run's figures and whether they disagree; nothing for a run measured once.
     */
    static RepeatFigures of(final String label, final List<Path> logs)
    {
        if (logs.size() < 2)
        {
            return NONE;
        }
        final List<RepeatedRun> runs = new ArrayList<>();
        final List<List<PercentileInterval>> byPercentile = new ArrayList<>();
        for (final double ignored : PERCENTILES)
        {
            byPercentile.add(new ArrayList<>());
        }
        for (int i = 0; i < logs.size(); i++)
        {
            final Path log = logs.get(i);
            final IntervalHistograms corrected = IntervalLogSeries.read(List.of(log), RequestSeries.CORRECTED::equals)
                .get(RequestSeries.CORRECTED);
            final String name = log.getFileName().toString();
            if (corrected == null)
            {
                runs.add(new RepeatedRun(i + 1, name, 0, 0, 0, Map.of()));
                continue;
            }
            final List<PercentileInterval> own = BOOTSTRAP.intervals(corrected, PERCENTILES);
            final Map<String, ConfidenceInterval> intervals = new LinkedHashMap<>();
            for (int p = 0; p < PERCENTILES.length; p++)
            {
                byPercentile.get(p).add(own.get(p));
                intervals.put(ConfidenceInterval.key(PERCENTILES[p]), SummaryIntervals.inMicros(own.get(p)));
            }
            runs.add(new RepeatedRun(i + 1, name, corrected.totalCount(), own.get(0).estimate() / NANOS_PER_MICRO,
                own.get(1).estimate() / NANOS_PER_MICRO, intervals));
        }
        return new RepeatFigures(List.copyOf(runs), disagreement(label, runs.size(), byPercentile));
    }

    /**
     * Runs disagree at a percentile when no value lies within every run's interval. Only intervals the samples
     * support are compared: an unsupported one is the estimate alone, and any two estimates differ.
     */
    private static List<Check> disagreement(
        final String label, final int runs, final List<List<PercentileInterval>> byPercentile)
    {
        final List<String> apart = new ArrayList<>();
        for (int p = 0; p < PERCENTILES.length; p++)
        {
            final List<PercentileInterval> intervals = byPercentile.get(p);
            if (intervals.size() == runs && intervals.stream().allMatch(PercentileInterval::supported) &&
                BlockBootstrap.runsDisagree(intervals))
            {
                apart.add(describe(PERCENTILES[p], intervals));
            }
        }
        if (apart.isEmpty())
        {
            return List.of();
        }
        return List.of(Check.warning(GROUP, label + NAME, "the host changed between runs: " +
            String.join("; ", apart) + ". No value lies within every run's 95 % interval, so the runs differ more " +
            "than each run's own noise allows; the pooled figures and their intervals include that variation. To " +
            "measure the system rather than the host, run where nothing else competes for the cores (pin Sonde's " +
            "and the system's threads with taskset), and repeat to see whether it recurs"));
    }

    /**
     * @return e.g. {@code p99 2.40ms (2.10ms–2.70ms) in run 1, 3.90ms (3.50ms–4.30ms) in run 2}.
     */
    private static String describe(final double percentile, final List<PercentileInterval> intervals)
    {
        final StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "p%.0f ", percentile));
        for (int run = 0; run < intervals.size(); run++)
        {
            final PercentileInterval interval = intervals.get(run);
            text.append(run == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%s (%s–%s) in run %d",
                Latency.formatNanos(interval.estimate()), Latency.formatNanos(interval.lower()),
                Latency.formatNanos(interval.upper()), run + 1));
        }
        return text.toString();
    }
}
