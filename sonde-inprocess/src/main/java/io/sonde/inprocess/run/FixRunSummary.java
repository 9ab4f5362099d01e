package io.sonde.inprocess.run;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.sonde.api.Limits;
import io.sonde.fix.client.order.FixFailures;
import io.sonde.inprocess.fault.FaultJudgement;
import io.sonde.fix.client.order.RejectReasons;
import io.sonde.loadgen.idle.IdleShare;
import io.sonde.loadgen.result.RunMetadata;
import io.sonde.api.MeasuredSpan;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.result.RunSummary;
import io.sonde.api.Check;
import io.sonde.api.FaultResult;
import io.sonde.api.RunReport;
import io.sonde.api.MarketData;
import io.sonde.api.SloResult;
import io.sonde.api.VenueClockBounds;
import io.sonde.api.VenueReject;
import io.sonde.loadgen.result.HistogramPercentiles;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code summary.json} of {@code sonde run}: the run's own fields (a request is one order lifecycle),
 * then each lifecycle stage, the FIX failure taxonomy, the session health and the SLO verdicts.
 *
 * @param run      the usual run summary.
 * @param target   the acceptor driven.
 * @param flows    the flow mix.
 * @param sessions sessions used.
 * @param sequenceResets logons that reset both sides' sequence numbers (ResetSeqNumFlag) because the venue
 *                 refused the persisted ones; always 0 without {@code --persistent-sequences}, where every
 *                 logon resets by design.
 * @param stages   per stage: new-ack, new-fill, replace, cancel.
 * @param hops     the hops each NewOrderSingle's answer crossed, in path order, adding up to its latency.
 * @param venueClock what the answers told of the venue's clock, or null when no answer was split into hops.
 * @param failures counts per failure kind.
 * @param venueRejects each distinct reject text (58) and RefTagID (371) the venue sent, by kind, with its count:
 *                 what a profile is missing when a venue rejects orders.
 * @param fills    fill reports received (both sides of every trade with the run's own orders) and, of
 *                 those, fills of day orders that came after the acknowledgement ended their lifecycle.
 * @param exchange for an embedded run, the matching engine's own counts at the end (orders accepted,
 *                 trades, open orders), else null.
 * @param marketData order-to-tick and the feed's counts when the run read market data, else null.
 * @param warmupSeconds how long the warm-up lasted: {@code --warmup}, or longer while the JIT compiler worked.
 * @param idle     how Sonde's busy threads waited during the measured window: the share of it in each mode and
 *                 the switches between them.
 * @param compilerBusy the measured intervals during which this JVM's JIT compiler was busy.
 * @param faults   how the run went through each fault of its schedule (docs/faults.md); empty without faults.
 * @param slo      objectives and whether they were met.
 * @param checks   everything the run was judged on (the generator's own schedule, the rate, the error rate, each
 *                 objective) and how each went: what the exit code and the JUnit report say.
 */
public record FixRunSummary(
    @JsonUnwrapped RunSummary run,
    String target,
    String flows,
    int sessions,
    long sequenceResets,
    Map<String, RunReport.Stage> stages,
    List<RunReport.Hop> hops,
    VenueClockBounds venueClock,
    Map<String, Long> failures,
    List<VenueReject> venueRejects,
    Map<String, Long> fills,
    Map<String, Long> exchange,
    MarketData marketData,
    double warmupSeconds,
    IdleShare idle,
    List<MeasuredSpan> compilerBusy,
    List<FaultResult> faults,
    List<SloResult> slo,
    List<Check> checks)
{
    /**
     * The summary of a measured run: its percentiles and balance, the stages and hops its transport recorded, every
     * failure by kind, the objectives and the checks.
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
     */
    public static FixRunSummary of(
        final String kind,
        final MeasuredFixRun.Outcome<?> outcome,
        final TargetSystem system,
        final String flows,
        final int sessions,
        final List<String> stages,
        final VenueClockBounds venueClock,
        final Limits limits,
        final StepReporting reporting,
        final long startEpochMs)
    {
        final RunResult result = outcome.result();
        final FixFailures failures = outcome.transport().failures();
        final RunSummary run = RunSummary.of(kind, List.of(result),
            RunMetadata.capture(reporting.commandLine(), startEpochMs, outcome.layout()));
        final MarketData marketData = outcome.marketData() == null ? null : MarketDataFigures.of(
            system.marketDataSource(), outcome.marketData(), result.totals());
        final FaultJudgement faults = outcome.faults();
        final List<SloResult> slo = Objectives.evaluate(limits.slo(), run.corrected(),
            marketData == null ? null : marketData.orderToTick(), faults);
        return new FixRunSummary(run, system.target().toString(), flows, sessions, outcome.sequenceResets(),
            stages(result, stages), HopFigures.of(result.totals(), outcome.transport().hops(),
                outcome.transport().hopsByLatency()), venueClock,
            failureCounts(result, failures, outcome.notActiveRefusals(), outcome.disconnects(), faults.orders()),
            failures.venueRejects().entries().stream().map(reject -> new VenueReject(reject.kind(),
                reject.text(), reject.refTagId(), reject.count())).toList(), outcome.transport().reportCounts(),
            system.exchangeCounts(),
            marketData, result.warmupSeconds(), outcome.idle(), result.compilerBusy(), faults.faults(), slo,
            checks(reporting.checkLabel(), outcome, run, slo, limits, marketData, faults.faults()));
    }

    private static List<Check> checks(
        final String label, final MeasuredFixRun.Outcome<?> outcome, final RunSummary run, final List<SloResult> slo,
        final Limits limits, final MarketData marketData, final List<FaultResult> faults)
    {
        final List<Check> checks = new ArrayList<>(RunChecks.of(label, run, slo, limits, marketData, faults));
        checks.addAll(RunChecks.caveats(label, outcome.idle(), outcome.meantToSpin(),
            outcome.result().compilerBusy()));
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
        final long notActiveRefusals,
        final long disconnects,
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
        counts.put("sessionNotActiveSkips", notActiveRefusals);
        counts.put("disconnects", disconnects);
        counts.put("venueRejectsNotKept", failures.venueRejects().others());
        result.rejectReasons().forEach((code, count) -> counts.put("rejectedAs." + RejectReasons.name(code), count));
        counts.putAll(faultOrders);
        return counts;
    }
}
