package io.sonde.inprocess.market;

import io.sonde.api.Check;
import io.sonde.api.Limits;
import io.sonde.api.MatchBy;
import io.sonde.api.RunReport;
import io.sonde.api.RunSummary;
import io.sonde.api.SloResult;
import io.sonde.api.TickToTrade;
import io.sonde.api.TickToTradeSummary;
import io.sonde.inprocess.run.FloorReference;
import io.sonde.inprocess.run.Objectives;
import io.sonde.inprocess.run.RunChecks;
import io.sonde.inprocess.run.SummaryFigures;
import io.sonde.loadgen.idle.IdleShare;
import io.sonde.loadgen.idle.ThreadLayout;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.result.HistogramPercentiles;
import io.sonde.loadgen.result.ResultTotals;
import io.sonde.loadgen.result.RunMetadata;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.market.MarketCounts;
import io.sonde.report.SummaryIntervals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes the {@code summary.json} of a market run or step (kind {@code market}): the load agent's figures, whose
 * requests are triggers, so that its corrected, uncorrected and lateness are tick-to-trade's, its sent, acknowledged,
 * timed out and in flight the triggers published, answered, missed and awaited; its rates the feed's events per
 * second; and beside them {@code tickToTrade}, what only a market has ({@link TickToTrade}), taken from the same
 * totals so the two cannot disagree.
 */
final class MarketSummary
{
    /** The summary's kind. */
    static final String KIND = TickToTradeSummary.KIND;

    private MarketSummary()
    {
    }

    /**
     * What a market run or step gave back.
     *
     * @param result       the load run's result.
     * @param counts       what the market counted over it.
     * @param feedLateness every event's publish lateness.
     * @param eventRate    the event rate asked.
     * @param target       the application, in words.
     * @param layout       the thread layout it ran on.
     * @param idle         how the busy thread waited through the measured window.
     * @param meantToSpin  whether it was meant to busy-spin.
     */
    record Outcome(
        RunResult result,
        MarketCounts counts,
        HopSeries feedLateness,
        double eventRate,
        String target,
        ThreadLayout layout,
        IdleShare idle,
        boolean meantToSpin)
    {
    }

    /**
     * Write the summary, with its tick-to-trade, into {@code folder}.
     *
     * @param checkLabel   prefixes each check's name: a sweep step's, or empty for a run.
     * @param commandLine  the command as typed; empty from the API.
     * @param startEpochMs when the run started.
     * @param floor        the calibration tick-to-trade is read against, or null.
     * @return the summary written, its percentiles with their intervals.
     */
    static RunSummary write(
        final Outcome outcome,
        final MarketPlan plan,
        final Limits limits,
        final FloorReference floor,
        final String checkLabel,
        final List<String> commandLine,
        final long startEpochMs,
        final Path folder)
    {
        final RunResult result = outcome.result();
        final MarketCounts counts = outcome.counts();
        final ResultTotals run = ResultTotals.of(List.of(result));
        final double achieved = run.measuredSeconds() > 0 ? counts.measuredEvents() / run.measuredSeconds() : 0;
        final List<SloResult> slo = Objectives.evaluate(limits.slo(), run.corrected());
        final List<Check> checks = new ArrayList<>(MarketChecks.of(checkLabel, run, outcome.eventRate(), achieved,
            counts, slo, limits));
        checks.addAll(RunChecks.caveats(checkLabel, outcome.idle(), outcome.meantToSpin(), result.compilerBusy()));
        final RunSummary figures = new RunSummary(KIND, run.sent(), run.acknowledged(), run.rejected(),
            run.timedOut(), run.inFlight(), run.unsent(), outcome.eventRate(), achieved, run.measuredSeconds(),
            run.cutShort(), run.corrected(), run.uncorrected(), run.lateness(), run.hiccup(), run.warmup(),
            run.lateResponses(), run.unknownResponses(), run.backPressureEvents(), run.windowFullEvents(),
            reasons(run.rejectReasons()), run.outOfRange(), run.intervalLogs(),
            SummaryFigures.metadata(RunMetadata.capture(commandLine, startEpochMs, outcome.layout())),
            outcome.target(), plan.flows(), counts.orderSessions(), 0, Map.of(), List.of(), null, failures(run, counts),
            List.of(), Map.of(), null, null, result.warmupSeconds(), new RunReport.Idle(outcome.idle().mode(),
            outcome.idle().busySpinShare(), outcome.idle().spinWindowShare(), outcome.idle().switches()),
            result.compilerBusy(), List.of(), slo, checks, null);
        final RunSummary summary = SummaryIntervals.of(figures,
            run.intervalLogs().stream().map(folder::resolve).toList());
        final Path file = folder.resolve(RunReport.SUMMARY_FILE);
        summary.write(file);
        TickToTradeSummary.addTo(file, tickToTrade(outcome, plan, run, achieved, floor, summary));
        return summary;
    }

    private static TickToTrade tickToTrade(
        final Outcome outcome,
        final MarketPlan plan,
        final ResultTotals run,
        final double achieved,
        final FloorReference floor,
        final RunSummary summary)
    {
        final MarketCounts counts = outcome.counts();
        final int triggerEvery = plan.load().triggerEvery();
        return new TickToTrade(plan.feeds(), plan.load().match().toString(),
            plan.load().match() == MatchBy.ECHO ? plan.load().echoTag().tag() : null, outcome.eventRate(), achieved,
            triggerEvery, counts.measuredEvents(), counts.packets(), counts.datagramsNotSent(),
            counts.fixBackPressured(), run.sent(), run.acknowledged(), run.timedOut(), run.inFlight(), counts.late(),
            counts.duplicates(), counts.malformed(), counts.withoutTrigger(), counts.withoutTriggerOrders(),
            counts.orderSessions(), counts.subscriptions(), HistogramPercentiles.of(outcome.result().totals()
            .get(HopSeries.FEED_TAG_PREFIX + outcome.feedLateness().name())),
            TickToTradeFloors.of(floor, outcome.eventRate() / triggerEvery, summary.corrected().p50()));
    }

    /**
     * @return how the triggers and the application's orders failed, by kind, as a run's failures are counted.
     */
    private static Map<String, Long> failures(final ResultTotals run, final MarketCounts counts)
    {
        final Map<String, Long> failures = new LinkedHashMap<>();
        failures.put("timedOut", run.timedOut());
        failures.put("withoutTrigger", counts.withoutTrigger());
        failures.put("duplicateReactions", counts.duplicates());
        failures.put("lateReactions", counts.late());
        failures.put("malformedOrders", counts.malformed());
        failures.put("datagramsNotSent", counts.datagramsNotSent());
        return failures;
    }

    private static Map<String, Long> reasons(final Map<Integer, Long> byCode)
    {
        final Map<String, Long> reasons = new LinkedHashMap<>();
        new TreeMap<>(byCode).forEach((code, count) -> reasons.put(Integer.toString(code), count));
        return reasons;
    }
}
