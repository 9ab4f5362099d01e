package io.sonde.inprocess.run;

import com.fasterxml.jackson.core.type.TypeReference;
import io.sonde.api.Limits;
import io.sonde.fix.client.order.FixFailures;
import io.sonde.inprocess.fault.FaultJudgement;
import io.sonde.fix.client.order.RejectReasons;
import io.sonde.loadgen.idle.IdleShare;
import io.sonde.loadgen.result.RunMetadata;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.result.ResultTotals;
import io.sonde.loadgen.result.SummaryJson;
import io.sonde.api.ResultMetadata;
import io.sonde.api.RunSummary;
import io.sonde.api.Check;
import io.sonde.api.FaultResult;
import io.sonde.api.RunReport;
import io.sonde.api.MarketData;
import io.sonde.api.SloResult;
import io.sonde.api.VenueClockBounds;
import io.sonde.api.VenueReject;
import io.sonde.loadgen.result.HistogramPercentiles;
import io.sonde.report.SummaryIntervals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the {@code summary.json} of {@code sonde run} and {@code sonde replay}, the API's {@link RunSummary}: the
 * run's own figures (a request is one order lifecycle; all its runs pooled, with {@code --repeat}, and each run's
 * own, {@link RepeatFigures}), then each lifecycle stage, the FIX failure taxonomy, the session health, the SLO
 * verdicts and the checks.
 */
public final class SummaryFigures
{
    private static final TypeReference<Map<String, Object>> FACTS = new TypeReference<>()
    {
    };

    private SummaryFigures()
    {
    }

    /**
     * The summary of a measured run: its percentiles and balance, the stages and hops its transport recorded, every
     * failure by kind, the objectives and the checks. Its latency percentiles carry their confidence intervals, read
     * from the run's interval log once the run has ended ({@link SummaryIntervals}).
     *
     * @param kind         what the run is called in its summary: {@code run}, {@code replay}.
     * @param outcome      what the run gave back.
     * @param system       what it drove.
     * @param flows        what was sent, in words.
     * @param sessions     sessions used.
     * @param stages       the lifecycle stages to report.
     * @param venueClock   what the answers told of the venue's clock, or null.
     * @param limits       what the run is judged on.
     * @param reporting    the command line and the checks' label.
     * @param startEpochMs when the run started.
     * @param folder       the run's folder, which holds its interval log.
     */
    static RunSummary of(
        final String kind,
        final MeasuredFixRun.Outcome<?> outcome,
        final TargetSystem system,
        final String flows,
        final int sessions,
        final List<String> stages,
        final VenueClockBounds venueClock,
        final Limits limits,
        final StepReporting reporting,
        final long startEpochMs,
        final Path folder)
    {
        final RunResult result = outcome.result();
        final FixFailures failures = outcome.transport().failures();
        final ResultTotals run = ResultTotals.of(List.of(result));
        final MarketData marketData = outcome.marketData() == null ? null : MarketDataFigures.of(
            system.marketDataSource(), outcome.marketData(), result.totals());
        final FaultJudgement faults = outcome.faults();
        final List<SloResult> slo = Objectives.evaluate(limits.slo(), run.corrected(),
            marketData == null ? null : marketData.orderToTick(), faults);
        final IdleShare idle = outcome.idle();
        final RepeatFigures repeat = RepeatFigures.of(reporting.checkLabel(), result.intervalLogs());
        final RunSummary summary = new RunSummary(kind, run.sent(), run.acknowledged(), run.rejected(),
            run.timedOut(), run.inFlight(), run.unsent(), run.targetRate(), run.achievedRate(), run.measuredSeconds(),
            run.cutShort(), run.corrected(), run.uncorrected(), run.lateness(), run.hiccup(), run.warmup(),
            run.lateResponses(), run.unknownResponses(), run.backPressureEvents(), run.windowFullEvents(),
            reasons(run.rejectReasons()), run.outOfRange(), run.intervalLogs(), repeat.runs(),
            metadata(RunMetadata.capture(reporting.commandLine(), startEpochMs, outcome.layout())),
            system.target().toString(), flows, sessions, outcome.sequenceResets(), stages(result, stages),
            HopFigures.of(result.totals(), outcome.transport().hops(), outcome.transport().hopsByLatency()),
            venueClock,
            failureCounts(result, failures, outcome, faults.orders()),
            failures.venueRejects().entries().stream().map(reject -> new VenueReject(reject.kind(),
                reject.text(), reject.refTagId(), reject.count())).toList(), outcome.transport().reportCounts(),
            system.exchangeCounts(), marketData, result.warmupSeconds(), idle == null ? null :
                new RunReport.Idle(idle.mode(), idle.busySpinShare(), idle.spinWindowShare(), idle.switches()),
            result.compilerBusy(), faults.faults(), slo,
            checks(reporting.checkLabel(), outcome, run, slo, limits, marketData, faults.faults(), repeat), null);
        return SummaryIntervals.of(summary, run.intervalLogs().stream().map(folder::resolve).toList());
    }

    /**
     * The summary of runs that drove no FIX lifecycle, e.g. a calibration's floor steps: their totals and metadata,
     * the rest empty.
     *
     * @param kind     what the runs are called in the summary, e.g. {@code calibrate}.
     * @param results  the runs' results, added up.
     * @param metadata the command line, start time, host and JVM.
     * @return the summary.
     */
    public static RunSummary totals(final String kind, final List<RunResult> results, final RunMetadata metadata)
    {
        final ResultTotals run = ResultTotals.of(results);
        return new RunSummary(kind, run.sent(), run.acknowledged(), run.rejected(), run.timedOut(), run.inFlight(),
            run.unsent(), run.targetRate(), run.achievedRate(), run.measuredSeconds(), run.cutShort(),
            run.corrected(), run.uncorrected(), run.lateness(), run.hiccup(), run.warmup(), run.lateResponses(),
            run.unknownResponses(), run.backPressureEvents(), run.windowFullEvents(), reasons(run.rejectReasons()),
            run.outOfRange(), run.intervalLogs(), metadata(metadata), null, null, 0, 0, null, null, null, null, null,
            null, null, null, 0, null, null, null, null, null, null);
    }

    /**
     * @return the run's metadata as the API writes it.
     */
    public static ResultMetadata metadata(final RunMetadata metadata)
    {
        return ResultMetadata.of(SummaryJson.mapper().convertValue(metadata, FACTS));
    }

    /**
     * @return the reject counts by reason code, in the codes' numeric order, as the summary names them.
     */
    private static Map<String, Long> reasons(final Map<Integer, Long> byCode)
    {
        final Map<String, Long> reasons = new LinkedHashMap<>();
        new TreeMap<>(byCode).forEach((code, count) -> reasons.put(Integer.toString(code), count));
        return reasons;
    }

    private static List<Check> checks(
        final String label, final MeasuredFixRun.Outcome<?> outcome, final ResultTotals run, final List<SloResult> slo,
        final Limits limits, final MarketData marketData, final List<FaultResult> faults, final RepeatFigures repeat)
    {
        final List<Check> checks = new ArrayList<>(RunChecks.of(label, run, slo, limits, marketData, faults));
        checks.addAll(RunChecks.caveats(label, outcome.idle(), outcome.meantToSpin(),
            outcome.result().compilerBusy()));
        checks.addAll(repeat.checks());
        return checks;
    }

    private static Map<String, RunReport.Stage> stages(final RunResult result, final List<String> names)
    {
        final Map<String, RunReport.Stage> stages = new LinkedHashMap<>();
        for (final String stage : names)
        {
            stages.put(stage, new RunReport.Stage(HistogramPercentiles.of(result.totals().get(stage + ".corrected")),
                HistogramPercentiles.of(result.totals().get(stage + ".uncorrected")),
                HistogramPercentiles.of(result.totals().get(stage + ".lateness"))));
        }
        return stages;
    }

    private static Map<String, Long> failureCounts(
        final RunResult result,
        final FixFailures failures,
        final MeasuredFixRun.Outcome<?> outcome,
        final Map<String, Long> faultOrders)
    {
        final Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("orderRejected", failures.orderRejects());
        counts.put("cancelRejected", failures.cancelRejects());
        counts.put("sessionReject", failures.sessionRejects());
        counts.put("businessReject", failures.businessRejects());
        counts.put("endedBySessionDown", failures.endedBySessionDown());
        counts.put("timedOut", result.measurement().timedOut() + result.warmup().timedOut());
        counts.put("unknownClOrdId", failures.unknownClOrdIds());
        counts.put("reportsAfterEnd", failures.reportsAfterEnd());
        counts.put("sendBackPressure", failures.sendBackPressure());
        counts.put("followUpsDropped", failures.followUpsDropped());
        counts.put("statusRequests", failures.statusRequests());
        counts.put("resolvedLate.open", failures.resolvedOpen());
        counts.put("resolvedLate.lostAcks", failures.lostAcknowledgements());
        counts.put("resolvedLate.notOpen", failures.resolvedNotOpen());
        counts.put("statusUnsupported", failures.statusUnsupported());
        counts.put("sessionNotActiveSkips", outcome.notActiveRefusals());
        counts.put(RunReport.DISCONNECTS, outcome.disconnects());
        outcome.disconnectReasons().forEach((reason, count) ->
            counts.put(RunReport.DISCONNECTS + "." + reason, count));
        counts.put("venueRejectsNotKept", failures.venueRejects().others());
        result.rejectReasons().forEach((code, count) -> counts.put("rejectedAs." + RejectReasons.name(code), count));
        counts.putAll(faultOrders);
        return counts;
    }
}
